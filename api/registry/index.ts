import type { Operation } from './defineOperation';
import { getHealth } from './system/getHealth';
import { getOpenApiDocument } from './system/getOpenApiDocument';
import { getReadiness } from './system/getReadiness';

/**
 * The operation registry: the single source of routes, validation, the OpenAPI document, the reference
 * page and the MCP tool list. Each area of operations lives in its own folder, one operation per file.
 */
export const operations: readonly Operation[] = [getHealth, getReadiness, getOpenApiDocument];

/** Finds an operation by its registry name (`create_leave_request`). */
export function findOperation(name: string): Operation | undefined {
  return operations.find((op) => op.name === name);
}
