/**
 * Translation between our step protocol (`AgentMessage`, `AgentTool`) and the AI SDK's: the language-model prompt a
 * provider receives (`LanguageModelV3Prompt`) and the messages `generateText` takes (`ModelMessage`). Questions
 * travel as assistant text (or, when the caller offers it, as a call of the `ask_user` pseudo-tool); a declined
 * approval travels as the AI SDK's `execution-denied` tool output.
 */

import { attachmentPart, parseAttachmentPart } from './attachmentParts';
import type { JSONValue, LanguageModelV3CallOptions, LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { ModelMessage, ToolResultPart } from 'ai';
import { ASK_USER_TOOL, type AgentMessage, type AgentTool, type JsonSchemaObject, type ToolKind } from '../types';

/** The code a declined action carries in our protocol. */
export const REJECTED_BY_USER = 'rejected_by_user';

/**
 * The kind of a tool known only by name (the AI SDK does not carry ours): `mcp__…` tools are external, reads are
 * named get/list/…, anything else may write.
 */
export function kindOfTool(name: string): ToolKind {
  if (name.startsWith('mcp__')) return 'external';
  return /^(get|list|search|find|read|show|untaken|verify|export)_/.test(name) || /_report$/.test(name)
    ? 'read'
    : 'write';
}

/** The tools of a language-model call, as our catalogue (provider-executed tools are not ours to plan). */
export function toolsOfCall(tools: LanguageModelV3CallOptions['tools']): AgentTool[] {
  return (tools ?? []).flatMap((tool) =>
    tool.type === 'function' && tool.name !== ASK_USER_TOOL
      ? [
          {
            name: tool.name,
            description: tool.description ?? '',
            inputSchema: tool.inputSchema as JsonSchemaObject,
            kind: kindOfTool(tool.name),
          },
        ]
      : [],
  );
}

function outputToResult(
  output: Extract<LanguageModelV3Prompt[number], { role: 'tool' }>['content'][number],
): { ok: boolean; result: unknown } | undefined {
  if (output.type !== 'tool-result') return undefined;
  const out = output.output;
  switch (out.type) {
    case 'json':
    case 'text':
      return { ok: true, result: out.value };
    case 'content':
      return { ok: true, result: out.value };
    case 'execution-denied':
      return {
        ok: false,
        result: { error: { code: REJECTED_BY_USER, message: out.reason ?? 'The person declined this action.' } },
      };
    case 'error-json': {
      const value = out.value as { error?: unknown } | null;
      const shaped = value !== null && typeof value === 'object' && 'error' in value;
      return {
        ok: false,
        result: shaped ? value : { error: { code: 'tool_error', message: JSON.stringify(out.value) } },
      };
    }
    case 'error-text':
      return { ok: false, result: { error: { code: 'tool_error', message: out.value } } };
  }
}

/** The built-in model words a question so that its first line ends in "?" (choices follow on their own lines). */
function isQuestion(text: string): boolean {
  return (text.split('\n')[0] ?? '').trim().endsWith('?');
}

function answerText(result: unknown): string {
  if (typeof result === 'string') return result;
  const answer = (result as { answer?: unknown } | null)?.answer;
  return typeof answer === 'string' ? answer : JSON.stringify(result);
}

/**
 * Our messages from a language-model prompt. System messages are dropped (the built-in model needs no
 * instructions); an assistant text whose first line ends in "?" is taken for a question, as the built-in model
 * words them so.
 */
export function messagesFromPrompt(prompt: LanguageModelV3Prompt): AgentMessage[] {
  const messages: AgentMessage[] = [];
  for (const message of prompt) {
    if (message.role === 'user') {
      const texts = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
      const attachments = texts.flatMap((t) => parseAttachmentPart(t) ?? []);
      const text = texts.filter((t) => !parseAttachmentPart(t)).join('\n');
      messages.push({ role: 'user', text, ...(attachments.length ? { attachments } : {}) });
    } else if (message.role === 'assistant') {
      const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
      const calls = message.content.flatMap((part) =>
        part.type === 'tool-call' && part.toolName !== ASK_USER_TOOL
          ? [{ id: part.toolCallId, tool: part.toolName, arguments: (part.input ?? {}) as Record<string, unknown> }]
          : [],
      );
      const asked = message.content.find((part) => part.type === 'tool-call' && part.toolName === ASK_USER_TOOL);
      if (asked?.type === 'tool-call') {
        const input = (asked.input ?? {}) as { question?: string; choices?: string[] };
        messages.push({
          role: 'question',
          text: input.question ?? text,
          ...(input.choices ? { choices: input.choices } : {}),
        });
      } else if (calls.length > 0) {
        messages.push({ role: 'assistant_tool_calls', calls, ...(text ? { text } : {}) });
      } else if (text) {
        messages.push(isQuestion(text) ? { role: 'question', text } : { role: 'assistant', text });
      }
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        const outcome = outputToResult(part);
        if (part.type !== 'tool-result' || !outcome) continue;
        if (part.toolName === ASK_USER_TOOL) messages.push({ role: 'user', text: answerText(outcome.result) });
        else messages.push({ role: 'tool', toolCallId: part.toolCallId, tool: part.toolName, ...outcome });
      }
    }
  }
  return messages;
}

function toolOutput(message: Extract<AgentMessage, { role: 'tool' }>): ToolResultPart['output'] {
  if (message.ok) return { type: 'json', value: (message.result ?? null) as JSONValue };
  const error = (message.result as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (error?.code === REJECTED_BY_USER) {
    return { type: 'execution-denied', ...(typeof error.message === 'string' ? { reason: error.message } : {}) };
  }
  return { type: 'error-json', value: (message.result ?? null) as JSONValue };
}

/** The AI SDK messages of our conversation, for a provider model through `generateText`. */
export function toModelMessages(messages: AgentMessage[]): ModelMessage[] {
  return messages.map((message): ModelMessage => {
    switch (message.role) {
      case 'user':
        if (!message.attachments?.length) return { role: 'user', content: message.text };
        return {
          role: 'user',
          content: [
            { type: 'text', text: message.text },
            ...message.attachments.map((a) => ({ type: 'text' as const, text: attachmentPart(a) })),
          ],
        };
      case 'assistant':
        return { role: 'assistant', content: message.text };
      case 'question': {
        const choices = message.choices?.length ? `\n(choices: ${message.choices.join(' / ')})` : '';
        return { role: 'assistant', content: `${message.text}${choices}` };
      }
      case 'assistant_tool_calls':
        return {
          role: 'assistant',
          content: [
            ...(message.text ? [{ type: 'text' as const, text: message.text }] : []),
            ...message.calls.map((call) => ({
              type: 'tool-call' as const,
              toolCallId: call.id,
              toolName: call.tool,
              input: call.arguments,
            })),
          ],
        };
      case 'tool':
        return {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: message.toolCallId,
              toolName: message.tool,
              output: toolOutput(message),
            },
          ],
        };
    }
  });
}
