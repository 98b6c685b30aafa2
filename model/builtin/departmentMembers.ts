/**
 * "Who works in engineering", "who is in the sales department", "people in marketing": the members of a department,
 * read from list_people (each person names their department) and told by name. Why a rule: "works in" made it a
 * request to work from abroad ("Which country is Engineering in?"), and no department read lists its members. A
 * known city or country ("who works in Lisbon"), a team ("the design team") or a day said stay the other rules'.
 */

import { knownCity, countryAt } from './places';
import { normalise } from './keywords';
import { pagedRead } from './pagedReads';
import type { ListedPerson } from './peopleLookup';
import { type Plan, type PlanContext, type TurnResult, hasTool, reply } from './planTypes';
import { failedRead } from './summariseLists';
import type { AgentMessage } from '../types';
import { newRequestText } from './newRequestText';

const ASKS =
  /^(?:(?:who|which people|which employees)(?: else)?(?: all)?(?: (?:works?|is|are)|'s)(?: working)? in|(?:list |show(?: me)? |tell me )?(?:all )?(?:the )?(?:people|employees|staff|members|everyone|colleagues) (?:who work |working )?(?:in|of)) (?:the )?([a-z][a-z&' -]*?)(?: (department|dept|dpt))?\??$/;
const NOT_A_DEPARTMENT =
  /\b(?:my|our|your|this|that|these|those|it|here|there|team|teams|office|offices|today|tomorrow|week|month|year|remote|remotely|abroad|charge|leave|holiday|vacation)\b/;

/** The department `text` (normalised) asks the members of, or undefined. */
export function departmentAsked(text: string): string | undefined {
  const match = ASKS.exec(text);
  const name = match?.[1]?.trim();
  if (!name || NOT_A_DEPARTMENT.test(name)) return undefined;
  // A place said without "department" is a place ("who works in Lisbon").
  if (!match?.[2] && (knownCity(name) !== undefined || countryAt(name)?.length === name.length)) return undefined;
  return name;
}

function inDepartment(person: ListedPerson, name: string): boolean {
  const department = person.department?.toLowerCase();
  return department !== undefined && (department === name || department.startsWith(`${name} `));
}

/**
 * The step for the members of a department (`messages` end with the request, or with its reads' results), or
 * undefined when the turn asks something else.
 */
export function planDepartmentMembers(
  messages: readonly AgentMessage[],
  results: TurnResult[],
  ctx: PlanContext,
  saysDays: boolean,
): Plan | undefined {
  if (saysDays || !hasTool(ctx, 'list_people')) return undefined;
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const name = departmentAsked(normalise(text));
  if (!name) return undefined;
  // Every page: a department's members are anywhere in the list.
  const read = pagedRead<ListedPerson>(results, ctx, 'list_people', { limit: 200 }, 'people', () => false);
  if (read.kind === 'call') return read.plan;
  if (read.kind === 'failed') return reply(failedRead('look up the people', read.result));
  const members = read.items.filter((p) => p.status !== 'terminated' && inDepartment(p, name));
  const title = name.replace(/\b[a-z]/g, (c) => c.toUpperCase());
  if (members.length === 0) return reply(`I found no one in ${title} among the people you can see.`);
  const rows = members.slice(0, 30).map((p) => `- ${p.name}, ${p.jobTitle}`);
  if (members.length > 30) rows.push(`- …and ${members.length - 30} more`);
  const more = read.complete ? '' : '\n(Only the first pages of people were read.)';
  return reply(`In ${members[0]!.department ?? title} (${members.length}):\n${rows.join('\n')}${more}`);
}
