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
 * Runs independent commands side by side (with `env` on top of ours), each one's output kept and printed whole when
 * all are done, in the order given, so the log reads as if they had run one after another; answers their exits.
 */
async function stepsTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ({ title, command, args, env = {} }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
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
  return results;
}

const onlyJest = process.argv.slice(2);
let ok = true;
/**
 * The date matrix: the suites whose answers depend on what day it is run again with the tests' calendar clock on
 * days that once broke them or are easy to get wrong: just before Christmas, New Year's Eve, midsummer, a leap day.
 * The main run is on test/support/clock.ts's default day (or SVC_HR_TODAY when set), so with these the suites pass
 * on every kind of day, not only on today.
 *
 * The leave suites, the oldest and the most about days (ranges, balances, holidays, year ends), run on all four;
 * the areas that count days since (expenses, time tracking, compensation, performance, lifecycle, payroll,
 * learning, and the day-bound suites of social, playbook, e-signatures and messages) on the year's end and the leap day, the two that broke most. The killed-worker suites stay out: they
 * show durability, and their days are the timers suites' (leaveApproval/timers, approvalFlows/approvalWorkflow).
 * Two days run side by side, a short one beside a long one; each pair took about 700 s on 2 cores when every
 * suite ran on every day, which with the main run put CI over its hour.
 */
const leaveSuites = [
  'test/integration/leave/',
  'test/integration/leaveApproval/',
  'test/integration/approvalFlows/',
  'test/integration/company/approvalFlows.test.ts',
  'test/integration/company/leaveSetup.test.ts',
  'test/integration/agent/agentRuns.test.ts',
  'test/integration/agent/everydayRequests.test.ts',
  'test/integration/attachments/csvBooking.test.ts',
  'test/integration/mcp/toolsVsRest.test.ts',
  'test/integration/db/seed.test.ts',
];
const areaSuites = [
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
  // Part 4: birthdays and anniversaries (29 February), who is in a policy's scope today, request expiry, paging.
  'test/integration/company/socialCelebrations.test.ts',
  'test/integration/company/playbookAcknowledgements.test.ts',
  'test/integration/company/eSignaturesAccess.test.ts',
  'test/integration/company/messagesPosts.test.ts',
];
const killedWorkerSuites = ['/node_modules/', 'workerRestart\\.test\\.ts$', 'workerKilled\\.test\\.ts$'];
const dateMatrix = [
  { day: '2026-12-20', suites: leaveSuites },
  { day: '2026-12-31', suites: [...leaveSuites, ...areaSuites] },
  { day: '2027-07-01', suites: leaveSuites },
  { day: '2028-02-29', suites: [...leaveSuites, ...areaSuites] },
];

/** Where the jest run `title` writes its JSON results (one file per run: the matrix days run side by side). */
function resultsFileOf(title) {
  return path.join(root, 'test-results', `${title.replace(/[^a-z0-9-]+/gi, '-')}.json`);
}

/** Counts of one jest run from its JSON results; a suite that failed to load counts as a failure. */
function countsOf(file, ok) {
  if (!fs.existsSync(file)) return { ok: false, passed: 0, failed: 1 };
  const results = JSON.parse(fs.readFileSync(file, 'utf8'));
  const unloaded = results.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0);
  return { ok, passed: results.numPassedTests, failed: results.numFailedTests + unloaded.length };
}

/** Runs jest with `args` (and `env` on top of ours); answers its counts from jest's JSON results. */
function jest(title, args, env = {}) {
  const file = resultsFileOf(title);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.rmSync(file, { force: true });
  const ok = step(title, bin('jest'), ['--json', `--outputFile=${file}`, ...args], env);
  return countsOf(file, ok);
}

/**
 * Runs the jest `runs` side by side, each writing its own results, their output printed whole when all are done.
 * The date matrix's suites mostly wait (on Temporal timers, on the database), so two days at once take little
 * longer than one.
 */
async function jestTogether(runs) {
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  for (const run of runs) fs.rmSync(resultsFileOf(run.title), { force: true });
  const finished = await stepsTogether(
    runs.map((run) => ({
      title: run.title,
      command: bin('jest'),
      args: ['--json', `--outputFile=${resultsFileOf(run.title)}`, ...run.args],
      env: run.env,
    })),
  );
  return runs.map((run, i) => countsOf(resultsFileOf(run.title), finished[i].code === 0));
}

async function main() {
  if (onlyJest.length === 0) {
    const started = Date.now();
    const checks = await stepsTogether([
      { title: 'lint', command: bin('eslint'), args: ['.'] },
      { title: 'format', command: bin('prettier'), args: ['--check', '.'] },
      { title: 'type check', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
      // client/ is its own package (DOM, JSX): the root check covers what tests import of it, this the rest.
      { title: 'type check (client)', command: bin('tsc'), args: ['-p', 'client/tsconfig.json', '--noEmit'] },
      // The OpenAPI document as Redocly's linter reads it (redocly.yaml), built from dist/ (pretest builds it).
      { title: 'OpenAPI lint', command: process.execPath, args: ['scripts/openApiLint.js'] },
    ]);
    ok = checks.every((check) => check.code === 0);
    process.stdout.write(`== static checks, side by side: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  await runJest();
}

async function runJest() {
  let passed = 0;
  let failed = 0;
  const add = (result) => {
    ok = result.ok && ok;
    passed += result.passed;
    failed += result.failed;
  };
  add(jest('jest', onlyJest));
  if (onlyJest.length === 0 || process.env.SVC_HR_TEST_DATE_MATRIX === '1') {
    const days = dateMatrix.map(({ day, suites }) => ({
      title: `jest, date-sensitive suites on ${day}`,
      args: ['--selectProjects', 'integration', '--testPathIgnorePatterns', ...killedWorkerSuites, '--', ...suites],
      env: { SVC_HR_TODAY: day },
    }));
    for (let i = 0; i < days.length; i += 2) {
      const started = Date.now();
      for (const result of await jestTogether(days.slice(i, i + 2))) add(result);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`== date matrix, two days side by side: ${seconds} s\n`);
    }
  }
  if (!ok && failed === 0) failed = 1;
  process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

void main();
