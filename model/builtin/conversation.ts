/**
 * Reading the conversation. The model keeps no state between steps: each step re-reads the messages, finds the
 * current turn (the user's request, with the questions it asked and the answers given since), folds the answers into
 * the request and collects the tool results of the turn. Being a pure function of the messages is what lets a
 * replayed run plan exactly the same steps.
 */

import { mergeAnswer } from './answers';
import { withAttachedFiles } from './fileBookings';
import { type Understanding, understand } from './intents';
import { withDecisionInbox } from './approvalDecision';
import type { PlanContext, TurnResult } from './planTypes';
import { plan } from './planner';
import type { AgentMessage, ToolCall } from '../types';

/** The current request as understood so far, and the results of the tools called for it. */
export interface Turn {
  u: Understanding;
  results: TurnResult[];
}

/**
 * The index of the message that opened the current turn: the last user message, or, when it answers a question,
 * the user message the question was about (and so on back, for several questions in a row).
 */
function turnStart(messages: AgentMessage[]): number | undefined {
  let start: number | undefined;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]!.role === 'user') {
      start = i;
      break;
    }
  }
  while (start !== undefined && messages[start - 1]?.role === 'question') {
    let previous: number | undefined;
    for (let i = start - 2; i >= 0; i -= 1) {
      if (messages[i]!.role === 'user') {
        previous = i;
        break;
      }
    }
    if (previous === undefined) break;
    start = previous;
  }
  return start;
}

/** Reads the current turn of `messages`, or undefined when the user has said nothing yet. */
export function readTurn(messages: AgentMessage[], ctx: PlanContext): Turn | undefined {
  const start = turnStart(messages);
  if (start === undefined) return undefined;
  const opening = messages[start] as Extract<AgentMessage, { role: 'user' }>;
  let u = withDecisionInbox(withAttachedFiles(understand(opening.text, ctx), opening.attachments), opening.text);
  let results: TurnResult[] = [];
  const calls = new Map<string, ToolCall>();
  for (const message of messages.slice(start + 1)) {
    if (message.role === 'assistant_tool_calls') for (const call of message.calls) calls.set(call.id, call);
    if (message.role === 'tool') {
      const call = calls.get(message.toolCallId);
      results.push({ tool: message.tool, arguments: call?.arguments ?? {}, ok: message.ok, result: message.result });
    }
    if (message.role === 'user') {
      // The slot is recomputed from the request as it stood: the question asked then is the one planned now.
      const asked = plan(u, results, ctx);
      const merged = mergeAnswer(u, asked.slot, message.text, results, ctx);
      u = merged.u;
      if (merged.fresh) results = [];
    }
  }
  return { u, results };
}
