/**
 * "Mark all notifications as read", "mark everything as read": a write, mark_all_notifications_read, put up for the
 * user's approval. Why a rule: the intents read any sentence about notifications as the notifications list, so the
 * request only showed them.
 */

import { normalise } from './keywords';
import { type Plan, type PlanContext, type TurnResult, callTools, errorOf, hasTool, reply } from './planTypes';
import type { AgentMessage } from '../types';
import { newRequestText } from './newRequestText';

const TOOL = 'mark_all_notifications_read';
// "mark (all|my) notifications (as) read", "mark all (of them|as) read", "mark everything read"; one notification
// ("mark this notification read") needs its id, so the plural or "all" must be said.
const MARK_ALL =
  /\bmark(?:ing)?\b(?:\s+(?:all|every|each)\b)?(?:\s+(?:of\s+)?(?:my|the|them|these|those))?\s+(?:(?:unread\s+)?(?:notifications|notifs|alerts)|everything|all)\s+(?:as\s+)?(?:read|seen)\b|\bmark(?:ing)?\s+all\s+(?:as\s+)?(?:read|seen)\b/;

/** Whether the normalised `text` asks to mark all of the user's notifications read. */
export function marksAllRead(text: string): boolean {
  return MARK_ALL.test(text);
}

/**
 * The step for a request to mark every notification read (`messages` end with it, or with the write's result), or
 * undefined when the turn is not one.
 */
export function planMarkAllRead(
  messages: readonly AgentMessage[],
  results: readonly TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  if (!marksAllRead(normalise(text)) || !hasTool(ctx, TOOL)) return undefined;
  const done = results.find((r) => r.tool === TOOL);
  if (done)
    return reply(done.ok ? 'Done: all your notifications are marked read.' : `I couldn't: ${errorOf(done).message}`);
  if (results.length > 0) return undefined;
  return callTools(ctx, [{ tool: TOOL, arguments: {} }], "I'll mark all your notifications read.");
}
