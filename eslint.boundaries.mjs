// Which top-level folder may import which (docs/architecture.md). Imports point down the picture, never back up:
//
//   cli → { api, mcp, activities, temporal } → operations → engines → db
//
// api hosts the MCP endpoint (api → mcp/inbound); activities call outbound MCP (activities → mcp/outbound);
// workflows import types only (their own rule in eslint.config.mjs); lib/ holds pure modules (the connector wire
// protocol) that import nothing of ours and that anyone may import; model/types.ts is the model's port, read by all.
const ours = ['api', 'mcp', 'operations', 'engines', 'activities', 'workflows', 'temporal', 'cli', 'connector'];
const entryPoints = ['cli', 'connector'];

/** `target` may not import from any of `from`. */
const forbid = (target, from, why, except) => ({
  target: `./${target}`,
  from: from.map((folder) => `./${folder}`),
  ...(except ? { except } : {}),
  message: `${target}/ may not import this: ${why} (eslint.boundaries.mjs, docs/architecture.md)`,
});

export const boundaryZones = [
  forbid('lib', [...ours, 'model', 'db', 'config', 'prisma'], 'lib/ holds pure modules that import nothing of ours'),
  forbid('model', [...ours, 'db', 'config'], 'the model knows only its own types and lib/'),
  forbid(
    'connector',
    [...ours.filter((f) => f !== 'connector'), 'model', 'db', 'config'],
    'the connector runs in the customer network with lib/ only',
  ),
  forbid('db', [...ours, 'model', 'config'], 'the database layer is below everything'),
  forbid(
    'engines',
    [...ours.filter((f) => f !== 'engines'), 'model'],
    'engines are below operations and every surface',
    ['./types.ts'],
  ),
  forbid(
    'operations',
    ['api', 'mcp', 'activities', 'workflows', 'temporal', ...entryPoints],
    'every surface calls operations, not the reverse',
  ),
  forbid(
    'api',
    ['activities', 'workflows', 'temporal', ...entryPoints],
    'api/ reaches Temporal through ports in engines',
  ),
  forbid(
    'mcp',
    ['api', 'activities', 'workflows', 'temporal', ...entryPoints],
    'mcp/ is a surface beside api/, under it',
  ),
  forbid(
    'activities',
    ['api', 'workflows', 'temporal', ...entryPoints],
    'activities are called by workflows and reach operations and engines',
  ),
  forbid(
    'workflows',
    [...ours.filter((f) => !['workflows', 'activities'].includes(f)), 'model', 'db', 'config'],
    'workflows are deterministic: @temporalio/workflow, activity types and lib/ only',
  ),
  forbid(
    'temporal',
    ['api', 'mcp', 'operations', ...entryPoints],
    'temporal/ runs workers and ports; the surfaces use it, not the reverse',
  ),
  forbid(
    'config',
    ['api', 'mcp', 'operations', 'activities', 'workflows', 'temporal', ...entryPoints],
    'configuration is read by everything',
  ),
];
