/**
 * "Overtime report", "absence report for 2026", "expense report last quarter": a report of another area than leave
 * is that area's analytics read over the period said (this year when none), not the untaken-leave report the intents
 * take any "report" for; overtime of a team or everyone ("team overtime last month") too. Why a rule: "report" alone
 * picks the untaken-leave report, which answers something else, and a team's overtime asked about a person's month.
 */

import { findAnalyticsPeriod } from './analyticsPeriods';
import { summariseRead } from './classifiedPlan';
import { normalise } from './keywords';
import { type Plan, type PlanContext, type TurnResult, callTools, reply } from './planTypes';
import type { AgentMessage } from '../types';
import { newRequestText } from './newRequestText';

const AREAS: { pattern: RegExp; tool: string }[] = [
  { pattern: /\bover ?time\b/, tool: 'get_overtime_analytics' },
  { pattern: /\b(?:absences?|absenteeism|absence rate)\b/, tool: 'get_absence_analytics' },
  { pattern: /\bexpenses?\b/, tool: 'get_expense_analytics' },
];
// The untaken-leave report's own words, and an expense report one files ("submit my expense report") or owns.
const NOT_ANALYTICS =
  /\b(?:untaken|unused|not (?:yet )?taken|remaining|left|balances?|my|i|submit|file|send|create|new|claim|attach)\b/;

// Overtime of many people ("team overtime last month", "who has the most overtime"): the analytics too, not a
// person's own timesheet.
const MANY_PEOPLE_OVERTIME =
  /^(?=.*\bover ?time\b)(?=.*\b(?:team|teams|everyone|everybody|department|company|staff|employees|people|who has|who did|who worked|who had)\b)(?!.*\b(?:rate|rules?|policy|limit|log|add|record|claim|request|submit)\b)/;

/** The analytics read a report of `text` (normalised) asks for, or undefined when it is no such report. */
export function areaReportTool(text: string): string | undefined {
  if (MANY_PEOPLE_OVERTIME.test(text)) return 'get_overtime_analytics';
  if (!/\breports?\b/.test(text) || NOT_ANALYTICS.test(text)) return undefined;
  const areas = AREAS.filter(({ pattern }) => pattern.test(text));
  return areas.length === 1 ? areas[0]!.tool : undefined;
}

/**
 * The step for a report of another area (`messages` end with it, or with its read's result), or undefined when the
 * turn is not one or the catalogue lacks the read.
 */
export function planAreaReport(
  messages: readonly AgentMessage[],
  results: readonly TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const said = newRequestText(messages);
  if (said === undefined) return undefined;
  const text = normalise(said);
  const name = areaReportTool(text);
  const tool = ctx.tools.find((t) => t.name === name);
  if (!tool) return undefined;
  const done = results.find((r) => r.tool === tool.name);
  if (done) return reply(summariseRead(tool, done));
  if (results.length > 0) return undefined;
  const period = findAnalyticsPeriod(text, ctx.today);
  return callTools(ctx, [{ tool: tool.name, arguments: { from: period.from, to: period.to } }]);
}
