/**
 * Leave policies as people name them. The built-in model knows the four standard policies every workspace is seeded
 * with; it sends the policy's name, which the leave engine matches case-insensitively. A request that names no
 * policy sends none, so the workspace's default (annual leave) applies as it does in the application.
 */

import { MONTH_NAMES, WEEKDAY_NAMES } from './calendar';

/** The policy names of a seeded workspace, the default first. */
export const KNOWN_POLICIES = ['Annual leave', 'Sick leave', 'Unpaid leave', 'Parental leave'] as const;
/** One of the known policy names. */
export type PolicyName = (typeof KNOWN_POLICIES)[number];

/** A policy the request names: one the model knows, or a word it does not ("study leave"). */
export type PolicyMention = { name: PolicyName } | { unknown: string } | { either: PolicyName[] };

const ALIASES: { pattern: RegExp; name: PolicyName }[] = [
  { pattern: /\b(sick|ill|illness|sickness|unwell|flu|not feeling well|poorly)\b/, name: 'Sick leave' },
  { pattern: /\bunpaid\b/, name: 'Unpaid leave' },
  { pattern: /\b(parental|maternity|paternity|adoption)\b/, name: 'Parental leave' },
  { pattern: /\b(annual|vacations?|holidays?|pto|paid time off|paid leave)\b/, name: 'Annual leave' },
];

const OTHERS_ILLNESS =
  /\b(?:my|our|his|her) (?:kids?|child|children|son|daughter|baby|wife|husband|partner|mother|father|mum|mom|dad|parents?|sister|brother|grandma|grandmother|grandfather|grandpa|dog|cat)(?: (?:is|are|was|were|has|have|got|feels?|fell|became))? (?:sick|ill|unwell|poorly|the flu|flu|not (?:feeling )?(?:well|good|great))\b|\b(?:my|our|his|her) (?:kids?|child|children|son|daughter|baby|wife|husband|partner|mother|father|mum|mom|dad|parents?|sister|brother) (?:is|are|was|were)n'?t (?:feeling )?(?:well|good|great)\b/;

/** Words that may stand before "leave" without naming a policy ("book some leave", "my leave"). */
const NOT_A_POLICY = new Set([
  ...WEEKDAY_NAMES,
  ...MONTH_NAMES,
  'a',
  'an',
  'the',
  'my',
  'some',
  'any',
  'more',
  'of',
  'on',
  'for',
  'to',
  'and',
  'or',
  'book',
  'booked',
  'take',
  'taking',
  'request',
  'requested',
  'need',
  'want',
  'put',
  'in',
  'i',
  'me',
  'our',
  'his',
  'her',
  'your',
  'their',
  'team',
  's',
  'this',
  'that',
  'next',
  'extra',
  'day',
  'days',
  'week',
  'weeks',
  'half',
  'full',
  'approved',
  'pending',
  'rejected',
  'cancelled',
  'untaken',
  'unused',
  'remaining',
  'much',
  'many',
  'with',
  'all',
  'what',
  'whose',
  'please',
  'is',
  'go',
  'going',
  'be',
  'am',
  'no',
  'from',
  'at',
  'planned',
  'upcoming',
  'future',
  'off',
]);

/**
 * The policy `text` (normalised) names, if any. A known alias wins; else "<word> leave" with a word that is not a
 * policy the model knows is an unknown policy, so the planner can ask instead of booking the wrong kind of leave.
 */
export function findPolicy(text: string): PolicyMention | undefined {
  // "My daughter is ill": someone else's illness is no sick leave of the user's; which leave it is, they say.
  const othersIll = OTHERS_ILLNESS.test(text);
  const names = ALIASES.filter(({ pattern, name }) => !(othersIll && name === 'Sick leave') && pattern.test(text)).map(
    (alias) => alias.name,
  );
  // "Unpaid or annual leave on Friday?" leaves the choice open.
  if (names.length > 1 && /\bor\b/.test(text)) return { either: names };
  if (names.length > 0) return { name: names[0]! };
  if (othersIll) return { either: [...KNOWN_POLICIES] };
  for (const m of text.matchAll(/\b([a-z]+)\s+leave\b/g)) {
    const word = m[1]!;
    if (!NOT_A_POLICY.has(word) && !/\d|§|¤/.test(word)) return { unknown: word };
  }
  return undefined;
}

/** The known policy a short answer names ("sick", "the annual one", "Unpaid leave"), if any. */
export function policyInAnswer(text: string): PolicyName | undefined {
  const found = findPolicy(text);
  return found && 'name' in found ? found.name : undefined;
}
