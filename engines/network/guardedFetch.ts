import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { checkHostLiteral, guardedLookup, systemResolve, type OutboundPolicy, type Resolve } from './outboundAddress';

/** The `fetch` shape the MCP SDK's transports take (its `FetchLike`). */
export type GuardedFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

function bodyOf(body: RequestInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), 'utf8');
  throw new TypeError('The outbound fetch sends string and byte bodies only');
}

function responseHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header value fetch would not accept either: drop it rather than fail the whole answer.
    }
  }
  return headers;
}

const bodiless = new Set([101, 204, 205, 304]);

/** A redirect answered to a request that asked (`redirect: 'error'`) not to get one. */
export class RedirectRefusedError extends TypeError {
  constructor(readonly status: number) {
    super(`The server answered a redirect (HTTP ${status}), which svc-hr does not follow`);
    this.name = 'RedirectRefusedError';
  }
}

/**
 * A `fetch` for outbound calls that connects only where the outbound policy allows (outboundAddress.ts): an IP
 * literal is judged before connecting, a name at the moment of connecting on what it resolves to, and the socket
 * goes to exactly the address that was judged. The platform's `fetch` resolves names itself, out of reach of such
 * a check, which is why the MCP client is given this one. Redirects are never followed: a 3xx is answered as it
 * came (the caller decides), or rejected when `redirect: 'error'` asks so. The answer streams, so server-sent events
 * work as with the platform's fetch.
 */
export function createGuardedFetch(policy: OutboundPolicy, resolve: Resolve = systemResolve): GuardedFetch {
  const lookup = guardedLookup(policy, resolve);
  return (input, init = {}) =>
    new Promise<Response>((resolveResponse, reject) => {
      const url = new URL(typeof input === 'string' ? input : input.href);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        reject(new TypeError(`The outbound fetch does not fetch ${url.protocol} URLs`));
        return;
      }
      const { signal } = init;
      let body: Buffer | undefined;
      try {
        checkHostLiteral(url.hostname, policy);
        body = bodyOf(init.body);
        if (signal?.aborted) throw signal.reason;
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      if (body) headers['content-length'] = String(body.length);
      const method = (init.method ?? 'GET').toUpperCase();
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        { method, headers, lookup, agent: false },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400 && init.redirect === 'error') {
            res.destroy();
            reject(new RedirectRefusedError(status));
            return;
          }
          const noBody = bodiless.has(status) || method === 'HEAD';
          if (noBody) res.resume();
          try {
            const stream = noBody ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
            resolveResponse(new Response(stream, { status, headers: responseHeaders(res.rawHeaders) }));
          } catch (error) {
            res.destroy();
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
      );
      const onAbort = () => {
        const reason: unknown = signal?.reason;
        request.destroy(reason instanceof Error ? reason : new Error('The request was aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      request.on('close', () => signal?.removeEventListener('abort', onAbort));
      request.on('error', reject);
      request.end(body);
    });
}
