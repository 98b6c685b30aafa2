import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerMcpEndpoint } from './mcpRoute';
import { version } from '../package.json';
import { startAuditSequencer } from '../engines/audit/sequencer';
import { loadAuditSigningKey } from '../engines/audit/signingKey';
import { fastifyTrustProxy } from '../config/trustProxy';
import { createDefaultFeed } from '../engines/agent/runEventFeed';
import { notificationChannel } from '../engines/notifications/writeNotifications';
import type { AppDeps, AppDepsInput } from '../operations/context';
import { answerFrameworkError, MAX_PARAM_LENGTH, registerErrorHandling } from './errors';
import { registerJsonBodyParser } from './jsonBody';
import { buildOpenApiDocument } from './openapi';
import { registerCors } from './cors';
import { registerRateLimit } from './rateLimit';
import { registerReference } from './reference';
import { registerFavicon } from './favicon';
import { OneLineRequestLog } from './requestLog';
import { operations as registryOperations } from '../operations';
import type { Operation } from '../operations/defineOperation';
import { requestIdOf } from './requestId';
import { registerExampleApp } from './exampleApp/plugin';
import { registerOperations } from './routes';

/**
 * Builds the Fastify app without listening: the CLI listens, tests call `app.inject()`.
 * Every route comes from the operation registry.
 */
export async function buildApp(
  input: AppDepsInput,
  operations: readonly Operation[] = registryOperations,
): Promise<FastifyInstance> {
  const { config } = input;
  const auditKey =
    input.auditKey ??
    loadAuditSigningKey({
      pem: config.audit.signingKeyPem,
      retiredPublicKeysPem: config.audit.retiredPublicKeysPem,
      dataDir: config.dataDir,
    });
  const app = Fastify({
    logger:
      input.logger === false
        ? false
        : { level: config.logLevel, ...(input.logStream ? { stream: input.logStream } : {}) },
    logController: new OneLineRequestLog(),
    genReqId: requestIdOf,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
  });
  const deps: AppDeps = {
    ...input,
    auditKey,
    auditSequencer:
      input.auditSequencer ??
      startAuditSequencer({
        prisma: input.prisma,
        key: auditKey,
        checkpointEvery: config.audit.checkpointEvery,
        log: app.log,
      }),
  };
  // A sequencer made here is stopped here; it chains what this app appended before the database goes away.
  if (!input.auditSequencer) app.addHook('onClose', () => deps.auditSequencer.stop());
  if (!input.runEvents) {
    const feed = createDefaultFeed(config.database.url, app.log);
    deps.runEvents = feed;
    app.addHook('onClose', () => feed.close());
  }
  if (!input.notificationEvents) {
    const feed = createDefaultFeed(config.database.url, app.log, notificationChannel);
    deps.notificationEvents = feed;
    app.addHook('onClose', () => feed.close());
  }
  // Before the server stops taking requests: open event streams end (their clients resume with Last-Event-ID,
  // elsewhere or after the restart) instead of holding the close until they time out.
  const closing = new AbortController();
  deps.closing = closing.signal;
  app.addHook('preClose', async () => closing.abort());

  try {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('X-Request-Id', request.id);
    });
    // Before the rate limit: preflights are answered without spending it, and a 429 still tells an allowed page why.
    await registerCors(app, deps.config, operations);
    await registerRateLimit(app, deps.config);
    registerJsonBodyParser(app);

    const openapi = buildOpenApiDocument(operations, {
      serverUrl: deps.config.openApiServerUrl ?? deps.config.publicBaseUrl,
      version,
    });
    registerErrorHandling(app, operations);
    // Before the routes: the plugin wraps every route registered after it, and routes upgrade requests through
    // Fastify's pipeline, so the connector socket is a registry operation like any other (api/socketRoutes.ts).
    await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 * 1024 } });
    registerOperations(app, operations, deps, openapi);
    registerExampleApp(app, deps, openapi);
    registerMcpEndpoint(app, deps, operations, openapi);
    await registerReference(app, openapi);
    registerFavicon(app);
    return app;
  } catch (error) {
    // The caller never gets the app to close: its sequencer would sweep on for the life of the process.
    if (!input.auditSequencer) await deps.auditSequencer.stop();
    throw error;
  }
}
