import http from 'node:http';
import https from 'node:https';
import { checkHostLiteral, guardedLookup, type OutboundPolicy } from '../network/outboundAddress';

/** What one HTTP attempt gave: the status when the endpoint answered, else the error. */
export interface PostResult {
  statusCode?: number;
  error?: string;
  latencyMs: number;
}

/** At most this much of an answer is read (and then dropped): receivers should answer fast and short. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs `body` to `url` once, without following redirects (a redirect is an answer the integrator must fix). The
 * connection may only reach what the outbound policy allows (network/outboundAddress.ts: never metadata, link-local,
 * unspecified, multicast or broadcast addresses; private ones only where `allowPrivateNetwork`), judged when
 * connecting, so a name re-pointed after the webhook was created is refused too. The answer's body is read and
 * dropped, never kept. Never throws: a refused connection, a timeout or a refused address come back as `error`.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number } & OutboundPolicy,
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
    const policy: OutboundPolicy = { allowPrivateNetwork: opts.allowPrivateNetwork };
    try {
      // Node never calls `lookup` for an IP literal: judge it here.
      checkHostLiteral(target.hostname, policy);
    } catch (error) {
      resolve({ error: (error as Error).message, latencyMs: 0 });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: opts.timeoutMs,
        lookup: guardedLookup(policy),
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
