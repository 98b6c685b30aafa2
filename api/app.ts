import Fastify, { type FastifyInstance } from 'fastify';
import { registerMcpEndpoint } from '../mcp/inbound/route';
import { version } from '../package.json';
import { loadAuditSigningKey } from '../engines/audit/signingKey';
import type { AppDeps, AppDepsInput } from './context';
import { registerErrorHandling } from './errors';
import { buildOpenApiDocument } from './openapi';
import { registerRateLimit } from './rateLimit';
import { registerReference } from './reference';
import { OneLineRequestLog } from './requestLog';
import { operations as registryOperations } from './registry';
import type { Operation } from './registry/defineOperation';
import { requestIdOf } from './requestId';
import { registerOperations } from './routes';

/**
 * Builds the Fastify app without listening: the CLI listens, tests call `app.inject()`.
 * Every route comes from the operation registry.
 */
export async function buildApp(
  input: AppDepsInput,
  operations: readonly Operation[] = registryOperations,
): Promise<FastifyInstance> {
  const deps: AppDeps = {
    ...input,
    auditKey:
      input.auditKey ?? loadAuditSigningKey({ pem: input.config.audit.signingKeyPem, dataDir: input.config.dataDir }),
  };
  const app = Fastify({
    logger: deps.logger === false ? false : { level: deps.config.logLevel },
    logController: new OneLineRequestLog(),
    genReqId: requestIdOf,
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  await registerRateLimit(app, deps.config);

  const openapi = buildOpenApiDocument(operations, { serverUrl: deps.config.publicBaseUrl, version });
  registerErrorHandling(app, operations);
  registerOperations(app, operations, deps, openapi);
  registerMcpEndpoint(app, deps, operations, openapi);
  await registerReference(app, openapi);
  return app;
}
