import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';

export interface Answer {
  status: number;
  json: { data?: Record<string, unknown>; reason?: string; [key: string]: unknown } | undefined;
  text: string;
}

/**
 * The workload's HTTP client: calls whichever API process is up (round robin), and rides out the faults the harness
 * injects. A mutation carries one Idempotency-Key across its retries, so a request whose answer was lost with a
 * killed API is replayed, not made twice. Retried: no connection, a 5xx, 429, and the 409 of a first request with the
 * same key still in flight; anything else is the answer (`incompleteAnswer` tells the 409 of one whose answer was lost).
 */
export function chaosClient(liveApis: () => string[], opts: { deadlineMs?: number } = {}) {
  let turn = 0;
  const deadlineMs = opts.deadlineMs ?? 120_000;
  return async function call(token: string, method: 'GET' | 'POST', url: string, body?: object): Promise<Answer> {
    const key = method === 'POST' ? randomUUID() : undefined;
    const deadline = Date.now() + deadlineMs;
    let last = 'no API process up';
    for (;;) {
      const apis = liveApis();
      const base = apis[turn++ % Math.max(1, apis.length)];
      if (base) {
        try {
          const res = await fetch(`${base}${url}`, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              ...(key ? { 'idempotency-key': key } : {}),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
            signal: AbortSignal.timeout(30_000),
          });
          const text = await res.text();
          const json = text ? (JSON.parse(text) as Answer['json']) : undefined;
          // The key's first request still running, failed, or replaced by a retry: ask again. Its `incomplete`
          // (changes made, answer lost) is final, and the caller looks up what was made.
          const keyState = keyStateOf(json);
          const inFlight = res.status === 409 && keyState !== undefined && keyState !== 'incomplete';
          if (res.status < 500 && res.status !== 429 && !inFlight) return { status: res.status, json, text };
          last = `${res.status}: ${text.slice(0, 200)}`;
        } catch (error) {
          last = (error as Error).message;
        }
      }
      if (Date.now() > deadline) throw new Error(`${method} ${url}: gave up after ${deadlineMs} ms (last: ${last})`);
      await delay(250);
    }
  };
}

export type ChaosCall = ReturnType<typeof chaosClient>;

/** The 409 of a request that made its changes but whose answer was lost (a crash): the caller looks them up. */
export function incompleteAnswer(answer: Answer): boolean {
  return answer.status === 409 && keyStateOf(answer.json) === 'incomplete';
}

/**
 * What a 409 says of the Idempotency-Key: `error.details.idempotency` in the contract's envelope; the company API's
 * `{ error, reason }` has no details, so its reason says it (operations/idempotency.ts words them).
 */
function keyStateOf(json: Answer['json']): string | undefined {
  const error = json?.error as { details?: { idempotency?: string } } | string | undefined;
  if (typeof error === 'object') return error.details?.idempotency;
  const reason = typeof json?.reason === 'string' ? json.reason : '';
  if (!/Idempotency-Key/.test(reason)) return undefined;
  if (/made its changes/.test(reason)) return 'incomplete';
  if (/still in progress/.test(reason)) return 'in_progress';
  if (/failed; retry it/.test(reason)) return 'first_failed';
  if (/took it over/.test(reason)) return 'superseded';
  return undefined;
}
