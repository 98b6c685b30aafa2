#!/usr/bin/env node
// `npm run fuzz`: the schema-driven fuzzing of every registry operation (test/integration/fuzz), outside npm test.
// `npm run fuzz -- --long` runs many more cases per operation from a new random seed (printed, so a failure can be
// replayed with `SVC_HR_FUZZ_SEED=<seed> npm run fuzz -- --runs <n>`); `--runs <n>` and `--seed <n>` set them.
// The summary of what ran lands in test-results/fuzz-*.json.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const long = args.includes('--long');
const runs = option('--runs') ?? process.env.SVC_HR_FUZZ_RUNS ?? (long ? '2000' : '100');
const seed = option('--seed') ?? process.env.SVC_HR_FUZZ_SEED ?? (long ? String(Date.now() % 2 ** 31) : '20261123');
process.stdout.write(`fuzzing every operation: ${runs} cases each, seed ${seed}\n`);

const root = path.resolve(__dirname, '..');
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'jest'),
  ['--selectProjects', 'integration', '--testTimeout', String(60 * 60 * 1000), '--', 'test/integration/fuzz/'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, SVC_HR_FUZZ_RUNS: runs, SVC_HR_FUZZ_SEED: seed } },
);
process.stdout.write(`fuzz ${result.status === 0 ? 'passed' : 'FAILED'} (seed ${seed}, ${runs} cases per operation)\n`);
process.exit(result.status ?? 1);
