import { type ModelMessage, type ToolSet, generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import type { JSONSchema7 } from '@ai-sdk/provider';
import { createBuiltinLanguageModel } from '../../../model/aiSdk/builtinLanguageModel';
import { toToolSet } from '../../../model/aiSdk/fromLanguageModel';
import { registryTools } from './catalogue';

const context = { today: '2026-11-23', timeZone: 'Europe/Paris', user: { name: 'Alice Martin', role: 'EMPLOYEE' } };

/** The catalogue as AI SDK tools; `execute` answers stand in for the API, `needsApproval` for the approval gate. */
function aiTools(options: { execute?: Record<string, unknown>; needsApproval?: string[] } = {}): ToolSet {
  const set: ToolSet = {};
  for (const t of registryTools()) {
    const answer = options.execute?.[t.name];
    const common = {
      description: t.description,
      inputSchema: jsonSchema<Record<string, unknown>>(t.inputSchema as JSONSchema7),
      needsApproval: options.needsApproval?.includes(t.name) ?? false,
    };
    set[t.name] = answer === undefined ? tool(common) : tool({ ...common, execute: () => Promise.resolve(answer) });
  }
  return set;
}

const book: ModelMessage[] = [{ role: 'user', content: 'book leave next Monday to Wednesday' }];

describe('the built-in model through the AI SDK', () => {
  it('plans a create_leave_request call for generateText', async () => {
    const result = await generateText({ model: createBuiltinLanguageModel(context), tools: aiTools(), messages: book });
    expect(result.finishReason).toBe('tool-calls');
    expect(result.text).toBe("I'll request leave from Mon 30 Nov to Wed 2 Dec 2026.");
    expect(result.toolCalls.map((c) => [c.toolCallId, c.toolName, c.input])).toEqual([
      ['call_1_0', 'create_leave_request', { start_date: '2026-11-30', end_date: '2026-12-02' }],
    ]);
  });

  it('runs a whole tool loop: the SDK executes the call and the model summarises its result', async () => {
    const answer = {
      id: '11111111-1111-4111-8111-111111111111',
      status: 'PENDING',
      policy: 'Annual leave',
      start_date: '2026-11-30',
      end_date: '2026-12-02',
      total_days: 3,
      warnings: [],
    };
    const result = await generateText({
      model: createBuiltinLanguageModel(context),
      tools: aiTools({ execute: { create_leave_request: { data: answer } } }),
      messages: book,
      stopWhen: stepCountIs(3),
    });
    expect(result.steps).toHaveLength(2);
    expect(result.text).toBe(
      "I've requested Annual leave from Mon 30 Nov to Wed 2 Dec 2026 (3 working days). It is PENDING, waiting for approval.",
    );
  });

  it('says nothing was done when the SDK’s approval is denied', async () => {
    const model = createBuiltinLanguageModel(context);
    const tools = aiTools({ execute: { create_leave_request: { data: {} } }, needsApproval: ['create_leave_request'] });
    const first = await generateText({ model, tools, messages: book });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    expect(request).toBeDefined();
    const messages: ModelMessage[] = [
      ...book,
      ...first.response.messages,
      {
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: request!.approvalId, approved: false, reason: 'No' }],
      },
    ];
    const second = await generateText({ model, tools, messages });
    expect(second.text).toBe('Nothing was done: you declined the request for leave from Mon 30 Nov to Wed 2 Dec 2026.');
  });

  it('asks through ask_user when the caller offers it, and reads the answer from its result', async () => {
    const model = createBuiltinLanguageModel(context);
    const tools = toToolSet(registryTools());
    const messages: ModelMessage[] = [{ role: 'user', content: 'book leave next week' }];
    const asked = await generateText({ model, tools, messages });
    const call = asked.toolCalls[0]!;
    expect([call.toolName, call.input]).toEqual([
      'ask_user',
      {
        question: 'Which days next week? The whole week (Mon 30 Nov – Fri 4 Dec) or some of them?',
        choices: [
          'The whole week (Mon 30 Nov – Fri 4 Dec)',
          'Mon 30 Nov',
          'Tue 1 Dec',
          'Wed 2 Dec',
          'Thu 3 Dec',
          'Fri 4 Dec',
        ],
      },
    ]);
    messages.push(...asked.response.messages, {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: call.toolCallId,
          toolName: 'ask_user',
          output: { type: 'text', value: 'Tuesday to Thursday' },
        },
      ],
    });
    const planned = await generateText({ model, tools, messages });
    expect(planned.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ['create_leave_request', { start_date: '2026-12-01', end_date: '2026-12-03' }],
    ]);
  });

  it('asks in text when there is no ask_user tool, and takes the next user message as the answer', async () => {
    const model = createBuiltinLanguageModel(context);
    const messages: ModelMessage[] = [{ role: 'user', content: 'book study leave on Friday' }];
    const asked = await generateText({ model, tools: aiTools(), messages });
    expect(asked.text).toBe(
      'I don\'t know a "study leave" policy. Which one should I use?\n- Annual leave\n- Sick leave\n- Unpaid leave\n- Parental leave',
    );
    messages.push(...asked.response.messages, { role: 'user', content: 'sick' });
    const planned = await generateText({ model, tools: aiTools(), messages });
    expect(planned.toolCalls.map((c) => c.input)).toEqual([{ start_date: '2026-11-27', policy: 'Sick leave' }]);
  });

  it('streams the same step for streamText', async () => {
    const result = streamText({ model: createBuiltinLanguageModel(context), tools: aiTools(), messages: book });
    expect(await result.text).toBe("I'll request leave from Mon 30 Nov to Wed 2 Dec 2026.");
    expect((await result.toolCalls).map((c) => c.input)).toEqual([
      { start_date: '2026-11-30', end_date: '2026-12-02' },
    ]);
  });

  it('takes today and the user from the call’s provider options when given', async () => {
    const result = await generateText({
      model: createBuiltinLanguageModel(context),
      tools: aiTools(),
      messages: [{ role: 'user', content: 'book tomorrow' }],
      providerOptions: { svcHr: { today: '2027-03-01' } },
    });
    expect(result.toolCalls.map((c) => c.input)).toEqual([{ start_date: '2027-03-02' }]);
  });
});
