/**
 * A tool's arguments filled from its own JSON schema and the request's words: enum values said in words ("in repair"
 * for in_repair, "pending" for PENDING or SUBMITTED), a year, a period ("from January to March", "this week"), a
 * week or month a tool takes as one value, a name "called X", a yes/no switch said as a verb. The classified plan
 * (classifiedPlan.ts) asks for what stays open.
 */

import { type IsoDate, MONTH_NAMES } from './calendar';
import { findDates } from './dates';
import { normalise } from './keywords';
import { stems } from './nearestTool';
import type { AgentTool } from '../types';

export type Schema = { type?: string; enum?: unknown[]; const?: unknown; description?: string; pattern?: string };

export function propertiesOf(tool: AgentTool): Record<string, Schema> {
  return (tool.inputSchema.properties ?? {}) as Record<string, Schema>;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The year a request names: a four-digit year, or this, next or last year. */
function yearOf(text: string, today: string): number | undefined {
  const written = /\b(20\d\d)\b/.exec(text);
  if (written) return Number(written[1]);
  const thisYear = Number(today.slice(0, 4));
  if (/\bthis year\b/.test(text)) return thisYear;
  if (/\bnext year\b/.test(text)) return thisYear + 1;
  if (/\blast year\b/.test(text)) return thisYear - 1;
  return undefined;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return isoDay(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000));
}

/**
 * The Monday of the week a request names ("this week", "the week of 7 December"), if it names one. `nearest` reads a
 * yearless date as its nearest occurrence, gone or to come: "my timesheet for the week of 7 June", said on 16 June,
 * is this June's.
 */
function weekNamed(text: string, today: string, nearest: boolean): string | undefined {
  if (!/\bweek|\bw\/c\b/.test(text)) return undefined;
  const found = findDates(normalise(text), { today: today as IsoDate, nearest });
  if (found.kind === 'week') return found.monday;
  if (found.kind === 'days') return mondayOf(found.ranges[0]!.start);
  return undefined;
}

/** "This week", "last week", "next month": the calendar week (Monday to Sunday) or month around today. */
function relativePeriod(text: string, today: string): { from: string; to: string } | undefined {
  const m = /\b(this|next|last|previous|coming) (week|month)\b/.exec(text);
  if (!m) return undefined;
  const shift = m[1] === 'this' ? 0 : m[1] === 'last' || m[1] === 'previous' ? -1 : 1;
  const day = new Date(`${today}T00:00:00Z`);
  if (m[2] === 'week') {
    const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000 + shift * 7 * 86_400_000);
    return { from: isoDay(monday), to: isoDay(new Date(monday.getTime() + 6 * 86_400_000)) };
  }
  const first = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + shift, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return { from: isoDay(first), to: isoDay(last) };
}

/** The year of a month named without one ("in December"): its nearest occurrence to today, past or coming. */
function nearestYearOfMonth(text: string, today: string): number | undefined {
  const index = MONTH_NAMES.findIndex((m) => new RegExp(`\\b${m.slice(0, 3)}[a-z]*\\b`).test(text));
  if (index < 0) return undefined;
  const year = Number(today.slice(0, 4));
  const monthsAhead = index + 1 - Number(today.slice(5, 7));
  if (monthsAhead > 6) return year - 1;
  if (monthsAhead < -6) return year + 1;
  return year;
}

/** The period a request names: "from January to March 2027", "in May 2027", "for 2026", "this year". */
function periodOf(text: string, today: string): { from: string; to: string } | undefined {
  const relative = relativePeriod(text, today);
  if (relative) return relative;
  const year = yearOf(text, today) ?? nearestYearOfMonth(text, today);
  const months = MONTH_NAMES.map((m, i) => ({ i: i + 1, at: text.search(new RegExp(`\\b${m.slice(0, 3)}[a-z]*\\b`)) }))
    .filter((m) => m.at >= 0)
    .sort((a, b) => a.at - b.at);
  if (year === undefined) return undefined;
  if (months.length === 0) return { from: `${year}-01-01`, to: `${year}-12-31` };
  const first = months[0]!.i;
  const last = months[months.length - 1]!.i;
  if (last < first) return undefined;
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay(year, last))}` };
}

/** The days a request names ("yesterday", "on Monday", "3 to 5 March"), the nearest ones, gone or to come. */
function daysNamed(text: string, today: string): { from: string; to: string } | undefined {
  const found = findDates(normalise(text), { today: today as IsoDate, nearest: true });
  if (found.kind !== 'days' || found.ranges.length === 0) return undefined;
  return { from: found.ranges[0]!.start, to: found.ranges[found.ranges.length - 1]!.end };
}

/** A name the request gives: "called Data Science", "named Platform", "new course: Data Privacy Basics". */
function nameOf(message: string): string | undefined {
  const said =
    /\b(?:called|named|titled)\s+["“']?([^"”'.!?]+)/i.exec(message) ?? /:\s*["“']?([^"”'.!?]+)/.exec(message);
  const name = said?.[1]?.trim();
  return name && name.length <= 200 ? name : undefined;
}

const FIRST_PERSON = /\b(?:i|i'm|i've|me|my|mine)\b/;
// "Reviews about me", "requests for me": the user as the subject, not the one who acts.
const ABOUT_ME = /\b(?:about|of|on|regarding|concerning) me\b/;

/**
 * Whether a `me` filter (`reviewer=me`: "only the reviews you write", `toSign=me`: "only the requests where it is
 * your turn to sign") is what a first-person request asks for: it speaks of the user, and a word of the filter's name
 * or description is one of its words, or begins one ("sign" in "signature"): "what reviews do I have to write",
 * "documents waiting for my signature".
 */
function speaksAsTheActor(text: string, name: string, schema: Schema): boolean {
  if (!FIRST_PERSON.test(text) || ABOUT_ME.test(text)) return false;
  const own = stems(`${name.replace(/([a-z])([A-Z])/g, '$1 $2')} ${schema.description ?? ''}`).filter(
    (w) => w.length >= 4 && !['only', 'your'].includes(w),
  );
  const said = stems(text);
  return own.some((w) => said.some((s) => s === w || s.startsWith(w)));
}

/** The arguments the request fills for `tool`, and the required ones it leaves open. */
export function slotsFor(
  tool: AgentTool,
  message: string,
  today: string,
): { args: Record<string, unknown>; missing: string[] } {
  const text = message.toLowerCase();
  const said = new Set(stems(text));
  // Words that describe the tool itself ("Submitted timesheets ...", "positions, open or filled") are no filter.
  const own = new Set(stems(`${tool.name.replace(/_/g, ' ')} ${whatItDoes(tool)}`));
  const args: Record<string, unknown> = {};
  const properties = propertiesOf(tool);
  for (const [name, schema] of Object.entries(properties)) {
    if (Array.isArray(schema.enum)) {
      // An enum value said in words ("in repair" for in_repair, "completed" for COMPLETED); true/false never.
      const values = schema.enum.filter((v): v is string => typeof v === 'string' && v !== 'true' && v !== 'false');
      const wordsOf = (v: string) => stems(v.replace(/_/g, ' '));
      const inOwnWords = (v: string) => wordsOf(v).every((w) => own.has(w));
      // A value the tool's own words name is no filter ("Submitted timesheets ..."), unless they name several of its
      // values ("birthdays and work anniversaries"): then saying one picks it.
      const ownNamesSeveral = values.filter(inOwnWords).length > 1;
      const named = values.filter((v) => {
        const words = wordsOf(v);
        return words.length > 0 && words.every((w) => said.has(w)) && (ownNamesSeveral || !inOwnWords(v));
      });
      if (named.length === 1) args[name] = named[0];
      else if (named.length === 0 && /\b(?:pending|awaiting|waiting for (?:approval|a decision))\b/.test(text)) {
        // "Pending" is the status a tool calls PENDING, or SUBMITTED where a claim waits for its approver.
        const pending = values.filter((v) => /^(?:pending|submitted)$/i.test(v));
        if (pending.length === 1) args[name] = pending[0];
      }
    } else if (schema.const === 'me' && speaksAsTheActor(text, name, schema)) {
      args[name] = 'me';
    } else if (name === 'year' && (schema.type === 'integer' || schema.type === 'number')) {
      const year = yearOf(text, today);
      if (year !== undefined) args.year = year;
    }
  }
  if ('from' in properties && 'to' in properties) {
    const period = periodOf(text, today) ?? daysNamed(text, today);
    if (period) Object.assign(args, period);
  }
  // A week a tool takes as one day ("my timesheet for the week of 7 December", "last week") and a month it takes as
  // YYYY-MM ("payroll for November"), read by the model's own date parser.
  // Reads, and a timesheet's week (one already worked, or this one), are of the nearest week so named.
  const week = weekNamed(text, today, tool.kind === 'read' || 'weekStart' in properties);
  const month = relativePeriod(text, today) ?? periodOf(text, today);
  for (const [name, schema] of Object.entries(properties)) {
    if (args[name] !== undefined) continue;
    if (/^(?:date|weekStart|week)$/.test(name) && week) args[name] = week;
    else if (/^(?:month|period)$/.test(name) && schema.type === 'string' && month) args[name] = month.from.slice(0, 7);
  }
  for (const field of ['name', 'title']) {
    if (field in properties && properties[field]!.type === 'string' && tool.kind !== 'read') {
      const name = nameOf(message);
      if (name) args[field] = name;
    }
  }
  if (/\bquarter(?:ly|s)?\b/.test(text) && Array.isArray(properties.groupBy?.enum)) args.groupBy = 'quarter';
  // A write's one yes/no setting, said as a verb: "stop showing my birthday" is false, "show my birthday" true.
  const switches = (tool.inputSchema.required ?? []).filter((name) => properties[name]?.type === 'boolean');
  if (tool.kind !== 'read' && switches.length === 1) {
    if (/\b(?:stop|hide|don'?t|do not|never|no longer|turn off|disable|opt out|remove)\b/.test(text))
      args[switches[0]!] = false;
    else if (/\b(?:show|start|enable|turn on|allow|opt in|display)\b/.test(text)) args[switches[0]!] = true;
  }
  const missing = (tool.inputSchema.required ?? []).filter((name) => args[name] === undefined);
  return { args, missing };
}

/** What a tool does, for a sentence: the first sentence of its description, without its full stop. */
export function whatItDoes(tool: AgentTool): string {
  const first = tool.description.split(/(?<=[.:;])\s/)[0] ?? tool.name;
  return first.replace(/[.:;]$/, '');
}
