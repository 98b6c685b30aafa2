import { createHash } from 'node:crypto';
import { fastifyRateLimit, normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/env';
import { AppError } from '../engines/appError';
import { getHealth } from './registry/system/getHealth';
import { getOpenApiDocument } from './registry/system/getOpenApiDocument';
import { getReadiness } from './registry/system/getReadiness';

const WINDOW_MS = 60_000;

/** Where the reference page is mounted (api/reference.ts): its HTML and bundled assets. */
const REFERENCE_PREFIX = '/api/v1/reference';

/**
 * Routes that load balancers, orchestrators and documentation viewers poll: throttling them would take a
 * healthy process out of rotation, and they reveal nothing a brute force could use.
 */
const exemptRoutes = new Set([getHealth.path, getReadiness.path, getOpenApiDocument.path]);

/**
 * The identity a request is counted under: `token:<SHA-256 of the credential>` when it carries an
 * Authorization header, else `ip:<client address>` (IPv6 grouped by /64, like the plugin's default).
 * The credential is hashed because the key is stored in Redis, which must never hold a secret. Whether the
 * token is valid does not matter: counting happens before authentication, so guessing tokens is limited too.
 */
export function rateLimitKey(authorization: string | undefined, ip: string): string {
  const header = authorization?.trim() ?? '';
  if (header === '') return `ip:${normalizeIP(ip)}`;
  // `Bearer abc` and `bearer  abc` are one token; another scheme is hashed whole, scheme included.
  const credential = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? header;
  return `token:${createHash('sha256').update(credential).digest('base64url')}`;
}

/**
 * Exemption by the route the request matched, not by its raw URL: a crafted path cannot borrow an
 * exemption, and unknown paths (404) are counted like any other request.
 */
function isExempt(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  return exemptRoutes.has(route) || route === REFERENCE_PREFIX || route.startsWith(`${REFERENCE_PREFIX}/`);
}

/**
 * The request rate limit of the contract: `rateLimit.perMinute` requests per token per minute (fixed
 * window, starting with the token's first request), counted in one budget for every route of the app, REST
 * and MCP alike, because it runs as a root `onRequest` hook rather than per route. Every counted response
 * carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (seconds until the window resets);
 * a 429 also carries Retry-After (seconds) and the `rate_limited` error envelope.
 *
 * With `redisUrl` the counters live in Redis, so every API process on that Redis shares one budget; without
 * it each process counts in memory. When Redis does not answer, requests are served without a limit (fail
 * open) and a warning is logged: the HR API staying available matters more than the limit during a blip.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<Config, 'rateLimit' | 'redisUrl'>,
): Promise<void> {
  const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : undefined;
  await app.register(fastifyRateLimit, {
    // Added below as one root hook instead of per route: 404s are counted too, and routes registered later
    // (MCP, plugins) cannot escape the budget.
    global: false,
    max: config.rateLimit.perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => rateLimitKey(request.headers.authorization, request.ip),
    allowList: isExempt,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        `More than ${context.max} requests per minute for this token; retry in ${context.after}`,
      ),
    skipOnError: true,
    ...(redis ? { redis, nameSpace: config.rateLimit.redisKeyPrefix } : {}),
  });
  app.addHook('onRequest', app.rateLimit());
}

/**
 * A Redis client that fails fast instead of queueing: while Redis is away a command is refused at once
 * (no offline queue) or abandoned after `commandTimeout`, so a request waits at most that long before it is
 * served unlimited. Closed with the app, so processes and test runs exit cleanly.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 500,
  });
  // ioredis reports every failed reconnection attempt; one warning per outage is enough. The URL is not
  // logged: it may hold a password.
  let answering = true;
  redis.on('error', (err: Error) => {
    if (!answering) return;
    answering = false;
    app.log.warn({ err: err.message }, 'rate limit: Redis does not answer; serving requests without a limit');
  });
  redis.on('ready', () => {
    if (answering) return;
    answering = true;
    app.log.warn('rate limit: Redis answers again; limits apply');
  });
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  });
  // A failed first connection was logged by the 'error' listener above, and ioredis keeps reconnecting in
  // the background: a Redis that is down at start delays the limits, not the API.
  await redis.connect().catch(() => undefined);
  return redis;
}
