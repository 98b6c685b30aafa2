/**
 * The evaluation corpus (eval/README.md): everyday requests to the HR agent, each labelled with what a careful
 * assistant does with it as the first message of a conversation. Two files: `train` (may be read to improve the
 * model) and `validation` (never read by anything under model/, see test/unit/eval/corpus.test.ts).
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The corpus files, by split. Only eval/ and its test name them. */
export const SPLITS = ['train', 'validation'] as const;
export type Split = (typeof SPLITS)[number];

export const CORPUS_DIR = join(__dirname, 'corpus');

/** The demo people (prisma/seed/demoPeople.ts) the rows are said by. */
export const ACTING_USERS = [
  'alice',
  'bob',
  'carol',
  'manager',
  'director',
  'hr',
  'owner',
  'admin',
  'salesManager',
  'marketingManager',
] as const;

const Args = z.record(z.string(), z.unknown());
const ExpectedCall = z.object({ tool: z.string(), args: Args });

/**
 * What the row expects. `tool`: one call of `tool` (or of a tool in `alt`) with at least `args`; `employee` names the
 * other person the call is for, whom the model must find first (it cannot know their id). `tools`: several calls at
 * once. `question`: a clarifying question (or, with `alt`, a read of one of those tools that shows the choices).
 * `answer`: a reply without tools. `refusal`: a reply saying it cannot.
 */
export const Expected = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tool'),
    tool: z.string(),
    args: Args,
    alt: z.array(z.string()).optional(),
    employee: z.string().optional(),
  }),
  z.object({ kind: z.literal('tools'), calls: z.array(ExpectedCall).min(2) }),
  z.object({ kind: z.literal('question'), alt: z.array(z.string()).optional() }),
  z.object({ kind: z.literal('answer') }),
  z.object({ kind: z.literal('refusal') }),
]);
export type Expected = z.infer<typeof Expected>;

export const CorpusRow = z.object({
  id: z.string().regex(/^r\d{4}$/),
  text: z.string().min(1),
  user: z.enum(ACTING_USERS),
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  expected: Expected,
  tags: z.array(z.string()),
});
export type CorpusRow = z.infer<typeof CorpusRow>;

/** The file of a split, relative to the repository root (what the isolation test greps for). */
export function corpusFile(split: Split): string {
  return join(CORPUS_DIR, `${split}.jsonl`);
}

/** Reads and checks one split; a malformed line throws with its line number. */
export function loadSplit(split: Split): CorpusRow[] {
  const lines = readFileSync(corpusFile(split), 'utf8').split('\n');
  return lines.flatMap((line, index) => {
    if (!line.trim()) return [];
    const parsed = CorpusRow.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${split}.jsonl line ${index + 1}: ${parsed.error.message}`);
    return [parsed.data];
  });
}

/** The tool a row is counted under: its expected tool, or its kind when it expects no tool. */
export function rowStratum(expected: Expected): string {
  if (expected.kind === 'tool') return expected.tool;
  if (expected.kind === 'tools') return expected.calls[0]!.tool;
  return `(${expected.kind})`;
}
