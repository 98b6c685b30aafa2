import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, and what it made of it. */
export interface ReceivedRequest {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** What the receiver answered. */
  status: number;
  /** Which of the receiver's secrets verified it (indexes into `secrets`), by the standardwebhooks package. */
  verifiedBy: number[];
  /** The verification error of the first secret, when none verified. */
  error?: string;
}

/**
 * A webhook receiver as an integrator would write it: a real HTTP server that verifies every message with the
 * `standardwebhooks` package (never our own signing code), refuses bad signatures and stale or future timestamps
 * (400), and processes each webhook-id once: a replay of a message it already processed is answered 200 (so the
 * sender stops) but not processed again. `down` answers the next requests with a failure status first.
 */
export interface TestReceiver {
  url: string;
  port: number;
  /** Secrets to verify with; a message is accepted when any verifies it. */
  secrets: string[];
  requests: ReceivedRequest[];
  /** Processed messages: webhook-id → parsed body, once each. */
  processed: Map<string, { type: string; timestamp: string; data: Record<string, unknown> }>;
  duplicates: number;
  /** Answer the next `count` requests with `status` (503, 410...) before processing again. */
  down(count: number, status?: number): void;
  /** Resends a request exactly as it came (a replay); answers the status. */
  replay(request: ReceivedRequest, headers?: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<TestReceiver> {
  let failures: Array<number> = [];
  const receiver: Omit<TestReceiver, 'url' | 'port' | 'close'> & { url?: string } = {
    secrets: [],
    requests: [],
    processed: new Map(),
    duplicates: 0,
    down(count, status = 503) {
      failures = Array.from({ length: count }, () => status);
    },
    replay: async (request, headers = {}) => {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': request.id,
          'webhook-timestamp': request.timestamp,
          'webhook-signature': request.signature,
          ...headers,
        },
        body: request.body,
      });
      return res.status;
    },
  };

  const handle = (
    req: http.IncomingMessage,
    body: string,
  ): { status: number; verifiedBy: number[]; error?: string } => {
    const failure = failures.shift();
    if (failure !== undefined) return { status: failure, verifiedBy: [] };
    const verifiedBy: number[] = [];
    let error: string | undefined;
    receiver.secrets.forEach((secret, index) => {
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verifiedBy.push(index);
      } catch (e) {
        error ??= (e as Error).message;
      }
    });
    if (verifiedBy.length === 0) return { status: 400, verifiedBy, ...(error ? { error } : {}) };
    const id = String(req.headers['webhook-id']);
    if (receiver.processed.has(id)) {
      receiver.duplicates += 1;
      return { status: 200, verifiedBy };
    }
    receiver.processed.set(id, JSON.parse(body) as { type: string; timestamp: string; data: Record<string, unknown> });
    return { status: 204, verifiedBy };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const outcome = handle(req, body);
      receiver.requests.push({
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body,
        headers: req.headers,
        ...outcome,
      });
      res.statusCode = outcome.status;
      res.end(outcome.error ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${actual}/hooks`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as TestReceiver;
}
