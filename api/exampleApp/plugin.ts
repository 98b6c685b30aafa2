import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../operations/context';
import type { Operation } from '../../operations/defineOperation';
import { registerOperations } from '../routes';
import { createExampleSession } from './operations/createExampleSession';
import { getExampleAsset } from './operations/getExampleAsset';
import { getExamplePage } from './operations/getExamplePage';

/**
 * The example app's page, assets and demo backend: defined like registry operations (the same validation and
 * answers) but not part of the registry, the contract or the MCP tools, and routed only where the example app is on
 * (`svc-hr start`, or SVC_HR_EXAMPLE_APP): elsewhere /example/ does not exist.
 */
export const exampleOperations: readonly Operation[] = [getExamplePage, getExampleAsset, createExampleSession];

export function registerExampleApp(app: FastifyInstance, deps: AppDeps, openapi: Record<string, unknown>): void {
  if (deps.config.exampleApp !== true) return;
  registerOperations(app, exampleOperations, deps, openapi);
}
