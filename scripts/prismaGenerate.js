#!/usr/bin/env node
'use strict';
/**
 * Runs the Prisma CLI with scripts/schemaEngine.js standing in for the native schema engine, which Prisma would
 * otherwise download (docs/database.md). With no arguments it runs `prisma generate` (npm run generate); any
 * arguments are passed to `prisma` instead (npm run db:migration -- --name add_leave).
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const prismaPackage = require.resolve('prisma/package.json', { paths: [root] });
const prismaCli = path.join(path.dirname(prismaPackage), require(prismaPackage).bin.prisma);

const result = spawnSync(process.execPath, [prismaCli, ...(args.length > 0 ? args : ['generate'])], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: path.join(__dirname, 'schemaEngine.js'),
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
if (result.error) throw result.error;
process.exit(result.status ?? 1);
