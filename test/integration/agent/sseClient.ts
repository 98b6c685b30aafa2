import http from 'node:http';

export interface ServerSentEvent {
  id: number;
  event: string;
  data: unknown;
}

/**
 * A minimal server-sent events client over a real HTTP connection, as a browser's EventSource reads the stream:
 * `next()` answers the next event (comments and the retry field skipped), or undefined when the server ended the
 * stream; `close()` drops the connection, as a client that goes away does.
 */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, resolve).on('error', reject);
  });
  response.setEncoding('utf8');
  const iterator = response[Symbol.asyncIterator]() as AsyncIterator<string>;
  let buffer = '';
  return {
    status: response.statusCode,
    contentType: response.headers['content-type'],
    async next(): Promise<ServerSentEvent | undefined> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (!fields.has('event')) continue;
          return {
            id: Number(fields.get('id')),
            event: fields.get('event')!,
            data: JSON.parse(fields.get('data') ?? 'null'),
          };
        }
        const chunk = await iterator.next();
        if (chunk.done) return undefined;
        buffer += chunk.value;
      }
    },
    close(): void {
      response.destroy();
    },
  };
}
