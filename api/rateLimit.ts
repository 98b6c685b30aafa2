import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/env';
import { AppError } from '../engines/appError';
import { errorBodyOf } from './errors';
import { memoryCounters, redisCounters, type RateCount, type RateCounters } from './rateCounters';
import { getHealth } from '../operations/system/getHealth';
import { getOpenApiDocument } from '../operations/system/getOpenApiDocument';
import { getReadiness } from '../operations/system/getReadiness';
import { faviconPaths } from './favicon';

const WINDOW_MS = 60_000;

/** Where the reference page is mounted (api/reference.ts): its HTML and bundled assets. */
const REFERENCE_PREFIX = '/api/v1/reference';

/**
 * Routes that load balancers, orchestrators and documentation viewers poll: throttling them would take a
 * healthy process out of rotation, and they reveal nothing a brute force could use.
 */
const exemptRoutes = new Set<string>([getHealth.path, getReadiness.path, getOpenApiDocument.path, ...faviconPaths]);

const isPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' &&
  request.headers.origin !== undefined &&
  request.headers['access-control-request-method'] !== undefined;

/** The budget of a client address: requests without a token, and requests whose token failed authentication. */
function addressKey(ip: string): string {
  return `ip:${normalizeIP(ip)}`;
}

/**
 * The identity a request is counted under: `token:<SHA-256 of the credential>` when it carries an
 * Authorization header, else `ip:<client address>` (IPv6 grouped by /64, like the plugin's default).
 * The credential is hashed because the key is stored in Redis, which must never hold a secret. Whether the
 * token is valid does not matter: counting happens before authentication, so guessing tokens is limited too.
 */
export function rateLimitKey(authorization: string | undefined, ip: string): string {
  const header = authorization?.trim() ?? '';
  if (header === '') return addressKey(ip);
  // `Bearer abc` and `bearer  abc` are one token; another scheme is hashed whole, scheme included.
  const credential = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? header;
  return `token:${createHash('sha256').update(credential).digest('base64url')}`;
}

/**
 * Exemption by the route the request matched, not by its raw URL: a crafted path cannot borrow an
 * exemption, and unknown paths (404) are counted like any other request.
 *
 * CORS preflights (OPTIONS with Origin and Access-Control-Request-Method, api/cors.ts) are exempt whatever their
 * path: a browser sends one without the token before a page's cross-origin calls, so counting it would spend the
 * budget of the page's address (the one requests without a token share) on calls the token pays for already. No
 * operation answers OPTIONS, so an exempt request runs nothing: 204 from an allowed origin, else the path's 404/405.
 */
function isExempt(request: FastifyRequest): boolean {
  if (isPreflight(request)) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  return exemptRoutes.has(route) || route === REFERENCE_PREFIX || route.startsWith(`${REFERENCE_PREFIX}/`);
}

/**
 * How a route spends the budget (its `rateLimitStyle` config): `request`, the default, one request on arrival;
 * `messages`, the MCP endpoint, whose handler spends once it has read the POST's JSON-RPC messages
 * (spendMcpMessages): a tool call is a request, the protocol's own messages are not; `protocol`, a request of the MCP
 * transport that runs no tool (a GET or DELETE of the endpoint, answered 405), which spends the protocol budget on
 * arrival.
 */
export type RateLimitStyle = 'request' | 'messages' | 'protocol';

/**
 * The MCP protocol's own messages (initialize, notifications, ping, tools/list, the transport's GET and DELETE) are
 * not requests of the contract's budget: a client such as the MCP Inspector sends three or four of them around every
 * tool call. They spend a budget of their own, this many times the request budget, so a flood of them is still
 * bounded.
 */
export const PROTOCOL_BUDGET_FACTOR = 10;

/** The budget a request was counted under on arrival; absent for exempt requests and while Redis is away. */
interface CountedRequest {
  counters: RateCounters;
  max: number;
  key: string;
  /** The remaining budget its answer's headers show. */
  remaining: number;
  /** True while an MCP POST waits for its handler to spend what its messages cost (spendMcpMessages). */
  deferred?: boolean;
}

const counted = new WeakMap<FastifyRequest, CountedRequest>();

/**
 * A spend, or undefined when the counters do not answer (Redis away): the request is then served without a limit
 * (fail open). Not a hidden failure: the Redis client logs the outage once (connectRedis).
 */
async function trySpend(counters: RateCounters, key: string, cost: number, within?: number) {
  return counters.spend(key, cost, within).catch(() => undefined);
}

const seconds = (ms: number) => Math.ceil(ms / 1000);

function showBudget(reply: FastifyReply, entry: CountedRequest, remaining: number, resetMs: number): void {
  entry.remaining = Math.max(0, remaining);
  reply.header('X-RateLimit-Limit', entry.max);
  reply.header('X-RateLimit-Remaining', entry.remaining);
  reply.header('X-RateLimit-Reset', seconds(resetMs));
}

/** The 429 of an exhausted budget: its headers set, the error to throw (or to render, after the handler ran). */
function refusal(
  reply: FastifyReply,
  entry: CountedRequest,
  count: RateCount,
  message: (retryAfter: number) => string,
): AppError {
  showBudget(reply, entry, entry.max - count.count, count.resetMs);
  const retryAfter = Math.max(1, seconds(count.resetMs));
  reply.header('Retry-After', retryAfter);
  return new AppError('rate_limited', message(retryAfter));
}

/** Where a token's protocol messages are counted: beside its request budget, under a key of their own. */
const protocolKey = (key: string) => `protocol:${key}`;

const protocolExhausted = (max: number) => (retryAfter: number) =>
  `More than ${max} MCP protocol messages (initialize, ping, tools/list, notifications) per minute for this token; ` +
  `retry in ${retryAfter} s`;

/**
 * Spends `cost` protocol messages of `entry`'s token, within its protocol budget, or throws 429 `rate_limited`
 * showing that budget. Then shows the token's request budget, unspent (a spend of nothing reads it).
 */
async function spendProtocol(reply: FastifyReply, entry: CountedRequest, cost: number): Promise<void> {
  const max = entry.max * PROTOCOL_BUDGET_FACTOR;
  const count = await trySpend(entry.counters, protocolKey(entry.key), cost, max);
  if (count && !count.spent) throw refusal(reply, { ...entry, max }, count, protocolExhausted(max));
  const budget = await trySpend(entry.counters, entry.key, 0);
  showBudget(reply, entry, budget ? entry.max - budget.count : entry.max, budget?.resetMs ?? 0);
}

const exhausted = (max: number, key: string) => (retryAfter: number) =>
  key.startsWith('ip:')
    ? `More than ${max} requests per minute without a valid token from this address; retry in ${retryAfter} s`
    : `More than ${max} requests per minute for this token; retry in ${retryAfter} s`;

/**
 * The request rate limit of the contract: `rateLimit.perMinute` requests per token per minute (fixed
 * window, starting with the token's first request), counted in one budget for every route of the app, REST
 * and MCP alike, because it runs as a root `onRequest` hook rather than per route. On MCP a tool call is a
 * request; the protocol's own messages spend a budget of their own (RateLimitStyle, PROTOCOL_BUDGET_FACTOR). Every counted response
 * carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (seconds until the window resets);
 * a 429 also carries Retry-After (seconds) and the `rate_limited` error envelope.
 *
 * A request whose token fails authentication (a 401) also spends the budget of its client address, the one
 * requests without a token spend: a new random token on each request is limited too, while a valid token is
 * never limited by its address. Once that budget is spent, such a request answers 429 instead of 401.
 *
 * With `redisUrl` the counters live in Redis, so every API process on that Redis shares one budget; without
 * it each process counts in memory. When Redis does not answer, requests are served without a limit (fail
 * open) and a warning is logged: the HR API staying available matters more than the limit during a blip.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<Config, 'rateLimit' | 'redisUrl'>,
): Promise<void> {
  const max = config.rateLimit.perMinute;
  const counters = config.redisUrl
    ? redisCounters(await connectRedis(app, config.redisUrl), config.rateLimit.redisKeyPrefix, WINDOW_MS)
    : memoryCounters(WINDOW_MS);

  // One root hook rather than per route: 404s are counted too, and routes registered later (MCP, plugins)
  // cannot escape the budget.
  app.addHook('onRequest', async (request, reply) => {
    if (isExempt(request)) return;
    const key = rateLimitKey(request.headers.authorization, request.ip);
    const entry: CountedRequest = { counters, max, key, remaining: max };
    // Without a token the MCP endpoint answers 401 whatever the body holds: such a request is counted as any other.
    const style = key.startsWith('ip:') ? 'request' : (request.routeOptions.config.rateLimitStyle ?? 'request');
    if (style === 'messages') {
      counted.set(request, { ...entry, deferred: true });
      return;
    }
    if (style === 'protocol') {
      counted.set(request, entry);
      return spendProtocol(reply, entry, 1);
    }
    const count = await trySpend(counters, key, 1);
    if (!count) {
      showBudget(reply, entry, max, 0);
      return;
    }
    counted.set(request, entry);
    if (count.count > max) throw refusal(reply, entry, count, exhausted(max, key));
    showBudget(reply, entry, max - count.count, count.resetMs);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = counted.get(request);
    if (entry?.deferred) {
      // An MCP POST answered before its messages were read (a refused origin, version or token) is one request.
      entry.deferred = false;
      const count = await trySpend(entry.counters, entry.key, 1);
      if (count) showBudget(reply, entry, max - count.count, count.resetMs);
    }
    // Requests without a token were counted by address on arrival already.
    if (reply.statusCode !== 401 || !entry || entry.key.startsWith('ip:')) return payload;
    const key = addressKey(request.ip);
    const count = await trySpend(counters, key, 1);
    if (!count) return payload;
    if (count.count <= max) {
      // The answer shows whichever budget is closer to its end.
      if (max - count.count < entry.remaining) showBudget(reply, entry, max - count.count, count.resetMs);
      return payload;
    }
    // The handler only failed to authenticate: nothing was done that this answer would hide.
    const err = refusal(reply, entry, count, exhausted(max, key));
    reply.removeHeader('WWW-Authenticate');
    reply.code(err.status).type('application/json; charset=utf-8');
    return JSON.stringify(errorBodyOf(request, err));
  });
}

/**
 * Spends what an MCP POST's messages cost, once its handler has read them: each tool call is one request of the
 * token's budget, as a REST request is; the other messages (`protocol`) spend the protocol budget. A POST whose
 * calls do not fit answers 429 `rate_limited` (with Retry-After) as a whole, before any of its messages runs: a
 * single call once the budget is spent, as any request; a batch of calls when it holds more than what is left, the
 * POST itself then counting as one request and its calls as nothing.
 */
export async function spendMcpMessages(
  request: FastifyRequest,
  reply: FastifyReply,
  cost: { calls: number; protocol: number },
): Promise<void> {
  const entry = counted.get(request);
  if (!entry?.deferred) return;
  entry.deferred = false;
  if (cost.calls === 0) return spendProtocol(reply, entry, cost.protocol);
  if (cost.protocol > 0) await spendProtocol(reply, entry, cost.protocol);
  const count = await trySpend(entry.counters, entry.key, 1);
  if (!count) return;
  if (count.count > entry.max) throw refusal(reply, entry, count, exhausted(entry.max, entry.key));
  showBudget(reply, entry, entry.max - count.count, count.resetMs);
  if (cost.calls > 1) await spendBatch(reply, entry, cost.calls);
}

/**
 * Spends the rest of a batch of `size` tool calls, whose first was counted already: a batch costs one request per
 * call. A batch that does not fit the budget left throws 429 `rate_limited` as a whole and spends nothing more.
 */
async function spendBatch(reply: FastifyReply, entry: CountedRequest, size: number): Promise<void> {
  const count = await trySpend(entry.counters, entry.key, size - 1, entry.max);
  if (!count) return;
  if (!count.spent) {
    const left = Math.max(0, entry.max - count.count + 1);
    throw refusal(reply, entry, count, (retryAfter) =>
      size > entry.max
        ? `The batch holds ${size} tool calls, more than the ${entry.max} requests a minute allows; send smaller batches`
        : `The batch holds ${size} tool calls, more than the ${left} requests left this minute for this token; ` +
          `retry in ${retryAfter} s`,
    );
  }
  showBudget(reply, entry, entry.max - count.count, count.resetMs);
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
