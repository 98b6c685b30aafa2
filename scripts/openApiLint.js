// `npm run openapi:lint`: lints the OpenAPI document the server serves with @redocly/cli and the rules of
// redocly.yaml. The document is built from the compiled registry (`npm run build`), exactly as a default server
// builds it, and written to a temporary file for the linter. Exits with the linter's code.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const { buildOpenApiDocument } = require(path.join(root, 'dist/api/openapi.js'));
const { operations } = require(path.join(root, 'dist/operations/index.js'));
const { loadConfig } = require(path.join(root, 'dist/config/env.js'));
const { version } = require(path.join(root, 'package.json'));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-openapi-'));
const file = path.join(dir, 'openapi.json');
try {
  const document = buildOpenApiDocument(operations, { serverUrl: loadConfig({}).publicBaseUrl, version });
  fs.writeFileSync(file, JSON.stringify(document, null, 2));
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/redocly'),
    ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish'],
    // Redocly's usage reports and update checks would reach for the internet, which a CI machine may not have.
    { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  process.exitCode = result.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
