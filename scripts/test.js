#!/usr/bin/env node
// `npm test`: lint, type check, then every jest suite (unit, integration, e2e) against the real PostgreSQL
// and a real Temporal dev server that the suites start themselves. Ends with one line
// `tests: N passed, N failed` counted from jest's JSON results.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const resultsFile = path.join(root, 'test-results', 'jest.json');

function step(title, command, args) {
  process.stdout.write(`\n== ${title}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  process.stdout.write(
    `== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return result.status === 0;
}

const onlyJest = process.argv.slice(2);
let ok = true;
if (onlyJest.length === 0) {
  ok = step('lint', bin('eslint'), ['.']) && ok;
  ok = step('format', bin('prettier'), ['--check', '.']) && ok;
  ok = step('type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']) && ok;
  // client/ is its own package (DOM, JSX): the root check covers what tests import of it, this the rest.
  ok = step('type check (client)', bin('tsc'), ['-p', 'client/tsconfig.json', '--noEmit']) && ok;
}
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.rmSync(resultsFile, { force: true });
ok = step('jest', bin('jest'), ['--json', `--outputFile=${resultsFile}`, ...onlyJest]) && ok;

let passed = 0;
let failed = 0;
if (fs.existsSync(resultsFile)) {
  const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests;
  // A suite that failed to load counts as a failure even though it ran no test.
  failed += results.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
} else {
  failed += 1;
}
if (!ok && failed === 0) failed = 1;
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
process.exit(ok && failed === 0 ? 0 : 1);
