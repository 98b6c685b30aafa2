/**
 * "Bob Brown's phone number", "what's carol's email", "phone number of bob": a colleague's contact details are read
 * from their person record (list_people finds them, get_person reads the field). Why a rule: "phone" drew the
 * classifier to the inventory holdings (a phone one holds), and "address" to the offices. A phone number and an
 * email are read by whoever sees the person; a home address only by HR. An employee's request stays the refusals'
 * (refusals.ts), and the user's own details ("my phone number") are no lookup of someone else.
 */

import { isHrUser } from './hrRoles';
import { normalise } from './keywords';
import { findPerson } from './peopleLookup';
import {
  type Plan,
  type PlanContext,
  type TurnResult,
  callTools,
  dataOf,
  hasTool,
  reply,
  resultsOf,
} from './planTypes';
import { failedRead } from './summariseLists';
import type { AgentMessage } from '../types';
import { newRequestText } from './newRequestText';

type Field = 'phone' | 'email' | 'homeAddress';

const FIELDS: { pattern: string; field: Field; hrOnly?: boolean }[] = [
  { pattern: '(?:work |mobile |cell )?(?:phone|telephone)(?: number)?|mobile(?: number)?|number', field: 'phone' },
  { pattern: '(?:work )?e-?mail(?: address)?', field: 'email' },
  { pattern: '(?:home )?address', field: 'homeAddress', hrOnly: true },
];
const NOT_A_NAME = new Set(['my', 'your', 'our', 'his', 'her', 'their', 'the', 'a', 'whose', 'what', 'which', 'who']);
const LEAD =
  "^(?:(?:what|what's|whats|where)(?: is|'s)?\\s+|(?:can you |could you |please )?(?:give me|get me|tell me|show me|find|show|get|i need)\\s+)?";
const NAME = '([a-z]+(?: [a-z]+)?)';

interface Asked {
  name: string;
  field: Field;
}

/** The person and the contact field `text` (normalised) asks for, or undefined. */
export function contactAsked(text: string, ctx: PlanContext): Asked | undefined {
  for (const { pattern, field, hrOnly } of FIELDS) {
    if (hrOnly && !isHrUser(ctx)) continue;
    const possessive = new RegExp(`${LEAD}${NAME}'s (?:${pattern})\\??$`).exec(text);
    const of = new RegExp(`${LEAD}(?:the )?(?:${pattern}) (?:of|for) ${NAME}\\??$`).exec(text);
    const name = (possessive ?? of)?.[1];
    if (name && !name.split(' ').some((word) => NOT_A_NAME.has(word))) return { name, field };
  }
  return undefined;
}

const LABEL: Record<Field, string> = { phone: 'phone number', email: 'email', homeAddress: 'home address' };

/**
 * The step for a colleague's contact details (`messages` end with the request, or with its reads' results), or
 * undefined when the turn asks something else.
 */
export function planContactDetails(
  messages: readonly AgentMessage[],
  results: TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  if (ctx.user.role === 'EMPLOYEE' || !hasTool(ctx, 'list_people') || !hasTool(ctx, 'get_person')) return undefined;
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const asked = contactAsked(normalise(text), ctx);
  if (!asked) return undefined;
  const read = resultsOf(results, 'get_person')[0];
  if (read) {
    if (!read.ok) return reply(failedRead('read their record', read));
    const person = dataOf<Record<string, unknown>>(read);
    const value = person[asked.field];
    const who = typeof person.name === 'string' ? person.name : asked.name;
    return reply(
      typeof value === 'string' && value
        ? `${who}'s ${LABEL[asked.field]}: ${value}.`
        : `${who} has no ${LABEL[asked.field]} on record.`,
    );
  }
  const found = findPerson(asked.name, results, ctx);
  if ('plan' in found) return found.plan;
  if (found.people.length === 0) return reply(`I found no one called ${asked.name} among the people you can see.`);
  if (found.people.length > 1) {
    const names = found.people.map((p) => p.name).join(', ');
    return reply(`Several people are called ${asked.name} (${names}): whose ${LABEL[asked.field]} do you want?`);
  }
  return callTools(ctx, [{ tool: 'get_person', arguments: { id: found.people[0]!.id } }]);
}
