import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * client/src/generated/openapi.ts is what `npm run client:types` generates from the registry's OpenAPI document:
 * a registry change without regeneration fails here (the script's --check mode compares, writing nothing).
 */
describe('the client types', () => {
  it('match a fresh generation from the OpenAPI document the server serves', () => {
    const root = path.resolve(__dirname, '../../..');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/clientTypes.ts', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
