import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the target received: enough to show whether a secret reached it. */
export interface TargetHit {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RecordingTarget {
  port: number;
  hits: TargetHit[];
  close(): Promise<void>;
}

/**
 * A tiny HTTP server on loopback standing in for whatever an outbound URL points at (the metadata service, a
 * machine inside the network): it records every request and answers `status` with `body`, so a test sees whether
 * svc-hr reached it, with which headers, and whether its answer came back to the caller.
 */
export async function startRecordingTarget(status: number, body: string): Promise<RecordingTarget> {
  const hits: TargetHit[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: text });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
