import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Runs the real OpenAPI 3.x validator on a document (in a child process: the validator is ESM only). */
export function validateOpenApi(document: unknown): { valid: boolean; errors: unknown } {
  const result = spawnSync(process.execPath, [path.join(__dirname, 'validateOpenApi.mjs')], {
    input: JSON.stringify(document),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`validator failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { valid: boolean; errors: unknown };
}
