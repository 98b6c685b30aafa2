/**
 * Which catalogue tool a request the keyword rules did not understand asks for: nearest labelled utterance by TF-IDF
 * cosine over stemmed words. Each tool is described by its examples (toolUtterances.ts), its name ("list
 * courses") and the first sentence of its description, so a tool with no examples is still found by its own words.
 * The index is built once per process; a query costs a pass over the examples sharing one of its words.
 *
 * A guess is only as good as its margin: the caller acts on it when the best tool clearly beats the next one and asks
 * or declines otherwise.
 */

import { FIRST_NAMES } from './firstNames';
import { TOOL_EXAMPLES } from './toolUtterances';
import type { AgentTool } from '../types';

/** Words that say nothing about which tool: questions, pronouns, politeness, verbs every read shares. */
const STOP = new Set(
  (
    'a an the of in on at to for from by with and or is are am be do does did have has i me my we our us you your ' +
    'it its this that these those what which who whom how when where there their them they can could would should ' +
    'please pls show list get give tell see view read let know find display all any some every want need like just ' +
    'now right currently yet still one ones about as up out so if than then also too make ' +
    // Words of time say when, not what: a date the rules could not read is no reason to pick a tool.
    'next last after before week weeks day days today tomorrow yesterday month'
  ).split(' '),
);

/** A word's stem: enough folding for "courses"/"course", "enrolments"/"enrolment", "licences"/"licence". */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The stems of a text's content words. */
export function stems(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => !STOP.has(w)).map(stem);
}

interface Example {
  tool: string;
  weights: Map<string, number>;
  norm: number;
}

interface Index {
  examples: Example[];
  idf: Map<string, number>;
  byStem: Map<string, Example[]>;
  vocabulary: string[];
}

/** The texts that describe `tool`: its examples, its name's words, its description's first sentence. */
function textsOf(tool: AgentTool): string[] {
  const name = tool.name.replace(/^(?:list|get|mcp)_/, '').replace(/_/g, ' ');
  const first = tool.description.split(/(?<=[.:;])\s/)[0] ?? '';
  return [...(TOOL_EXAMPLES[tool.name] ?? []), name, first];
}

const indexes = new WeakMap<readonly AgentTool[], Index>();
const byNames = new Map<string, Index>();

/** The index of a catalogue, built once per distinct set of tool names. */
function indexOf(tools: readonly AgentTool[]): Index {
  const cached = indexes.get(tools);
  if (cached) return cached;
  const key = tools
    .map((t) => t.name)
    .sort()
    .join(' ');
  let index = byNames.get(key);
  if (!index) {
    index = buildIndex(tools);
    // A bounded cache: a process sees a handful of catalogues (one per scope set).
    if (byNames.size > 64) byNames.clear();
    byNames.set(key, index);
  }
  indexes.set(tools, index);
  return index;
}

function buildIndex(tools: readonly AgentTool[]): Index {
  const docs: Array<{ tool: string; terms: string[] }> = [];
  for (const tool of tools) for (const text of textsOf(tool)) docs.push({ tool: tool.name, terms: stems(text) });
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc.terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = new Map([...df].map(([term, n]) => [term, Math.log(1 + docs.length / n)]));
  const examples: Example[] = [];
  const byStem = new Map<string, Example[]>();
  for (const doc of docs) {
    const weights = new Map<string, number>();
    for (const term of new Set(doc.terms)) weights.set(term, idf.get(term)!);
    const norm = Math.sqrt([...weights.values()].reduce((sum, w) => sum + w * w, 0));
    if (norm === 0) continue;
    const example = { tool: doc.tool, weights, norm };
    examples.push(example);
    for (const term of weights.keys()) byStem.set(term, [...(byStem.get(term) ?? []), example]);
  }
  return { examples, idf, byStem, vocabulary: [...idf.keys()] };
}

/** One edit apart (a typo): "notifcations" for "notification". */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * A query stem as the index knows it: itself, or the one vocabulary stem a typo away (long words only). A person's
 * first name is no typo ("marcus" is not "march").
 */
function known(term: string, index: Index): string | undefined {
  if (index.idf.has(term)) return term;
  if (term.length < 5 || FIRST_NAMES.has(term) || FIRST_NAMES.has(`${term}s`)) return undefined;
  const near = index.vocabulary.filter((v) => v.length >= 4 && oneEditApart(term, v));
  return near.length === 1 ? near[0] : undefined;
}

/**
 * The words of `text` the tool's own texts do not hold (typos folded): what the request says beyond asking for the
 * tool, perhaps a filter. A classified call acts at once only when nothing is left over (classifiedPlan.ts).
 */
export function unexplainedStems(text: string, toolName: string, tools: readonly AgentTool[]): string[] {
  const index = indexOf(tools);
  const own = new Set<string>();
  for (const example of index.examples)
    if (example.tool === toolName) for (const t of example.weights.keys()) own.add(t);
  return stems(text)
    .map((raw) => known(raw, index) ?? raw)
    .filter((term) => !own.has(term));
}

/** A ranked guess: the best tool, its cosine, and the best score of any other tool. */
export interface ToolGuess {
  tool: string;
  score: number;
  runnerUp?: { tool: string; score: number };
}

/** The tools of `tools` ranked for `text`, best first (each tool once, by its best example). */
export function rankTools(text: string, tools: readonly AgentTool[]): Array<{ tool: string; score: number }> {
  const index = indexOf(tools);
  const query = new Map<string, number>();
  for (const raw of stems(text)) {
    const term = known(raw, index);
    if (term) query.set(term, index.idf.get(term)!);
  }
  const queryNorm = Math.sqrt([...query.values()].reduce((sum, w) => sum + w * w, 0));
  if (queryNorm === 0) return [];
  const best = new Map<string, number>();
  const seen = new Set<Example>();
  for (const term of query.keys()) {
    for (const example of index.byStem.get(term) ?? []) {
      if (seen.has(example)) continue;
      seen.add(example);
      let dot = 0;
      for (const [t, w] of query) dot += w * (example.weights.get(t) ?? 0);
      const score = dot / (queryNorm * example.norm);
      if (score > (best.get(example.tool) ?? 0)) best.set(example.tool, score);
    }
  }
  return [...best].map(([tool, score]) => ({ tool, score })).sort((a, b) => b.score - a.score);
}

/** The best tool for `text` with the runner-up, or undefined when no example shares a word with it. */
export function classifyTool(text: string, tools: readonly AgentTool[]): ToolGuess | undefined {
  const [first, second] = rankTools(text, tools);
  if (!first) return undefined;
  return { ...first, ...(second ? { runnerUp: second } : {}) };
}
