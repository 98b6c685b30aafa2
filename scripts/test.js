#!/usr/bin/env node
// `npm test`: lint, type check, then every jest suite (unit, integration, e2e) against the real PostgreSQL
// and a real Temporal dev server that the suites start themselves, then the date-sensitive suites again on the
// days of the date matrix (below). Ends with one line `tests: N passed, N failed` counted from jest's JSON
// results. `npm test -- <jest args>` runs jest alone with those args (SVC_HR_TEST_DATE_MATRIX=1 adds the matrix).
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const resultsFile = path.join(root, 'test-results', 'jest.json');

function step(title, command, args, env = {}) {
  process.stdout.write(`\n== ${title}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  process.stdout.write(
    `== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return result.status === 0;
}

/**
 * Runs independent checks side by side (they read the tree and write nothing), each one's output kept and printed
 * whole when all are done, in the order given, so the log reads as if they had run one after another.
 */
async function stepsTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => resolve({ title, code, output, seconds: (Date.now() - started) / 1000 }));
        }),
    ),
  );
  for (const { title, code, output, seconds } of results) {
    process.stdout.write(`\n== ${title}\n`);
    process.stdout.write(Buffer.concat(output));
    process.stdout.write(`== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s\n`);
  }
  return results.every((result) => result.code === 0);
}

const onlyJest = process.argv.slice(2);
let ok = true;
/**
 * The date matrix: the suites whose answers depend on what day it is (leave, agent booking, reports, balances,
 * seed) run again with the tests' calendar clock on days that once broke them or are easy to get wrong: just
 * before Christmas, New Year's Eve, a leap day, midsummer. The main run is on test/support/clock.ts's default
 * day (or SVC_HR_TODAY when set), so with these the suites pass on every kind of day, not only on today.
 */
const dateMatrixDays = ['2026-12-20', '2026-12-31', '2027-07-01', '2028-02-29'];
const dateSensitiveSuites = [
  'test/integration/leave/',
  'test/integration/leaveApproval/',
  'test/integration/approvalFlows/',
  'test/integration/company/approvalFlows.test.ts',
  'test/integration/company/leaveSetup.test.ts',
  'test/integration/company/expenses',
  'test/integration/company/timeTracking',
  'test/integration/timeTracking/',
  'test/integration/company/compensation.test.ts',
  'test/integration/compensation/',
  'test/integration/performance/',
  'test/integration/lifecycle/',
  'test/integration/company/payroll.test.ts',
  'test/integration/company/learning.test.ts',
  'test/integration/learning/',
  'test/e2e/payrollMonth.test.ts',
  'test/integration/agent/agentRuns.test.ts',
  'test/integration/attachments/csvBooking.test.ts',
  'test/integration/mcp/toolsVsRest.test.ts',
  'test/integration/db/seed.test.ts',
];

/** Runs jest with `args` (and `env` on top of ours); answers its counts from jest's JSON results. */
function jest(title, args, env = {}) {
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.rmSync(resultsFile, { force: true });
  const ok = step(title, bin('jest'), ['--json', `--outputFile=${resultsFile}`, ...args], env);
  if (!fs.existsSync(resultsFile)) return { ok: false, passed: 0, failed: 1 };
  const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  // A suite that failed to load counts as a failure even though it ran no test.
  const unloaded = results.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0);
  return { ok, passed: results.numPassedTests, failed: results.numFailedTests + unloaded.length };
}

async function main() {
  if (onlyJest.length === 0) {
    const started = Date.now();
    ok = await stepsTogether([
      { title: 'lint', command: bin('eslint'), args: ['.'] },
      { title: 'format', command: bin('prettier'), args: ['--check', '.'] },
      { title: 'type check', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
      // client/ is its own package (DOM, JSX): the root check covers what tests import of it, this the rest.
      { title: 'type check (client)', command: bin('tsc'), args: ['-p', 'client/tsconfig.json', '--noEmit'] },
    ]);
    process.stdout.write(`== static checks, side by side: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  runJest();
}

function runJest() {
  let passed = 0;
  let failed = 0;
  const runs = [{ title: 'jest', args: onlyJest, env: {} }];
  if (onlyJest.length === 0 || process.env.SVC_HR_TEST_DATE_MATRIX === '1') {
    for (const day of dateMatrixDays) {
      const args = ['--selectProjects', 'integration', '--', ...dateSensitiveSuites];
      runs.push({ title: `jest, date-sensitive suites on ${day}`, args, env: { SVC_HR_TODAY: day } });
    }
  }
  for (const run of runs) {
    const result = jest(run.title, run.args, run.env);
    ok = result.ok && ok;
    passed += result.passed;
    failed += result.failed;
  }
  if (!ok && failed === 0) failed = 1;
  process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

void main();
