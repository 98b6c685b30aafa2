import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Prng } from './prng';

/** What the receiver saw of one webhook-id: every body (to find two different payloads) and its answers. */
export interface ReceivedMessage {
  bodies: Set<string>;
  /** Requests answered 2xx (more than one is a duplicate: at-least-once is the contract). */
  accepted: number;
  /** Requests answered 500 on purpose. */
  refused: number;
}

/**
 * The webhook receiver of the chaos run: a real HTTP server in the harness's process on a fixed port, which answers
 * some deliveries 500 on purpose (drawn from the seeded generator) and records every request by its webhook-id.
 * `crash()` drops every open connection and stops listening, as a killed receiver would; `restart()` listens again
 * on the same port. What it recorded survives both (it is the harness's memory, not the receiver's).
 */
export interface ChaosReceiver {
  url: string;
  messages: Map<string, ReceivedMessage>;
  crash(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startChaosReceiver(prng: Prng, failRate: number): Promise<ChaosReceiver> {
  const messages = new Map<string, ReceivedMessage>();
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const seen = messages.get(id) ?? { bodies: new Set<string>(), accepted: 0, refused: 0 };
      messages.set(id, seen);
      seen.bodies.add(Buffer.concat(chunks).toString('utf8'));
      if (prng.chance(failRate)) {
        seen.refused += 1;
        res.statusCode = 500;
      } else {
        seen.accepted += 1;
        res.statusCode = 204;
      }
      res.end();
    });
  };
  let server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let listening = true;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    messages,
    crash: stop,
    restart: async () => {
      if (listening) return;
      server = http.createServer(handler);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
      listening = true;
    },
    close: stop,
  };
}
