/**
 * Planning a request the keyword rules did not understand, through the tool classifier (nearestTool.ts): a clear
 * best tool is called with the slots its JSON schema names and the request fills (enum values said in words, a year,
 * a period, a name "called X"); a required slot left unfilled becomes a question naming it, never a guess; an unclear
 * best tool leaves the request to the usual "I didn't understand" reply. Reads run at once and are summarised;
 * writes go to approval like every write.
 */

import { classifyTool, stems, type ToolGuess, unexplainedStems } from './nearestTool';
import {
  type Plan,
  type PlanContext,
  type TurnResult,
  callTools,
  dataOf,
  errorOf,
  reply,
  wasDeclined,
} from './planTypes';
import { MONTH_NAMES } from './calendar';
import { propertiesOf, slotsFor, whatItDoes } from './schemaSlots';
import { namedReadTool } from './toolNamed';
import type { AgentMessage, AgentTool } from '../types';

/**
 * The best tool's cosine and its lead over the next tool: `act` to call it at once, `confirm` to ask whether that is
 * what the person wants (below it, the usual "I didn't understand"). Chosen on the train rows whose words are not among
 * the examples (no validation row was looked at): every wrong tool there scored below `act`.
 */
export const CLASSIFIER_THRESHOLDS = {
  act: { score: 0.8, margin: 0.25 },
  confirm: { score: 0.5, margin: 0.15 },
} as const;

/** Words that introduce a slot's value rather than ask for anything: "called X", "for 2026", "per quarter". */
const SLOT_MARKERS = new Set(['called', 'named', 'titled', 'per', 'quarter', 'quarterly', 'year', 'this']);

const YES = /^(?:yes|yeah|yep|yup|sure|ok|okay|please do|do it|go ahead|correct|right|exactly|that's it)\b/i;

function label(item: unknown): string | undefined {
  if (!item || typeof item !== 'object') return typeof item === 'string' ? item : undefined;
  const record = item as Record<string, unknown>;
  for (const key of ['name', 'title', 'fullName', 'employeeName', 'employee_name', 'label', 'country', 'date']) {
    if (typeof record[key] === 'string') {
      const status = typeof record.status === 'string' ? ` (${record.status})` : '';
      return `${record[key] as string}${status}`;
    }
  }
  return undefined;
}

/** The reply after a classified read: how many things it found and the first few by name, or its answer shortened. */
export function summariseRead(tool: AgentTool, result: TurnResult): string {
  if (wasDeclined(result)) return `Nothing was done: you declined the call to ${tool.name}.`;
  if (!result.ok) return `I couldn't get that (${tool.name}): ${errorOf(result).message}`;
  const data = dataOf<unknown>(result);
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? Object.values(data as Record<string, unknown>).find(Array.isArray)
      : undefined;
  if (Array.isArray(list)) {
    if (list.length === 0) return `${whatItDoes(tool)}: there are none.`;
    const names = list.slice(0, 10).map(label).filter(Boolean);
    const more = list.length > names.length ? ` (${list.length} in all)` : '';
    return names.length
      ? `${whatItDoes(tool)}${more}:\n${names.map((n) => `- ${n}`).join('\n')}`
      : `${whatItDoes(tool)}: ${list.length} found.`;
  }
  const text = JSON.stringify(data);
  return `${whatItDoes(tool)}: ${text.length > 600 ? `${text.slice(0, 600)}…` : text}`;
}

const WRITE_VERBS =
  'create|add|submit|start|set|make|post|send|assign|enrol|enroll|register|book|request|approve|reject|cancel|' +
  'delete|remove|update|change|edit|mark|complete|close|invite|stop|hide|turn|upload|sign|publish|archive|move|' +
  'record|log|raise|increase|decrease|adjust|run|launch|schedule|give|grant|revoke|deactivate|reactivate';
const READ_OPENING = new RegExp(
  `^(?:(?:please|can you|could you)\\s+)?(?:show|list|see|view|display|get|what|which|who|how|when|where|is|are|do|does|did|any|my|all|our|check|find|look up)\\b`,
);
const WRITE_WORD = new RegExp(`\\b(?:${WRITE_VERBS})\\b`);
const WRITE_OPENING = new RegExp(
  `^(?:(?:please|can you|could you|i want to|i'd like to|let's)\\s+)?(?:${WRITE_VERBS})\\b`,
);

/**
 * The tools a request's form allows: a question or a "show …" asks to read, an imperative of a writing verb asks to
 * write. Two tools sharing their words ("my expense claims", "claim an expense") are told apart this way instead of
 * by a narrow margin.
 */
export function toolsOfMode(request: string, tools: readonly AgentTool[]): readonly AgentTool[] {
  const text = request.toLowerCase().trim();
  const reads = READ_OPENING.test(text) && !WRITE_WORD.test(text);
  const writes = WRITE_OPENING.test(text);
  if (reads === writes) return tools;
  const kept = tools.filter((tool) => (reads ? tool.kind === 'read' : tool.kind !== 'read'));
  return kept.length > 0 ? kept : tools;
}

const UUID_IN_TEXT = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;

/**
 * The tools a request can be planned with: one that requires an id the request does not give ("get one enrolment"
 * by its id) cannot, so "my enrolments" is the list and not a tie between the list and the single read.
 */
export function withoutUnknownIds(request: string, tools: readonly AgentTool[]): readonly AgentTool[] {
  if (UUID_IN_TEXT.test(request)) return tools;
  const kept = tools.filter((tool) => {
    // A write that needs an id stays: it is planned as a question for that id, never guessed.
    if (tool.kind !== 'read') return true;
    const properties = propertiesOf(tool);
    return !(tool.inputSchema.required ?? []).some(
      (name) => /^id$|Id$/.test(name) || (properties[name] as { format?: string } | undefined)?.format === 'uuid',
    );
  });
  return kept.length > 0 ? kept : tools;
}

/**
 * A bare noun phrase ("review cycles", "pending WFA requests") names something to look at, as a heading would: its
 * best read wins over a write that scores about as well ("break over" still ends a break: no read comes near).
 */
function preferReadOfNounPhrase(request: string, tools: readonly AgentTool[]): ToolGuess | undefined {
  const all = guessWithPeriod(request, tools);
  const text = request.toLowerCase().trim();
  if (!all || WRITE_WORD.test(text) || /\d|\b(?:i|i'm|im|new|to)\b/.test(text)) return all;
  const read = guessWithPeriod(
    request,
    tools.filter((t) => t.kind === 'read'),
  );
  return read && read.score >= all.score - 0.15 ? read : all;
}

/**
 * "My timesheet for this week" asks for the weekly one: time words are stop words, so say it in the tool's words. Only
 * a tie-breaker: "any birthdays this week?" has nothing weekly about which tool, so the reading with the clearer lead
 * wins.
 */
function guessWithPeriod(request: string, tools: readonly AgentTool[]): ToolGuess | undefined {
  const plain = classifyTool(request, tools);
  const withPeriod = withPeriodWords(request);
  if (withPeriod === request) return plain;
  const periodic = classifyTool(withPeriod, tools);
  const lead = (g: ToolGuess | undefined) => (g ? g.score - (g.runnerUp?.score ?? 0) : -1);
  return lead(periodic) >= lead(plain) - 0.05 ? periodic : plain;
}

function withPeriodWords(request: string): string {
  const text = request.toLowerCase();
  const extra = [
    /\b(?:this|next|last|previous) week\b|\bweek of\b/.test(text) ? 'weekly' : '',
    /\b(?:this|next|last|previous) month\b|\bmonth of\b/.test(text) ? 'monthly' : '',
  ].filter(Boolean);
  return extra.length ? `${request} ${extra.join(' ')}` : request;
}

/** The user's words of the current turn: the request, then each answer to a question since, oldest first. */
function turnTexts(messages: readonly AgentMessage[]): string[] {
  const texts: string[] = [];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.role !== 'user') continue;
    texts.unshift(message.text);
    if (messages[i - 1]?.role !== 'question') break;
  }
  return texts;
}

/**
 * Two tools about as near the request (within the confirming margin): the one the request can call and fills more
 * arguments of is the guess, and the other no rival. "List the approval flows": `list_approval_flows` takes none,
 * `get_approval_flow` needs a request type the request does not name; "show the approval flow of leave" fills that
 * request type. Otherwise (both alike) the guess as it was.
 */
function fillableOfTie(guess: ToolGuess | undefined, request: string, ctx: PlanContext): ToolGuess | undefined {
  const rival = guess?.runnerUp;
  if (!guess || !rival || guess.score - rival.score >= CLASSIFIER_THRESHOLDS.confirm.margin) return guess;
  // -1 for a tool the request cannot call without asking; else how many of its arguments the request fills.
  const fit = (name: string) => {
    const tool = ctx.tools.find((t) => t.name === name);
    if (!tool) return -1;
    const { args, missing } = slotsFor(tool, request, ctx.today);
    return missing.length > 0 ? -1 : Object.keys(args).length;
  };
  const [first, second] = [fit(guess.tool), fit(rival.tool)];
  if (first === second) return guess;
  const chosen = first > second ? guess : rival;
  return { tool: chosen.tool, score: chosen.score };
}

/**
 * The step for a request the rules read as unknown, or undefined when the classifier is unsure (the caller replies
 * that it did not understand). `results` are the turn's tool results so far.
 */
export function planClassified(
  messages: readonly AgentMessage[],
  results: readonly TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const said = turnTexts(messages);
  // The request is classified alone: later answers are a "yes" to the confirmation or a slot's value.
  const request = said[0] ?? '';
  const answers = said.slice(1).map((text) => text.trim());
  const confirmed = answers.some((text) => YES.test(text));
  const slotAnswer = answers.filter((text) => !YES.test(text)).at(-1);
  if (request.length > 500) return undefined;
  const guess =
    namedReadTool(request, withoutUnknownIds(request, ctx.tools)) ??
    fillableOfTie(
      preferReadOfNounPhrase(request, withoutUnknownIds(request, toolsOfMode(request, ctx.tools))),
      request,
      ctx,
    );
  const lead = guess ? guess.score - (guess.runnerUp?.score ?? 0) : 0;
  const { act, confirm } = CLASSIFIER_THRESHOLDS;
  if (!guess || guess.score < confirm.score || lead < confirm.margin) return undefined;
  const tool = ctx.tools.find((t) => t.name === guess.tool)!;
  const done = results.filter((r) => r.tool === tool.name);
  if (done.length > 0) {
    if (tool.kind === 'read') return reply(done.map((r) => summariseRead(tool, r)).join('\n'));
    const last = done[done.length - 1]!;
    if (wasDeclined(last)) return reply(`Nothing was done: you declined it (${whatItDoes(tool).toLowerCase()}).`);
    if (!last.ok) return reply(`That did not work: ${errorOf(last).message}`);
    return reply(`Done: ${whatItDoes(tool).toLowerCase()}.`);
  }
  if (results.length > 0) return undefined;
  const { args, missing } = slotsFor(tool, request, ctx.today);
  // Words neither the tool's own nor a filled slot's may be a filter it did not understand: confirm, never guess.
  const slotWords = new Set(stems(Object.values(args).join(' ')));
  const leftOver = unexplainedStems(request, tool.name, ctx.tools).filter(
    (term) =>
      !slotWords.has(term) &&
      !SLOT_MARKERS.has(term) &&
      !MONTH_NAMES.some((month) => term.length >= 3 && month.startsWith(term.slice(0, 3))),
  );
  const named = namedReadTool(request, [tool]) !== undefined;
  if (!confirmed && !named && (guess.score < act.score || lead < act.margin || leftOver.length > 0)) {
    const then = tool.kind === 'read' ? 'look it up' : 'prepare it for your approval';
    const text = `Do you mean: ${whatItDoes(tool).toLowerCase()}? Say yes and I'll ${then}.`;
    return { step: { type: 'question', text, choices: ['yes', 'no'] } };
  }
  // An answer to the question below names the one thing it asked for ("Data Science" for a department's name).
  if (slotAnswer && missing.length === 1 && ['name', 'title'].includes(missing[0]!) && slotAnswer.length <= 200) {
    args[missing[0]!] = slotAnswer.replace(/^["“']|["”'.!]+$/g, '');
    missing.length = 0;
  }
  if (missing.length > 0) {
    const what = missing.map((name) => propertiesOf(tool)[name]?.description ?? name).join('; ');
    const text = `To do that (${whatItDoes(tool).toLowerCase()}), I need: ${what}. What should I use?`;
    return { step: { type: 'question', text } };
  }
  return callTools(
    ctx,
    [{ tool: tool.name, arguments: args }],
    tool.kind === 'read' ? undefined : `I'll ${whatItDoes(tool).toLowerCase()}.`,
  );
}
