/**
 * "Notification settings", "turn off leave reminder notifications", "stop sending me notifications": the user's
 * notification preferences, not their notifications. Settings are read with get_notification_preferences; turning a
 * kind on or off reads them first (the kinds are the workspace's: "leave.reminder"…), then puts
 * set_notification_preference of the one kind the words name up for approval, or asks which. Why a rule: any
 * sentence about notifications was the notifications list.
 */

import { normalise } from './keywords';
import { type Plan, type PlanContext, type TurnResult, callTools, dataOf, hasTool, reply } from './planTypes';
import { failedRead } from './summariseLists';
import type { AgentMessage } from '../types';
import { newRequestText } from './newRequestText';

const NOTIFICATIONS = /\b(?:notifications?|notifs|alerts)\b/;
const EMAILS = /\b(?:e-?mails?|e-?mailing|e-?mailed)\b/;
const SETTINGS = /\b(?:settings?|preferences?|subscriptions?|subscribed|which (?:notifications|kinds) do i get)\b/;
const OFF =
  /\b(?:turn(?:ing)? off|switch off|disable|stop(?: sending| getting)?|mute|unsubscribe|no more|don't want)\b/;
const ON = /\b(?:turn(?:ing)? on|switch on|enable|unmute|resume|start getting|subscribe)\b/;
// Words of a request that say nothing of the kind.
const FILLER = new Set(
  'please turn turning off on switch disable enable stop sending getting mute unmute resume start subscribe unsubscribe no more dont don t want me my the all any of for about notifications notification notifs alerts email emails emailing i can you could'.split(
    ' ',
  ),
);

interface Preference {
  kind: string;
  enabled: boolean;
}

/** What `text` (normalised) asks of the notification preferences, or undefined for anything else. */
export function preferenceAsked(text: string): { enabled?: boolean; words: string[] } | undefined {
  const enabled = OFF.test(text) ? false : ON.test(text) ? true : undefined;
  // "Stop emailing me about expenses" turns a kind of notification off, as its email is one.
  if (!NOTIFICATIONS.test(text) && !(enabled !== undefined && EMAILS.test(text))) return undefined;
  if (enabled === undefined && !SETTINGS.test(text)) return undefined;
  const words = (text.match(/[a-z]+/g) ?? []).filter((w) => !FILLER.has(w) && !SETTINGS.test(w));
  return { ...(enabled === undefined ? {} : { enabled }), words };
}

/** The kinds whose name holds every word said ("leave reminder" → leave.reminder). */
function kindsNamed(preferences: Preference[], words: string[]): Preference[] {
  if (words.length === 0) return [];
  return preferences.filter((p) => {
    const parts = p.kind.toLowerCase().split(/[._-]/);
    return words.every((w) => parts.some((part) => part.startsWith(w.replace(/s$/, ''))));
  });
}

/**
 * The step for a request about the notification preferences (`messages` end with it, or with its calls' results),
 * or undefined when the turn is not one.
 */
export function planNotificationPreferences(
  messages: readonly AgentMessage[],
  results: readonly TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const asked = preferenceAsked(normalise(text));
  if (!asked || !hasTool(ctx, 'get_notification_preferences')) return undefined;
  const set = results.find((r) => r.tool === 'set_notification_preference');
  if (set) return reply(set.ok ? 'Done: your notification preference is changed.' : failedRead('change it', set));
  const read = results.find((r) => r.tool === 'get_notification_preferences');
  if (!read) return callTools(ctx, [{ tool: 'get_notification_preferences', arguments: {} }]);
  if (!read.ok) return reply(failedRead('read your notification preferences', read));
  const preferences = dataOf<{ preferences?: Preference[] }>(read).preferences ?? [];
  const rows = preferences.map((p) => `- ${p.kind}: ${p.enabled ? 'on' : 'off'}`).join('\n');
  if (asked.enabled === undefined) return reply(`Your notifications:\n${rows}`);
  const named = kindsNamed(preferences, asked.words);
  if (named.length === 1 && hasTool(ctx, 'set_notification_preference')) {
    const { kind } = named[0]!;
    return callTools(
      ctx,
      [{ tool: 'set_notification_preference', arguments: { kind, enabled: asked.enabled } }],
      `I'll turn ${asked.enabled ? 'on' : 'off'} your ${kind} notifications.`,
    );
  }
  const which = (named.length > 1 ? named : preferences).map((p) => p.kind).join(', ');
  const onOff = asked.enabled ? 'on' : 'off';
  return reply(
    `Which kind should I turn ${onOff}: ${which}? Say, for example, "turn ${onOff} ${named[0]?.kind ?? preferences[0]?.kind ?? 'leave.reminder'} notifications".`,
  );
}
