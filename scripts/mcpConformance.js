#!/usr/bin/env node
// `npm run mcp:conformance -- --url <mcp endpoint> --token <personal access token> [--suite applicable|all]
// [--scenario <name>]`: the official MCP conformance suite (@modelcontextprotocol/conformance) against a running
// svc-hr. The suite has no option for an Authorization header, so it runs with scripts/mcpAuthHeader.mjs loaded,
// which adds the token to each of its requests; the token reaches it through the environment, never a command line.
//   applicable (the default): the scenarios that apply to a tools-only server, each of which must pass;
//   all: every server scenario, against scripts/mcpConformance.expected-failures.yml, the ones that do not apply.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { parseArgs } = require('node:util');

const applicableScenarios = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
const root = path.resolve(__dirname, '..');
const suiteBin = require.resolve('@modelcontextprotocol/conformance/dist/index.js', { paths: [root] });

const usage = `usage: npm run mcp:conformance -- --url http://127.0.0.1:3000/api/mcp --token hrp_... [--suite applicable|all]
       [--scenario <name>] [--output-dir <dir>]
The token may come from SVC_HR_MCP_TOKEN instead of --token (a flag shows in the process list).`;

function fail(message) {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      suite: { type: 'string', default: 'applicable' },
      scenario: { type: 'string' },
      'output-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (err) {
  fail(err.message);
}
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const token = values.token ?? process.env.SVC_HR_MCP_TOKEN;
if (!values.url) fail('--url is required: the MCP endpoint, e.g. http://127.0.0.1:3000/api/mcp');
if (!token) fail('--token (or SVC_HR_MCP_TOKEN) is required: a personal access token');
if (!['applicable', 'all'].includes(values.suite)) fail(`--suite must be applicable or all, not ${values.suite}`);

/** Runs the suite with `args`, the token added to its requests; answers its exit code. */
function conformance(args) {
  const output = values['output-dir'] ? ['-o', values['output-dir']] : [];
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      path.join(__dirname, 'mcpAuthHeader.mjs'),
      suiteBin,
      'server',
      '--url',
      values.url,
      ...args,
      ...output,
    ],
    { stdio: 'inherit', env: { ...process.env, SVC_HR_MCP_TOKEN: token } },
  );
  return result.status ?? 1;
}

let failed = 0;
if (values.scenario) {
  failed = conformance(['--scenario', values.scenario]) === 0 ? 0 : 1;
} else if (values.suite === 'all') {
  failed =
    conformance([
      '--suite',
      'all',
      '--expected-failures',
      path.join(__dirname, 'mcpConformance.expected-failures.yml'),
    ]) === 0
      ? 0
      : 1;
} else {
  for (const scenario of applicableScenarios) {
    process.stdout.write(`\n=== ${scenario} ===\n`);
    if (conformance(['--scenario', scenario]) !== 0) failed += 1;
  }
  process.stdout.write(
    `\n${applicableScenarios.length - failed} of ${applicableScenarios.length} applicable scenarios passed\n`,
  );
}
process.exit(failed === 0 ? 0 : 1);
