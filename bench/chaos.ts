/**
 * The chaos harness (issue 25): real processes (a Temporal dev server on its db file, two `svc-hr worker`, two
 * `svc-hr api`, PostgreSQL with a fresh database, Redis), a workload flowing through the HTTP API (agent runs, leave
 * requests, expense claims through their approval flow), and a fault at a
 * seeded random moment each cycle (SIGKILL of a worker, an API, Temporal; PostgreSQL connections cut; the webhook
 * receiver killed). Then the invariants, over everything that happened. Prints the table; exits 1 when an
 * invariant broke. The built CLI runs the processes: `npm run build` first.
 *
 *   npm run chaos -- --cycles 50 [--seed 1234]
 */
import { runChaos } from './chaos/run';
import { chaosTable } from './chaos/report';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const cycles = Number(option('cycles') ?? 10);
  const seed = Number(option('seed') ?? Math.floor(Math.random() * 1_000_000));
  if (!Number.isInteger(cycles) || cycles < 1 || !Number.isInteger(seed)) {
    throw new Error('usage: npm run chaos -- --cycles N [--seed S]');
  }
  console.log(`chaos: seed ${seed} (replay with --seed ${seed}), ${cycles} cycles`);
  const summary = await runChaos({ cycles, seed });
  console.log(chaosTable(summary));
  process.exitCode = summary.invariants.some((i) => i.broken > 0) ? 1 : 0;
}

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
