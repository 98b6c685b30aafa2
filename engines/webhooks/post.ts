import http from 'node:http';
import https from 'node:https';
import { isPrivateAddress, PrivateAddressError, publicOnlyLookup } from '../network/privateAddress';

/** What one HTTP attempt gave: the status when the endpoint answered, else the error. */
export interface PostResult {
  statusCode?: number;
  error?: string;
  latencyMs: number;
}

/** At most this much of an answer is read (and then dropped): receivers should answer fast and short. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs `body` to `url` once, without following redirects (a redirect is an answer the integrator must fix). Unless
 * `allowPrivateNetwork`, the connection may only reach public addresses, checked when connecting
 * (privateAddress.ts), so a name re-pointed inside the network after the webhook was created is refused too.
 * Never throws: a refused connection, a timeout or a private address come back as `error`.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivateNetwork: boolean },
): Promise<PostResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ error: 'invalid URL', latencyMs: 0 });
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivateNetwork && /^[\d.]+$|:/.test(host) && isPrivateAddress(host)) {
      resolve({ error: new PrivateAddressError(host, host).message, latencyMs: 0 });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: opts.timeoutMs,
        ...(opts.allowPrivateNetwork ? {} : { lookup: publicOnlyLookup }),
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => resolve({ statusCode: response.statusCode ?? 0, latencyMs: latency() });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    request.on('error', (error) => resolve({ error: error.message || String(error), latencyMs: latency() }));
    request.end(body);
  });
}
