import { exchangeAgentToken } from './agent/exchangeAgentToken';
import { listPeople } from './company/listPeople';
import type { Operation } from './defineOperation';
import { createPersonalAccessToken } from './identity/createPersonalAccessToken';
import { getMe } from './identity/getMe';
import { listPersonalAccessTokens } from './identity/listPersonalAccessTokens';
import { revokePersonalAccessToken } from './identity/revokePersonalAccessToken';
import { getHealth } from './system/getHealth';
import { getMcpResourceMetadata } from './system/getMcpResourceMetadata';
import { getOpenApiDocument } from './system/getOpenApiDocument';
import { getReadiness } from './system/getReadiness';

/**
 * The operation registry: the single source of routes, validation, the OpenAPI document, the reference
 * page and the MCP tool list. Each area of operations lives in its own folder, one operation per file.
 */
export const operations: readonly Operation[] = [
  // System
  getHealth,
  getReadiness,
  getOpenApiDocument,
  getMcpResourceMetadata,
  // Identity
  getMe,
  createPersonalAccessToken,
  listPersonalAccessTokens,
  revokePersonalAccessToken,
  // Agent
  exchangeAgentToken,
  // Company API
  listPeople,
];

/** Finds an operation by its registry name (`create_leave_request`). */
export function findOperation(name: string): Operation | undefined {
  return operations.find((op) => op.name === name);
}
