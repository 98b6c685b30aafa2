/** One server-sent event as the wire format has it (https://html.spec.whatwg.org/#event-stream-interpretation). */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * An incremental server-sent event parser: feed it text chunks as they arrive (split anywhere, even inside a
 * line); it calls `onMessage` for every complete event. Comments (heartbeats) and `retry:` lines are skipped.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): { feed(chunk: string): void } {
  let buffer = '';
  let id: string | undefined;
  let event = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onMessage({ id, event: event || 'message', data: data.join('\n') });
    id = undefined;
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return {
    feed(chunk) {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
        if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) return;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
  };
}
