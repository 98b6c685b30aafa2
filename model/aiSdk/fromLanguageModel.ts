/**
 * A real provider's language model as our `AgentModel`: one `generateText` step over our tool catalogue (as AI SDK
 * tools without `execute`, so the SDK plans calls and our run loop runs them after approval), mapped back to a
 * `ModelStep`. Questions come through the `ask_user` pseudo-tool. Tool call ids are re-derived from the
 * conversation, so the ids in our history do not depend on the provider.
 *
 * This does network I/O: call it from an activity, never from workflow code.
 */

import type { JSONSchema7, LanguageModelV3 } from '@ai-sdk/provider';
import { type ToolSet, generateText, jsonSchema, streamText, tool } from 'ai';
import {
  ASK_USER_TOOL,
  type AgentModel,
  type AgentTool,
  type ModelInput,
  type ModelStep,
  type ModelStepProgress,
  toolCallId,
} from '../types';
import { toModelMessages } from './promptMapping';
import { systemPrompt } from './systemPrompt';

const ASK_USER_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: {
    question: { type: 'string', description: 'one short question for the user' },
    choices: { type: 'array', items: { type: 'string' }, description: 'the answers to offer, when there are a few' },
  },
  required: ['question'],
};

/** Our catalogue as AI SDK tools, plus `ask_user`. */
export function toToolSet(tools: AgentTool[]): ToolSet {
  const set: ToolSet = {
    [ASK_USER_TOOL]: tool({
      description: 'Ask the user a clarifying question when the request is ambiguous or misses something.',
      inputSchema: jsonSchema(ASK_USER_SCHEMA),
    }),
  };
  for (const t of tools) {
    set[t.name] = tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema as JSONSchema7) });
  }
  return set;
}

/** Settings of a provider model behind `AgentModel`. */
export interface ProviderModelOptions {
  /** The name for logs, e.g. `openai:gpt-4o-mini`; default `<provider>:<modelId>`. */
  name?: string;
  /** Retries inside the SDK; default 0, because the activity's retry policy retries with backoff and visibility. */
  maxRetries?: number;
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The step a provider's answer means, keeping only calls to tools of the catalogue. */
export function stepOfAnswer(
  answer: { text: string; toolCalls: { toolName: string; input: unknown }[] },
  input: ModelInput,
): ModelStep {
  const asked = answer.toolCalls.find((call) => call.toolName === ASK_USER_TOOL);
  if (asked) {
    const { question, choices } = asObject(asked.input);
    const text = typeof question === 'string' && question ? question : answer.text;
    const offered = Array.isArray(choices) ? choices.filter((c): c is string => typeof c === 'string') : [];
    return offered.length ? { type: 'question', text, choices: offered } : { type: 'question', text };
  }
  const known = new Set(input.tools.map((t) => t.name));
  const calls = answer.toolCalls
    .filter((call) => known.has(call.toolName))
    .map((call, index) => ({
      id: toolCallId(input.messages.length, index),
      tool: call.toolName,
      arguments: asObject(call.input),
    }));
  if (calls.length > 0)
    return answer.text ? { type: 'tool_calls', calls, text: answer.text } : { type: 'tool_calls', calls };
  return { type: 'reply', text: answer.text || 'Sorry, I have no answer to that.' };
}

/** Wraps an AI SDK language model (OpenAI, Anthropic, any provider) as our `AgentModel`. */
export function fromLanguageModel(model: LanguageModelV3, options: ProviderModelOptions = {}): AgentModel {
  return {
    name: options.name ?? `${model.provider}:${model.modelId}`,
    async next(input: ModelInput, progress?: ModelStepProgress): Promise<ModelStep> {
      const call = {
        model,
        system: systemPrompt(input),
        messages: toModelMessages(input.messages),
        tools: toToolSet(input.tools),
        toolChoice: 'auto' as const,
        temperature: 0,
        maxRetries: options.maxRetries ?? 0,
      };
      const onTextDelta = progress?.onTextDelta;
      if (!onTextDelta) {
        const result = await generateText(call);
        return stepOfAnswer({ text: result.text, toolCalls: result.toolCalls }, input);
      }
      // Streamed, so that the run's `message.delta` events follow the provider's text as it comes.
      // Errors come through the stream's parts (thrown below), not the SDK's default console logging.
      const result = streamText({ ...call, onError: () => undefined });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text) onTextDelta(part.text);
        if (part.type === 'error') throw part.error instanceof Error ? part.error : new Error(String(part.error));
      }
      return stepOfAnswer({ text: await result.text, toolCalls: await result.toolCalls }, input);
    },
  };
}
