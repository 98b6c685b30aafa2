#!/usr/bin/env node
// `npm run bench [name]`: builds, then runs each bench/*.ts (or the named one) with tsx.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const only = process.argv[2];
const benches = fs
  .readdirSync(path.join(root, 'bench'))
  .filter(
    (f) =>
      f.endsWith('.ts') &&
      !['report.ts', 'support.ts', 'meRead.ts', 'chaos.ts'].includes(f) &&
      (!only || f === `${only}.ts`),
  );
let failed = 0;
for (const file of benches) {
  console.log(`\n== bench/${file}`);
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join('bench', file)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
