import { generateText, jsonSchema, tool, type ToolSet } from 'ai';
import type { JSONSchema7 } from '@ai-sdk/provider';
import { attachmentPart, parseAttachmentPart } from '../../../model/aiSdk/attachmentParts';
import { createBuiltinLanguageModel } from '../../../model/aiSdk/builtinLanguageModel';
import { toModelMessages } from '../../../model/aiSdk/promptMapping';
import type { AgentMessage, MessageAttachment } from '../../../model/types';
import { registryTools } from './catalogue';

const csv: MessageAttachment = {
  id: '0190e3f2-0000-7000-8000-000000000001',
  filename: 'my "days" <2026>.csv',
  contentType: 'text/csv',
  size: 31,
  text: 'start_date\n2026-12-07\n2026-12-11',
};

describe('attachments in an AI SDK prompt', () => {
  it('travel as one text part per file, named, and read back the same', () => {
    const pdf: MessageAttachment = { id: 'b', filename: 'scan.pdf', contentType: 'application/pdf', size: 9000 };
    for (const a of [csv, pdf, { ...csv, truncated: true }]) expect(parseAttachmentPart(attachmentPart(a))).toEqual(a);
    expect(attachmentPart(csv)).toBe(
      '<attachment id="0190e3f2-0000-7000-8000-000000000001" filename="my &#34;days&#34; &#60;2026&#62;.csv" ' +
        'contentType="text/csv" size="31">\nstart_date\n2026-12-07\n2026-12-11\n</attachment>',
    );
    expect(parseAttachmentPart('just a message')).toBeUndefined();
  });

  it('follow the user message for a provider', () => {
    const messages: AgentMessage[] = [{ role: 'user', text: 'book these', attachments: [csv] }];
    expect(toModelMessages(messages)).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'book these' },
          { type: 'text', text: attachmentPart(csv) },
        ],
      },
    ]);
  });

  it('reach the built-in model served through the AI SDK, which books the rows', async () => {
    const tools: ToolSet = {};
    for (const t of registryTools()) {
      tools[t.name] = tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema as JSONSchema7) });
    }
    const model = createBuiltinLanguageModel({
      today: '2026-11-23',
      timeZone: 'Europe/Paris',
      user: { name: 'Alice Martin', role: 'EMPLOYEE' },
    });
    const result = await generateText({
      model,
      tools,
      messages: toModelMessages([{ role: 'user', text: 'book the leave days in this CSV for me', attachments: [csv] }]),
    });
    expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ['create_leave_request', { start_date: '2026-12-07' }],
      ['create_leave_request', { start_date: '2026-12-11' }],
    ]);
  });
});
