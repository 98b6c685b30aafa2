/**
 * `npm run eval`: a model on the evaluation corpus (eval/README.md). Each row is the first message of a conversation,
 * said by its demo person on its day (Europe/Paris), with the whole catalogue (eval/catalogue.ts). Prints, per split
 * and per tool, how many steps were correct, asked, confidently wrong or missed, the totals, and whether issue 22's
 * thresholds hold. Flags: --split train|validation, --show-wrong, --json, --catalogue agent|mcp, and --model (default
 * the built-in model; an AI SDK provider spec as SVC_HR_MODEL takes it, with its key from the environment, to compare a
 * frontier model with the built-in one on the same rows), --limit N (the first N rows of each split: a provider costs
 * money), --concurrency N (provider calls at once). Exits 0 whatever the figures; npm test holds validation to
 * eval/floor.ts.
 */

import { parseArgs } from 'node:util';
import { builtinStep } from '../model/builtin/builtinModel';
import { parseModelSpec, resolveModel } from '../model/resolveModel';
import type { AgentModel, AgentTool, ModelInput, ModelStep } from '../model/types';
import { demoPeople } from '../prisma/seed/demoPeople';
import { CATALOGUES, type CatalogueName, evalCatalogue } from './catalogue';
import { type CorpusRow, SPLITS, type Split, loadSplit, rowStratum } from './corpus';
import { type Judgement, VERDICTS, type Verdict, judge } from './score';

/** Issue 22's "Done when": at least 97 % of plans right, at most 0.5 % confidently wrong actions. */
export const THRESHOLDS = { correct: 0.97, confidentlyWrong: 0.005 } as const;

const TIME_ZONE = 'Europe/Paris';

interface Outcome {
  row: CorpusRow;
  step: ModelStep;
  judgement: Judgement;
}

type Counts = Record<Verdict, number> & { rows: number; approvalsProposed: number };

function inputFor(row: CorpusRow, tools: AgentTool[]): ModelInput {
  const person = demoPeople[row.user];
  return {
    messages: [{ role: 'user', text: row.text }],
    tools,
    today: row.today,
    timeZone: TIME_ZONE,
    user: { name: person.name, role: person.role },
  };
}

// A crash is the model's failure on that row, not the evaluation's: it shows as a reply the user would not get.
const crashed = (error: unknown): ModelStep => ({
  type: 'reply',
  text: `(the model threw: ${(error as Error).message})`,
});

function planSafely(input: ModelInput): ModelStep {
  try {
    return builtinStep(input);
  } catch (error) {
    return crashed(error);
  }
}

function count(outcomes: readonly Outcome[]): Counts {
  const counts = { rows: outcomes.length, approvalsProposed: 0 } as Counts;
  for (const verdict of VERDICTS) counts[verdict] = 0;
  for (const { judgement } of outcomes) {
    counts[judgement.verdict] += 1;
    if (judgement.proposesApproval) counts.approvalsProposed += 1;
  }
  return counts;
}

const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)} %` : '-');

function summary(counts: Counts) {
  const correct = counts.rows ? counts.correct / counts.rows : 0;
  const confidentlyWrong = counts.rows ? counts.confidently_wrong / counts.rows : 0;
  return {
    ...counts,
    correctRate: correct,
    confidentlyWrongRate: confidentlyWrong,
    holds: {
      correct: correct >= THRESHOLDS.correct,
      confidentlyWrong: confidentlyWrong <= THRESHOLDS.confidentlyWrong,
    },
  };
}

function table(outcomes: readonly Outcome[]): string {
  const byTool = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    const stratum = rowStratum(outcome.row.expected);
    byTool.set(stratum, [...(byTool.get(stratum) ?? []), outcome]);
  }
  const lines = [
    `  ${'tool'.padEnd(36)} ${'rows'.padStart(5)} ${'correct'.padStart(8)} ${'asked'.padStart(6)} ${'conf.wrong'.padStart(10)} ${'missed'.padStart(7)}  correct`,
  ];
  for (const [tool, group] of [...byTool].sort(([a], [b]) => a.localeCompare(b))) {
    const c = count(group);
    lines.push(
      `  ${tool.padEnd(36)} ${String(c.rows).padStart(5)} ${String(c.correct).padStart(8)} ${String(c.asked).padStart(6)} ${String(c.confidently_wrong).padStart(10)} ${String(c.missed).padStart(7)}  ${pct(c.correct, c.rows)}`,
    );
  }
  const s = summary(count(outcomes));
  lines.push(
    `  ${'TOTAL'.padEnd(36)} ${String(s.rows).padStart(5)} ${String(s.correct).padStart(8)} ${String(s.asked).padStart(6)} ${String(s.confidently_wrong).padStart(10)} ${String(s.missed).padStart(7)}  ${pct(s.correct, s.rows)}`,
    `  correct ${pct(s.correct, s.rows)} (threshold >= ${THRESHOLDS.correct * 100} %): ${s.holds.correct ? 'holds' : 'does NOT hold'}`,
    `  confidently wrong ${pct(s.confidently_wrong, s.rows)} (threshold <= ${THRESHOLDS.confidentlyWrong * 100} %): ${s.holds.confidentlyWrong ? 'holds' : 'does NOT hold'}; of them proposing an approval: ${s.approvalsProposed}`,
  );
  return lines.join('\n');
}

/**
 * The forms issue 22's "Where it stands" names, by the tag their rows carry: each must pass on validation ("Done
 * when"), so they get a line of their own.
 */
export const ISSUE_FORMS: Readonly<Record<string, string>> = {
  'date:first-no-month': 'a first day without its month ("Tuesday 3rd to Thursday 5th March")',
  'date:first-no-year': 'a first date without its year',
  'week-of': '"the week of <date>"',
  'listed-days': 'listed days ("on the 9th and 10th of May")',
  'date:us-numeric': 'US month/day dates',
  'company-requests': "a team's or a person's requests",
  'for-other': "someone else's leave",
  balances: 'balances ("how many days of annual leave do I have left?")',
  outbound: 'outbound tool calls ("call the echo tool of the X server …")',
};

/** Per form of ISSUE_FORMS: rows, right, confidently wrong. */
export function formsTable(outcomes: readonly Outcome[]): string {
  const lines = ['  forms of "Where it stands" (tag: rows, right, confidently wrong)'];
  for (const [tag, what] of Object.entries(ISSUE_FORMS)) {
    const c = count(outcomes.filter((o) => o.row.tags?.includes(tag)));
    const all = c.rows > 0 && c.correct === c.rows ? 'all pass' : 'NOT all pass';
    lines.push(
      `  ${tag.padEnd(20)} ${String(c.rows).padStart(3)} ${String(c.correct).padStart(3)} ${String(c.confidently_wrong).padStart(3)}  ${all}: ${what}`,
    );
  }
  return lines.join('\n');
}

function describeStep(step: ModelStep): string {
  if (step.type === 'tool_calls')
    return step.calls.map((call) => `${call.tool} ${JSON.stringify(call.arguments)}`).join(' + ');
  return `${step.type}: ${step.text.replace(/\s+/g, ' ').slice(0, 140)}`;
}

/** Runs the built-in model on the rows of the splits asked for. */
export function evaluate(splits: readonly Split[], catalogue: CatalogueName = 'agent'): Map<Split, Outcome[]> {
  const tools = evalCatalogue(catalogue);
  return new Map(
    splits.map((split) => [
      split,
      loadSplit(split).map((row) => {
        const step = planSafely(inputFor(row, tools));
        return { row, step, judgement: judge(row, step, tools) };
      }),
    ]),
  );
}

/** What `evaluateModel` runs, besides the splits. */
export interface ModelEvaluation {
  catalogue?: CatalogueName;
  /** The first `limit` rows of each split only. */
  limit?: number;
  /** How many rows are planned at once (provider calls in flight). */
  concurrency?: number;
}

/**
 * Runs any agent model (an AI SDK provider through `resolveModel`) on the same rows and judges its steps the same
 * way. A provider's failure on a row (a refused request, a network error) counts as that row's crash, like the
 * built-in model's; rows keep their order whatever finishes first.
 */
export async function evaluateModel(
  model: AgentModel,
  splits: readonly Split[],
  options: ModelEvaluation = {},
): Promise<Map<Split, Outcome[]>> {
  const tools = evalCatalogue(options.catalogue ?? 'agent');
  const concurrency = Math.max(1, Math.min(32, options.concurrency ?? 4));
  const results = new Map<Split, Outcome[]>();
  for (const split of splits) {
    const rows = loadSplit(split).slice(0, options.limit ?? Infinity);
    const outcomes: Outcome[] = new Array(rows.length);
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < rows.length; i = next++) {
        const row = rows[i]!;
        const step = await model.next(inputFor(row, tools)).catch(crashed);
        outcomes[i] = { row, step, judgement: judge(row, step, tools) };
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    results.set(split, outcomes);
  }
  return results;
}

/**
 * The model `spec` names, with its key from `env`: an error when the key is missing, rather than the built-in model
 * under the provider's name (resolveModel's fallback suits the worker, not a comparison).
 */
export function evalModel(spec: string, env: NodeJS.ProcessEnv = process.env): AgentModel {
  parseModelSpec(spec);
  const resolved = resolveModel(spec, {
    openai: env.OPENAI_API_KEY,
    anthropic: env.ANTHROPIC_API_KEY,
    openaiCompatible: env.OPENAI_COMPATIBLE_API_KEY,
  });
  if (resolved.fallbackReason)
    throw new Error(resolved.fallbackReason.replace('the built-in model runs instead', 'set it'));
  return resolved.model;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string' },
      'show-wrong': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      catalogue: { type: 'string', default: 'agent' },
      model: { type: 'string', default: 'builtin' },
      limit: { type: 'string' },
      concurrency: { type: 'string', default: '4' },
    },
  });
  if (values.split && !SPLITS.includes(values.split as Split))
    throw new Error(`--split must be one of ${SPLITS.join(', ')}`);
  if (!CATALOGUES.includes(values.catalogue as CatalogueName))
    throw new Error(`--catalogue must be one of ${CATALOGUES.join(', ')}`);
  const splits = values.split ? [values.split as Split] : [...SPLITS];
  const catalogue = values.catalogue as CatalogueName;
  const modelName = values.model.trim() || 'builtin';
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new Error('--limit must be a positive integer');
  const results =
    modelName === 'builtin' && limit === undefined
      ? evaluate(splits, catalogue)
      : await evaluateModel(evalModel(modelName), splits, {
          catalogue,
          limit,
          concurrency: Number(values.concurrency),
        });

  if (values.json) {
    const report = Object.fromEntries(
      [...results].map(([split, outcomes]) => [
        split,
        {
          ...summary(count(outcomes)),
          perTool: Object.fromEntries(
            [...new Set(outcomes.map((o) => rowStratum(o.row.expected)))]
              .sort()
              .map((tool) => [tool, count(outcomes.filter((o) => rowStratum(o.row.expected) === tool))]),
          ),
          ...(values['show-wrong']
            ? {
                wrong: outcomes
                  .filter((o) => o.judgement.verdict !== 'correct')
                  .map((o) => ({ id: o.row.id, text: o.row.text, ...o.judgement, planned: describeStep(o.step) })),
              }
            : {}),
        },
      ]),
    );
    process.stdout.write(
      `${JSON.stringify({ model: modelName, catalogue, thresholds: THRESHOLDS, splits: report }, null, 2)}\n`,
    );
    return;
  }
  for (const [split, outcomes] of results) {
    process.stdout.write(`\n== ${split} (${outcomes.length} rows, model ${modelName}, catalogue ${catalogue})\n`);
    process.stdout.write(`${table(outcomes)}\n${formsTable(outcomes)}\n`);
    if (!values['show-wrong']) continue;
    process.stdout.write(`\n  wrong rows of ${split}:\n`);
    for (const { row, step, judgement } of outcomes) {
      if (judgement.verdict === 'correct') continue;
      process.stdout.write(
        `  ${row.id} [${judgement.verdict}] "${row.text}" (${row.user}, ${row.today})\n      planned: ${describeStep(step)}\n      why: ${judgement.why ?? ''}\n`,
      );
    }
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`eval: ${(error as Error).message}\n`);
    process.exitCode = 1;
  });
}
