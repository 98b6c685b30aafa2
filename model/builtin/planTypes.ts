/** The planner's shared vocabulary: what a step knows (context, results so far) and what it decides (a plan). */

import type { IsoDate } from './calendar';
import type { AgentTool, ModelStep, ModelUser } from '../types';
import { toolCallId } from '../types';

/** A tool call of the current turn with its result, in the order they happened. */
export interface TurnResult {
  tool: string;
  arguments: Record<string, unknown>;
  ok: boolean;
  result: unknown;
}

/** What every step of the planner knows besides the request. */
export interface PlanContext {
  today: IsoDate;
  /** The tenant's IANA time zone: "9 to 5" is read on its clock. */
  timeZone: string;
  user: ModelUser;
  tools: AgentTool[];
  /** Messages in the conversation: the seed of deterministic tool call ids. */
  messageCount: number;
}

/**
 * Which part of the request a question asks for, so the answer can be read for just that: a bare "Tuesday"
 * answering "which days next week?" is the Tuesday of next week.
 */
export type Slot =
  | 'dates'
  | 'week'
  | 'month'
  | 'end'
  | 'policy'
  | 'halfDayDay'
  | 'dayUnit'
  | 'pick'
  | 'external'
  | 'employee'
  | 'holidayName'
  | 'dayPart'
  | 'forWhom'
  | CompanySlot
  | WorkplaceSlot;

/** The slots only the company requests ask for: hours worked, an amount, a category, a place. */
export type CompanySlot = 'times' | 'amount' | 'category' | 'place';

/** The slots the part-4 requests ask for: a document or policy, a person, an item's serial, who signs. */
export type WorkplaceSlot = 'document' | 'person' | 'item' | 'signers';

/** A planned step; a question carries the slot its answer fills. */
export interface Plan {
  step: ModelStep;
  slot?: Slot;
}

/** True when the catalogue of this run holds `tool` (the user's role and scopes allow it). */
export function hasTool(ctx: PlanContext, tool: string): boolean {
  return ctx.tools.some((t) => t.name === tool);
}

/** A tool_calls plan with deterministic ids; `text` says, for calls that wait for approval, what they will do. */
export function callTools(
  ctx: PlanContext,
  calls: { tool: string; arguments: Record<string, unknown> }[],
  text?: string,
): Plan {
  const step: ModelStep = {
    type: 'tool_calls',
    calls: calls.map((call, index) => ({ id: toolCallId(ctx.messageCount, index), ...call })),
  };
  if (text !== undefined) step.text = text;
  return { step };
}

/** A reply plan. */
export function reply(text: string): Plan {
  return { step: { type: 'reply', text } };
}

/** A question plan for `slot`. */
export function ask(slot: Slot, text: string, choices?: string[]): Plan {
  return { step: choices ? { type: 'question', text, choices } : { type: 'question', text }, slot };
}

/** The results of `tool` in this turn, oldest first. */
export function resultsOf(results: TurnResult[], tool: string): TurnResult[] {
  return results.filter((r) => r.tool === tool);
}

/** The error a failed result carries (`{ error: { code, message } }`), with safe defaults for other shapes. */
export function errorOf(result: TurnResult): { code: string; message: string } {
  const error = (result.result as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return {
    code: typeof error?.code === 'string' ? error.code : 'error',
    message: typeof error?.message === 'string' ? error.message : 'the tool failed',
  };
}

/** True when the person declined the action at the approval gate. */
export function wasDeclined(result: TurnResult): boolean {
  return !result.ok && errorOf(result).code === 'rejected_by_user';
}

/** The `data` of a successful result, whether the runner passes the REST envelope `{ data }` or the data itself. */
export function dataOf<T>(result: TurnResult): T {
  const value = result.result as { data?: unknown } | undefined;
  return (value && typeof value === 'object' && 'data' in value ? value.data : value) as T;
}
