/**
 * How a planned step is judged against a row (eval/README.md states the rules in prose). A step is `correct`,
 * `asked` (a question where a tool call was expected), `confidently_wrong` (a tool call with the wrong tool or
 * arguments, or any tool call where a question, an answer or a refusal was expected) or `missed` (a reply where a tool
 * call or a question was expected, or a question where a reply was).
 */

import type { z } from 'zod';
import { findOperation } from '../operations';
import type { AgentTool, ModelStep, ToolCall } from '../model/types';
import type { CorpusRow } from './corpus';

export const VERDICTS = ['correct', 'asked', 'confidently_wrong', 'missed'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface Judgement {
  verdict: Verdict;
  /** Why a step that is not correct was judged so. */
  why?: string;
  /** A confidently wrong step that would put a write or an outbound call up for approval. */
  proposesApproval?: boolean;
}

/** Tools that do the same job under another name (the company API's twin of a contract operation). */
const TWINS: Record<string, string> = {
  create_company_leave_request: 'create_leave_request',
  cancel_company_leave_request: 'cancel_leave_request',
};

/** The first step for a request about someone else: the model cannot know their id, so it finds them. */
const PEOPLE_LOOKUPS = new Set(['list_people', 'get_org_chart']);

/** Arguments that change nothing the row is about: paging, free text the row does not label. */
const BENIGN = new Set(['limit', 'cursor', 'note', 'title', 'description', 'days', 'reason', 'submit', 'active']);

const key = (name: string) => name.replace(/_/g, '').toLowerCase();

function normalArgs(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [key(name), value]));
}

function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

/** Leave tools whose day arguments mean the same leave when they only add or drop a weekend at either end. */
const WORKING_DAY_TOOLS = new Set(['create_leave_request', 'list_leave_requests', 'list_company_leave_requests']);
const RANGE_STARTS = new Set(['startdate', 'from']);
const RANGE_ENDS = new Set(['enddate', 'to']);

/** `day` moved past a Saturday or Sunday: forward for the start of a range, backward for its end. */
function workingEdge(day: string, forward: boolean): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + (forward ? 1 : -1));
  return date.toISOString().slice(0, 10);
}

/** The last day of `days` working days (Monday to Friday) from `start`: holidays are the engine's business. */
function endAfterWorkingDays(start: string, days: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  let left = Math.max(1, Math.ceil(days));
  for (;;) {
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
    if (left <= 0) return date.toISOString().slice(0, 10);
    date.setUTCDate(date.getUTCDate() + 1);
  }
}

/** Values the tool takes when the argument is left out, as the row's day sees them. */
function implicitDefaults(tool: string, today: string, schema: AgentTool | undefined): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema?.inputSchema.properties ?? {})) {
    const value = (prop as { default?: unknown }).default;
    if (value !== undefined) defaults[key(name)] = value;
  }
  const year = Number(today.slice(0, 4));
  if (['get_leave_balances', 'list_public_holidays', 'untaken_leave_report'].includes(tool)) defaults.year = year;
  if (['get_weekly_timesheet', 'list_people_abroad'].includes(tool)) defaults.date = today;
  if (tool === 'get_monthly_timesheet') defaults.month = today.slice(0, 7);
  if (tool === 'list_celebrations') defaults.from = today;
  if (tool === 'list_approvals') defaults.assignee = 'me';
  if (tool === 'create_leave_request') Object.assign(defaults, { policy: 'Annual leave', halfday: false });
  if (tool === 'create_time_entry') defaults.breakminutes = 0;
  return defaults;
}

function sameValue(name: string, expected: unknown, actual: unknown, tool: string): boolean {
  if (actual === undefined || actual === null) return false;
  if (name === 'reason' && typeof expected === 'string')
    return String(actual).toLowerCase().includes(expected.toLowerCase());
  if (tool === 'get_weekly_timesheet' && name === 'date') return isoWeek(String(expected)) === isoWeek(String(actual));
  if (WORKING_DAY_TOOLS.has(tool) && (RANGE_STARTS.has(name) || RANGE_ENDS.has(name))) {
    const forward = RANGE_STARTS.has(name);
    return workingEdge(String(expected), forward) === workingEdge(String(actual), forward);
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    const primitive = expected.every((item) => typeof item !== 'object');
    if (primitive) {
      const sorted = (items: unknown[]) => items.map((item) => String(item).toLowerCase()).sort();
      return JSON.stringify(sorted(expected)) === JSON.stringify(sorted(actual));
    }
    return expected.every((item, index) => sameValue(name, item, actual[index], tool));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object') return false;
    const have = normalArgs(actual as Record<string, unknown>);
    return Object.entries(normalArgs(expected as Record<string, unknown>)).every(([k, v]) =>
      sameValue(k, v, have[k], tool),
    );
  }
  if (typeof expected === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(expected))
    return Date.parse(expected) === Date.parse(String(actual));
  return String(expected).trim().toLowerCase() === String(actual).trim().toLowerCase();
}

/** The registry's own validation of a call's arguments (unknown names included); none for outbound tools. */
export function registryErrors(call: ToolCall): string[] {
  const op = findOperation(call.tool);
  if (!op) return call.tool.startsWith('mcp__') ? [] : [`no tool ${call.tool}`];
  const errors: string[] = [];
  const claimed = new Set<string>();
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = op.input[part] as z.ZodObject | undefined;
    if (!schema) continue;
    const keys = Object.keys(schema.shape);
    keys.forEach((name) => claimed.add(name));
    const value = Object.fromEntries(Object.entries(call.arguments).filter(([name]) => keys.includes(name)));
    const parsed = schema.safeParse(value);
    if (!parsed.success) errors.push(...parsed.error.issues.map((i) => `${part}.${i.path.join('.')}: ${i.message}`));
  }
  for (const name of Object.keys(call.arguments)) if (!claimed.has(name)) errors.push(`unknown argument ${name}`);
  return errors;
}

/** Why `call` is not the expected call, or undefined when it is. */
function callMismatch(
  expected: { tool: string; args: Record<string, unknown>; alt?: string[] },
  call: ToolCall,
  row: CorpusRow,
  tools: readonly AgentTool[],
): string | undefined {
  const actualTool = TWINS[call.tool] && call.arguments.employeeId === undefined ? TWINS[call.tool]! : call.tool;
  const accepted = [expected.tool, ...(expected.alt ?? [])];
  if (!accepted.includes(actualTool) && !accepted.includes(call.tool)) return `tool ${call.tool}`;
  const invalid = registryErrors(call);
  if (invalid.length) return `invalid arguments: ${invalid.join('; ')}`;
  if (call.tool !== expected.tool && !TWINS[call.tool]) return undefined; // an accepted alternative: tool only
  const actual = normalArgs(call.arguments);
  if (actualTool === 'create_leave_request' && actual.startdate && actual.enddate === undefined) {
    const days = typeof actual.days === 'number' ? actual.days : 1;
    actual.enddate = endAfterWorkingDays(String(actual.startdate), days);
  }
  const wanted = normalArgs(expected.args);
  const defaults = implicitDefaults(
    expected.tool,
    row.today,
    tools.find((tool) => tool.name === call.tool),
  );
  for (const [name, value] of Object.entries(wanted)) {
    const given = actual[name] ?? defaults[name];
    if (!sameValue(name, value, given, expected.tool)) return `${name}: ${JSON.stringify(actual[name])}`;
  }
  for (const [name, value] of Object.entries(actual)) {
    if (name in wanted || BENIGN.has(name) || value === undefined) continue;
    if (name in defaults && sameValue(name, defaults[name], value, expected.tool)) continue;
    return `unexpected ${name}: ${JSON.stringify(value)}`;
  }
  return undefined;
}

function kindOf(call: ToolCall, tools: readonly AgentTool[]): AgentTool['kind'] {
  return tools.find((tool) => tool.name === call.tool)?.kind ?? 'read';
}

/** Judges one planned step against its row. */
export function judge(row: CorpusRow, step: ModelStep, tools: readonly AgentTool[]): Judgement {
  const expected = row.expected;
  if (step.type !== 'tool_calls') {
    const wantsReply = expected.kind === 'answer' || expected.kind === 'refusal';
    if (step.type === 'question') {
      if (expected.kind === 'question') return { verdict: 'correct' };
      return wantsReply ? { verdict: 'missed', why: 'asked a question' } : { verdict: 'asked', why: step.text };
    }
    return wantsReply ? { verdict: 'correct' } : { verdict: 'missed', why: `replied: ${step.text.slice(0, 120)}` };
  }
  const wrong = (why: string): Judgement => ({
    verdict: 'confidently_wrong',
    why,
    proposesApproval: step.calls.some((call) => kindOf(call, tools) !== 'read'),
  });
  const planned = step.calls.map((call) => `${call.tool}(${JSON.stringify(call.arguments)})`).join(', ');
  if (expected.kind === 'question' && expected.alt) {
    const alt = expected.alt;
    if (step.calls.every((call) => alt.includes(call.tool) && kindOf(call, tools) === 'read'))
      return { verdict: 'correct' };
  }
  if (expected.kind === 'question' || expected.kind === 'answer' || expected.kind === 'refusal')
    return wrong(`expected a ${expected.kind}, planned ${planned}`);
  if (expected.kind === 'tool' && expected.employee) {
    if (step.calls.every((call) => PEOPLE_LOOKUPS.has(call.tool))) return { verdict: 'correct' };
    return wrong(`expected finding ${expected.employee} first, planned ${planned}`);
  }
  const calls = expected.kind === 'tool' ? [expected] : expected.calls;
  if (step.calls.length !== calls.length) return wrong(`expected ${calls.length} call(s), planned ${planned}`);
  const left = [...step.calls];
  for (const want of calls) {
    const index = left.findIndex((call) => !callMismatch(want, call, row, tools));
    if (index < 0) {
      const reason = left.map((call) => callMismatch(want, call, row, tools)).join(' / ');
      return wrong(`${reason}; planned ${planned}`);
    }
    left.splice(index, 1);
  }
  return { verdict: 'correct' };
}
