/**
 * Issue 22: "Planning stays fast: p50 of one planning step under 5 ms on this machine, beside a no-op step." One
 * planning step of the built-in model is `builtinStep` on a request's first message with the whole agent catalogue,
 * timed on every train row of the evaluation corpus (the validation split stays unread outside `npm run eval` and its
 * floor test). The no-op step is the same call shape (the same input, a step object answered) doing no planning: what
 * an `AgentModel` costs at the least. Rounds alternate the two so that a noisy neighbour hits both.
 *
 *   npm run bench planning            (SVC_HR_BENCH_PLANNING_ROUNDS, default 5)
 */

import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { builtinStep } from '../model/builtin/builtinModel';
import type { ModelInput, ModelStep } from '../model/types';
import { demoPeople } from '../prisma/seed/demoPeople';
import { evalCatalogue } from '../eval/catalogue';
import { loadSplit } from '../eval/corpus';
import { median, percentile, printTable } from './report';

const ROUNDS = Number(process.env.SVC_HR_BENCH_PLANNING_ROUNDS ?? 5);
const TARGET_P50_MS = 5;

function noopStep(input: ModelInput): ModelStep {
  return { type: 'reply', text: input.today };
}

function timeEach(inputs: readonly ModelInput[], step: (input: ModelInput) => ModelStep): number[] {
  return inputs.map((input) => {
    const start = performance.now();
    step(input);
    return performance.now() - start;
  });
}

function main(): void {
  const tools = evalCatalogue('agent');
  const inputs: ModelInput[] = loadSplit('train').map((row) => ({
    messages: [{ role: 'user', text: row.text }],
    tools,
    today: row.today,
    timeZone: 'Europe/Paris',
    user: { name: demoPeople[row.user].name, role: demoPeople[row.user].role },
  }));
  // Warm-up: module-level indexes, JIT.
  timeEach(inputs, builtinStep);
  timeEach(inputs, noopStep);

  const planning: number[] = [];
  const noop: number[] = [];
  const perRound: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    noop.push(...timeEach(inputs, noopStep));
    const times = timeEach(inputs, builtinStep);
    planning.push(...times);
    perRound.push(median(times).toFixed(3));
  }

  const noopP50 = median(noop);
  printTable(`planning one step, ${inputs.length} train requests x ${ROUNDS} rounds (ms; ratio to the no-op step)`, [
    ['no-op step p50', noopP50, 1],
    ['no-op step p99', percentile(noop, 99), percentile(noop, 99) / noopP50],
    ['built-in model step p50', median(planning), median(planning) / noopP50],
    ['built-in model step p95', percentile(planning, 95), percentile(planning, 95) / noopP50],
    ['built-in model step p99', percentile(planning, 99), percentile(planning, 99) / noopP50],
    ['built-in model step max', Math.max(...planning), Math.max(...planning) / noopP50],
  ]);
  console.log(`  p50 per round (ms): ${perRound.join(' ')}`);
  const p50 = median(planning);
  console.log(
    `  target p50 < ${TARGET_P50_MS} ms: ${p50 < TARGET_P50_MS ? 'met' : 'NOT met'} (${p50.toFixed(3)} ms; load average ${loadavg()[0]!.toFixed(1)})`,
  );
  adversarial(tools);
}

/**
 * Messages of the API's maximum length (8 000 characters) built to make a pattern backtrack: a phrase that a rule
 * reads, repeated. Each is planned once, beside the same step on the train rows above; the slowest is the one to
 * look at (a regex with nested `.*` once took 2.6 s on "delete all " repeated). Printed, never asserted.
 */
function adversarial(tools: ModelInput['tools']): void {
  const MAX = 8000;
  const fill = (phrase: string) => phrase.repeat(Math.ceil(MAX / phrase.length)).slice(0, MAX);
  const phrases = [
    'delete all ',
    'book leave from 1 to 2 ',
    'the week of 3 may ',
    'every friday ',
    'move my leave from monday to ',
    'approve ',
    'around christmas or so ',
    'who is off ',
    '12/05 ',
    'a',
    '"quoted" ',
    'call the echo tool of the everything server with ',
  ];
  const timed = phrases.map((phrase) => {
    const input: ModelInput = {
      messages: [{ role: 'user', text: fill(phrase) }],
      tools,
      today: '2026-11-25',
      timeZone: 'Europe/Paris',
      user: { name: 'Alice Anders', role: 'EMPLOYEE' },
    };
    const start = performance.now();
    builtinStep(input);
    return { phrase, ms: performance.now() - start };
  });
  timed.sort((a, b) => b.ms - a.ms);
  console.log(`\nadversarial ${MAX}-character messages, one step each (ms), slowest first:`);
  for (const { phrase, ms } of timed) console.log(`  ${ms.toFixed(1).padStart(8)}  "${phrase.trim()}" repeated`);
}

main();
