/**
 * The built-in model behind the AI SDK's language-model interface (`LanguageModelV3`, the spec `ai` 6 calls), so
 * code written against the AI SDK (`generateText`, `streamText`, agents) can run on it with no key and no network.
 * The prompt and tools are translated to our step protocol, the built-in model plans one step, and the step comes
 * back as content parts: text, tool calls, or a question (an `ask_user` tool call when the caller offers that tool,
 * else text whose first line ends in "?").
 */

import type {
  JSONObject,
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { builtinStep } from '../builtin/builtinModel';
import { ASK_USER_TOOL, type ModelInput, type ModelStep, type ModelUser, toolCallId } from '../types';
import { messagesFromPrompt, toolsOfCall } from './promptMapping';

/** What the built-in model needs besides the prompt: no clock is read, so "today" comes from the caller. */
export interface BuiltinContext {
  today: string;
  timeZone: string;
  user: ModelUser;
}

/** The provider-options key under which one call may override the context: `{ svcHr: { today, timeZone, user } }`. */
export const PROVIDER_OPTIONS_KEY = 'svcHr';

const NO_USAGE: LanguageModelV3Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

function contextOf(options: LanguageModelV3CallOptions, base: BuiltinContext): BuiltinContext {
  const override = (options.providerOptions?.[PROVIDER_OPTIONS_KEY] ?? {}) as Partial<BuiltinContext> & JSONObject;
  return {
    today: typeof override.today === 'string' ? override.today : base.today,
    timeZone: typeof override.timeZone === 'string' ? override.timeZone : base.timeZone,
    user: override.user && typeof override.user === 'object' ? (override.user as ModelUser) : base.user,
  };
}

function inputOf(options: LanguageModelV3CallOptions, base: BuiltinContext): ModelInput {
  return {
    messages: messagesFromPrompt(options.prompt),
    tools: toolsOfCall(options.tools),
    ...contextOf(options, base),
  };
}

/** The content parts of a step, and why generation finished. */
export function contentOfStep(
  step: ModelStep,
  input: ModelInput,
  offersAskUser: boolean,
): { content: LanguageModelV3Content[]; finishReason: LanguageModelV3FinishReason } {
  const count = input.messages.length;
  switch (step.type) {
    case 'reply':
      return { content: [{ type: 'text', text: step.text }], finishReason: { unified: 'stop', raw: undefined } };
    case 'question': {
      if (offersAskUser) {
        const args = { question: step.text, ...(step.choices ? { choices: step.choices } : {}) };
        return {
          content: [
            {
              type: 'tool-call',
              toolCallId: toolCallId(count, 0),
              toolName: ASK_USER_TOOL,
              input: JSON.stringify(args),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
        };
      }
      const choices = step.choices?.map((choice) => `\n- ${choice}`).join('') ?? '';
      return {
        content: [{ type: 'text', text: `${step.text}${choices}` }],
        finishReason: { unified: 'stop', raw: undefined },
      };
    }
    case 'tool_calls':
      return {
        content: [
          ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
          ...step.calls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.tool,
            input: JSON.stringify(call.arguments),
          })),
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
      };
  }
}

function streamOf(result: LanguageModelV3GenerateResult): ReadableStream<LanguageModelV3StreamPart> {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  result.content.forEach((part, index) => {
    if (part.type === 'text') {
      const id = `text-${index}`;
      parts.push({ type: 'text-start', id }, { type: 'text-delta', id, delta: part.text }, { type: 'text-end', id });
    } else parts.push(part as LanguageModelV3StreamPart);
  });
  parts.push({ type: 'finish', usage: result.usage, finishReason: result.finishReason });
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/**
 * The built-in model as an AI SDK language model: `generateText({ model: createBuiltinLanguageModel(ctx), tools,
 * messages })` plans with it. Per call, `providerOptions.svcHr` may override `today`, `timeZone` and `user`.
 */
export function createBuiltinLanguageModel(context: BuiltinContext): LanguageModelV3 {
  const generate = (options: LanguageModelV3CallOptions): LanguageModelV3GenerateResult => {
    const input = inputOf(options, context);
    const offersAskUser = (options.tools ?? []).some((tool) => tool.name === ASK_USER_TOOL);
    const { content, finishReason } = contentOfStep(builtinStep(input), input, offersAskUser);
    return { content, finishReason, usage: NO_USAGE, warnings: [], response: { modelId: 'builtin' } };
  };
  return {
    specificationVersion: 'v3',
    provider: 'svc-hr',
    modelId: 'builtin',
    supportedUrls: {},
    doGenerate: (options) => Promise.resolve(generate(options)),
    doStream: (options) => Promise.resolve({ stream: streamOf(generate(options)) }),
  };
}
