import { runChaos } from '../../bench/chaos/run';
import { chaosTable } from '../../bench/chaos/report';
import { createTestDatabase } from '../support/database';

/**
 * Six cycles of the chaos harness (bench/chaos.ts, issue 25) with a fixed seed (33: each of the six kinds of fault
 * once): real processes (Temporal on its db file, two workers, two APIs, a connector, PostgreSQL, Redis), agent runs
 * (leave bookings and outbound calls), leave requests and expense claims (approved or rejected through Approval Flows)
 * flowing through the HTTP API, a fault at a seeded moment each cycle; then every invariant must hold. `npm run chaos -- --cycles 50` is the long run. Uses the built CLI
 * (`npm run build`, as `npm test` does first).
 */
describe('the chaos harness, six cycles', () => {
  it('holds every invariant under random faults', async () => {
    const lines: string[] = [];
    const summary = await runChaos({
      cycles: 6,
      seed: 33,
      cycleMs: [500, 2000],
      log: (line) => lines.push(line),
      database: createTestDatabase,
    });
    const table = chaosTable(summary);
    process.stdout.write(`${table}\n`);
    const broken = summary.invariants.filter((i) => i.broken > 0);
    if (broken.length > 0) throw new Error(`${table}\n--- harness log ---\n${lines.join('\n')}`);
    expect(broken).toEqual([]);
    expect([...summary.faults.values()].reduce((a, b) => a + b, 0)).toBe(6);
  }, 300_000);
});
