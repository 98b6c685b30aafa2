import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { fromLanguageModel } from '../../../model/aiSdk/fromLanguageModel';
import type { ModelInput } from '../../../model/types';
import { registryTools } from './catalogue';

const usage: LanguageModelV3Usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A provider that streams: a test double of the external model service, answering `parts` in order. */
function streaming(parts: LanguageModelV3StreamPart[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: parts }) }),
  });
}

const input: ModelInput = {
  messages: [{ role: 'user', text: 'how many days do I have left?' }],
  tools: registryTools(),
  today: '2026-11-23',
  timeZone: 'Europe/Paris',
  user: { name: 'Alice Martin', role: 'EMPLOYEE' },
};

describe('a streaming provider behind the agent model interface', () => {
  it('reports the text as it streams and answers the same step as a whole answer would', async () => {
    const provider = streaming([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'You have ' },
      { type: 'text-delta', id: 't', delta: '12 days ' },
      { type: 'text-delta', id: 't', delta: 'of annual leave left.' },
      { type: 'text-end', id: 't' },
      { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
    ]);
    const deltas: string[] = [];
    const step = await fromLanguageModel(provider).next(input, { onTextDelta: (text) => deltas.push(text) });
    expect(deltas).toEqual(['You have ', '12 days ', 'of annual leave left.']);
    expect(step).toEqual({ type: 'reply', text: 'You have 12 days of annual leave left.' });
    expect(provider.doStreamCalls).toHaveLength(1);
    expect(provider.doGenerateCalls).toHaveLength(0);
  });

  it('plans the streamed tool calls with ids derived from the conversation', async () => {
    const provider = streaming([
      { type: 'stream-start', warnings: [] },
      {
        type: 'tool-call',
        toolCallId: 'provider-id',
        toolName: 'get_leave_balances',
        input: JSON.stringify({}),
      },
      { type: 'finish', usage, finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
    ]);
    const deltas: string[] = [];
    const step = await fromLanguageModel(provider).next(input, { onTextDelta: (text) => deltas.push(text) });
    expect(deltas).toEqual([]);
    expect(step).toEqual({
      type: 'tool_calls',
      calls: [{ id: 'call_1_0', tool: 'get_leave_balances', arguments: {} }],
    });
  });

  it('fails the step when the stream reports an error, so that the activity retries it', async () => {
    const provider = streaming([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'You have' },
      { type: 'error', error: new Error('the provider went away') },
    ]);
    await expect(fromLanguageModel(provider).next(input, { onTextDelta: () => undefined })).rejects.toThrow(
      'the provider went away',
    );
  });
});
