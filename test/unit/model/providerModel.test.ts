import type { LanguageModelV3Content, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { fromLanguageModel } from '../../../model/aiSdk/fromLanguageModel';
import type { AgentMessage, ModelInput } from '../../../model/types';
import { registryTools } from './catalogue';

/** What a provider answers: a test double of the external model service. */
function answer(content: LanguageModelV3Content[]): LanguageModelV3GenerateResult {
  const toolCalls = content.some((part) => part.type === 'tool-call');
  return {
    content,
    finishReason: { unified: toolCalls ? 'tool-calls' : 'stop', raw: toolCalls ? 'tool_calls' : 'stop' },
    usage: {
      inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 5, text: 5, reasoning: 0 },
    },
    warnings: [],
  };
}

function inputWith(messages: AgentMessage[]): ModelInput {
  return {
    messages,
    tools: registryTools(),
    today: '2026-11-23',
    timeZone: 'Europe/Paris',
    user: { name: 'Alice Martin', role: 'MANAGER' },
  };
}

const ask: AgentMessage[] = [{ role: 'user', text: 'book leave next Monday to Wednesday' }];

describe('a provider model behind the agent model interface', () => {
  it('maps the provider’s tool calls to a step with ids derived from the conversation', async () => {
    const provider = new MockLanguageModelV3({
      doGenerate: answer([
        { type: 'text', text: 'Booking it.' },
        {
          type: 'tool-call',
          toolCallId: 'provider-id-xyz',
          toolName: 'create_leave_request',
          input: JSON.stringify({ start_date: '2026-11-30', end_date: '2026-12-02' }),
        },
      ]),
    });
    const step = await fromLanguageModel(provider, { name: 'openai:gpt-4o-mini' }).next(inputWith(ask));
    expect(step).toEqual({
      type: 'tool_calls',
      calls: [
        {
          id: 'call_1_0',
          tool: 'create_leave_request',
          arguments: { start_date: '2026-11-30', end_date: '2026-12-02' },
        },
      ],
      text: 'Booking it.',
    });
  });

  it('sends the instructions with today, the user and the catalogue as JSON-schema tools, plus ask_user', async () => {
    const provider = new MockLanguageModelV3({ doGenerate: answer([{ type: 'text', text: 'Hello' }]) });
    await fromLanguageModel(provider).next(inputWith(ask));
    const call = provider.doGenerateCalls[0]!;
    expect(call.prompt[0]).toEqual({
      role: 'system',
      content: expect.stringContaining(
        'The user is Alice Martin, role MANAGER. Today is 2026-11-23 in the time zone Europe/Paris.',
      ),
    });
    expect(call.prompt[1]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'book leave next Monday to Wednesday' }],
    });
    const tools = call.tools ?? [];
    expect(tools.map((t) => t.name).sort()).toEqual([...registryTools().map((t) => t.name), 'ask_user'].sort());
    const create = tools.find((t) => t.name === 'create_leave_request');
    expect(create?.type === 'function' && create.inputSchema).toMatchObject(
      registryTools(['create_leave_request'])[0]!.inputSchema,
    );
    expect(call.temperature).toBe(0);
  });

  it('turns an ask_user call into a question with its choices', async () => {
    const provider = new MockLanguageModelV3({
      doGenerate: answer([
        {
          type: 'tool-call',
          toolCallId: 'q1',
          toolName: 'ask_user',
          input: JSON.stringify({ question: 'Which days next week?', choices: ['All of them', 'Monday'] }),
        },
      ]),
    });
    const step = await fromLanguageModel(provider).next(inputWith([{ role: 'user', text: 'book leave next week' }]));
    expect(step).toEqual({ type: 'question', text: 'Which days next week?', choices: ['All of them', 'Monday'] });
  });

  it('replies with the provider’s text, and drops calls to tools the user may not use', async () => {
    const provider = new MockLanguageModelV3({
      doGenerate: answer([
        { type: 'text', text: 'I cannot do that here.' },
        { type: 'tool-call', toolCallId: 'x', toolName: 'delete_everything', input: '{}' },
      ]),
    });
    const step = await fromLanguageModel(provider).next(inputWith([{ role: 'user', text: 'delete all leave' }]));
    expect(step).toEqual({ type: 'reply', text: 'I cannot do that here.' });
  });

  it('passes the history on: tool results as JSON, a declined action as an execution denial', async () => {
    const provider = new MockLanguageModelV3({ doGenerate: answer([{ type: 'text', text: 'Nothing was done.' }]) });
    const history: AgentMessage[] = [
      ...ask,
      {
        role: 'assistant_tool_calls',
        calls: [{ id: 'call_1_0', tool: 'create_leave_request', arguments: { start_date: '2026-11-30' } }],
      },
      {
        role: 'tool',
        toolCallId: 'call_1_0',
        tool: 'create_leave_request',
        ok: false,
        result: { error: { code: 'rejected_by_user', message: 'Declined by Alice Martin' } },
      },
    ];
    const step = await fromLanguageModel(provider).next(inputWith(history));
    expect(step).toEqual({ type: 'reply', text: 'Nothing was done.' });
    const prompt = provider.doGenerateCalls[0]!.prompt;
    expect(prompt.slice(2)).toEqual([
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1_0',
            toolName: 'create_leave_request',
            input: { start_date: '2026-11-30' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1_0',
            toolName: 'create_leave_request',
            output: { type: 'execution-denied', reason: 'Declined by Alice Martin' },
          },
        ],
      },
    ]);
  });

  it('lets a provider failure through for the activity’s retry policy to handle', async () => {
    const provider = new MockLanguageModelV3({
      doGenerate: () => Promise.reject(new Error('503 from the provider')),
    });
    await expect(fromLanguageModel(provider).next(inputWith(ask))).rejects.toThrow('503 from the provider');
    expect(provider.doGenerateCalls).toHaveLength(1);
  });
});
