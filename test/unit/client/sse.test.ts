import { createSseParser, type SseMessage } from '../../../client/src/sse';

describe('the client SSE parser', () => {
  const parse = (chunks: string[]) => {
    const out: SseMessage[] = [];
    const parser = createSseParser((m) => out.push(m));
    for (const chunk of chunks) parser.feed(chunk);
    return out;
  };

  it('reads id, event and data, skipping comments and retry lines', () => {
    expect(parse(['retry: 1000\n\n: heartbeat\n\nid: 3\nevent: run.completed\ndata: {"a":1}\n\n'])).toEqual([
      { id: '3', event: 'run.completed', data: '{"a":1}' },
    ]);
  });

  it('joins events split anywhere across chunks, CRLF included', () => {
    const text = 'id: 1\r\nevent: a\r\ndata: x\r\n\r\nid: 2\nevent: b\ndata: line1\ndata: line2\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual([
        { id: '1', event: 'a', data: 'x' },
        { id: '2', event: 'b', data: 'line1\nline2' },
      ]);
    }
  });

  it('holds an event back until its blank line arrives', () => {
    expect(parse(['id: 1\nevent: a\ndata: x\n'])).toEqual([]);
  });
});
