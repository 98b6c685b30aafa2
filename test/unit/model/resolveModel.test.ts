import { parseModelSpec, resolveModel } from '../../../model/resolveModel';
import type { ModelInput } from '../../../model/types';
import { registryTools } from './catalogue';

const input: ModelInput = {
  messages: [{ role: 'user', text: "what's my balance?" }],
  tools: registryTools(),
  today: '2026-11-23',
  timeZone: 'Europe/Paris',
  user: { name: 'Alice Martin', role: 'EMPLOYEE' },
};

describe('choosing the model from SVC_HR_MODEL', () => {
  it('runs the built-in model when SVC_HR_MODEL is unset or builtin', async () => {
    for (const spec of [undefined, '', 'builtin']) {
      const resolved = resolveModel(spec);
      expect(resolved.model.name).toBe('builtin');
      expect(resolved.fallbackReason).toBeUndefined();
    }
    const step = await resolveModel(undefined).model.next(input);
    expect(step).toEqual({
      type: 'tool_calls',
      calls: [{ id: 'call_1_0', tool: 'get_leave_balances', arguments: {} }],
    });
  });

  it('falls back to the built-in model, saying why, when the provider’s key is missing', () => {
    expect(resolveModel('openai:gpt-4o-mini', {})).toMatchObject({
      spec: 'openai:gpt-4o-mini',
      fallbackReason: 'openai:gpt-4o-mini needs OPENAI_API_KEY; the built-in model runs instead',
    });
    expect(resolveModel('anthropic:claude-sonnet-4-5', {}).model.name).toBe('builtin');
  });

  it('builds the provider model when its key is given, without calling it', () => {
    const calls: string[] = [];
    const fetch = (url: string | URL | Request) => {
      calls.push(String(url));
      return Promise.reject(new Error('no network in unit tests'));
    };
    expect(
      resolveModel('openai:gpt-4o-mini', { openai: 'sk-test' }, { fetch: fetch as typeof globalThis.fetch }).model.name,
    ).toBe('openai:gpt-4o-mini');
    expect(resolveModel('anthropic:claude-sonnet-4-5', { anthropic: 'sk-ant-test' }).model.name).toBe(
      'anthropic:claude-sonnet-4-5',
    );
    expect(calls).toEqual([]);
  });

  it('reads an OpenAI-compatible base URL with a port and a model name with a colon', () => {
    expect(parseModelSpec('openai-compatible:http://localhost:11434/v1:llama3.1:8b')).toEqual({
      provider: 'openai-compatible',
      baseURL: 'http://localhost:11434/v1',
      modelId: 'llama3.1:8b',
    });
    expect(parseModelSpec('openai:gpt-4o-mini')).toEqual({ provider: 'openai', modelId: 'gpt-4o-mini' });
  });

  it('refuses a spec it cannot read, naming the forms it can', () => {
    expect(() => parseModelSpec('gpt-4o')).toThrow(
      'SVC_HR_MODEL must be builtin, openai:<model>, anthropic:<model> or openai-compatible:<baseURL>:<model>; got "gpt-4o"',
    );
  });

  it('plans through an OpenAI-compatible server (a double of its chat completions endpoint)', async () => {
    const requests: { url: string; body: Record<string, unknown> }[] = [];
    const fetch = (url: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(url), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
      const completion = {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1_790_000_000,
        model: 'llama3.1:8b',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'srv-1', type: 'function', function: { name: 'get_leave_balances', arguments: '{"year":2026}' } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
      };
      return Promise.resolve(
        new Response(JSON.stringify(completion), { headers: { 'content-type': 'application/json' } }),
      );
    };
    const { model } = resolveModel(
      'openai-compatible:http://localhost:11434/v1:llama3.1:8b',
      {},
      { fetch: fetch as typeof globalThis.fetch },
    );
    const step = await model.next(input);
    expect(step).toEqual({
      type: 'tool_calls',
      calls: [{ id: 'call_1_0', tool: 'get_leave_balances', arguments: { year: 2026 } }],
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('http://localhost:11434/v1/chat/completions');
    expect(requests[0]!.body.model).toBe('llama3.1:8b');
    const tools = requests[0]!.body.tools as { function: { name: string } }[];
    expect(tools.map((t) => t.function.name)).toContain('create_leave_request');
  });
});
