import os from 'node:os';
import type { AddressInfo } from 'node:net';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import type { Operation } from '../operations/defineOperation';

/**
 * Request headers a browser script may send besides the CORS-safelisted ones: the bearer credential, a JSON body,
 * the contract's Idempotency-Key, x-tenant-id and a caller's X-Request-Id, the MCP transport's version header, and
 * whatever headers an operation of the registry reads (Last-Event-ID, Range, If-None-Match...), added in
 * registerCors.
 */
const requestHeaders = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'X-Tenant-Id',
  'X-Request-Id',
  'Mcp-Protocol-Version',
];

/**
 * Response headers a script may read besides the safelisted ones (Content-Type, Content-Length, Cache-Control...):
 * the headers of every answer (DESIGN.md 6) and those of downloads, replays, 401 and 405.
 */
const exposedHeaders = [
  'X-Request-Id',
  'X-Audit-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Idempotent-Replayed',
  'ETag',
  'Content-Disposition',
  'Content-Range',
  'Accept-Ranges',
  'WWW-Authenticate',
  'Allow',
];

/** How long a browser may reuse a preflight's answer (Chromium caps it at 2 h, Firefox at 24 h). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

const isLoopback = (address: string) => address === '::1' || /^127\./.test(address);

/**
 * The origins a browser reaches this server at directly: each address it listens on with its port (an unspecified
 * address stands for every interface address, as Fastify prints them), and `localhost` beside a loopback address.
 * Plain http: the server itself does not speak TLS; behind a TLS proxy the public origin is PUBLIC_BASE_URL's.
 */
export function listenOrigins(addresses: readonly AddressInfo[]): Set<string> {
  const origins = new Set<string>();
  for (const { address, port } of addresses) {
    const ips =
      address === '0.0.0.0' || address === '::'
        ? Object.values(os.networkInterfaces())
            .flatMap((list) => list ?? [])
            .filter((iface) => address === '::' || iface.family === 'IPv4')
            .map((iface) => iface.address)
        : [address];
    for (const ip of ips) {
      // A link-local IPv6 address with its zone (fe80::1%eth0) is not a host a browser puts in an origin.
      if (ip.includes('%')) continue;
      origins.add(`http://${ip.includes(':') ? `[${ip}]` : ip}:${port}`);
      if (isLoopback(ip)) origins.add(`http://localhost:${port}`);
    }
  }
  return origins;
}

/**
 * CORS for the API (issue 24): scripts on `config.corsOrigins` and on the server's own origins may call every
 * route, REST, company API and MCP alike, with a bearer token. The reference page needs it: its "Try it" sends to
 * the OpenAPI document's server, PUBLIC_BASE_URL, which is another origin than the page's when the page was opened
 * at http://127.0.0.1:PORT and PUBLIC_BASE_URL names localhost, a LAN name or a public one.
 *
 * The server's own origins are always allowed: a page there is one this server served (its reference, the example
 * app), so allowing it lets nothing new read the API. They are known once the server listens (port 0 in tests);
 * requests before that, and app.inject() without listening, see only the configured list.
 *
 * Requests carry bearer tokens only, never cookies, so `credentials` is false: a browser then sends no cookie or
 * client certificate with a cross-origin call, and a page can use only a token it already holds. Preflights
 * (OPTIONS with Access-Control-Request-Method) are answered 204 in the onRequest hook, before the rate limit, which
 * does not count them either (api/rateLimit.ts); from an origin not allowed a preflight gets no CORS headers and
 * falls through to the 404/405 of the path, so the browser refuses the call. Registered before the rate limit, so a
 * 429 carries Access-Control-Allow-Origin and a script can read its Retry-After.
 */
export async function registerCors(
  app: FastifyInstance,
  config: Pick<Config, 'corsOrigins'>,
  operations: readonly Operation[],
): Promise<void> {
  const configured = new Set(config.corsOrigins);
  let own: Set<string> | undefined;
  const ownOrigins = () => {
    if (own) return own;
    // A unix socket's path is no origin.
    const addresses = app.addresses().filter((address): address is AddressInfo => typeof address !== 'string');
    if (addresses.length === 0) return new Set<string>();
    own = listenOrigins(addresses);
    return own;
  };
  const operationHeaders = operations.flatMap((op) => Object.keys(op.input.headers?.shape ?? {}));
  const allowedHeaders = [...new Set([...requestHeaders, ...operationHeaders].map((name) => name.toLowerCase()))];

  await app.register(fastifyCors, {
    // Requests without Origin (servers, curl, same-origin GETs) get no CORS headers; they need none.
    origin: (origin, callback) =>
      callback(null, origin !== undefined && (configured.has(origin) || ownOrigins().has(origin))),
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders,
    exposedHeaders,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    // An OPTIONS from an allowed origin without Access-Control-Request-Method is answered like a preflight (204)
    // rather than with the plugin's text/plain 400, which is not the API's error envelope.
    strictPreflight: false,
    logLevel: 'warn',
  });
}
