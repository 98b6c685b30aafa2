import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseUrl } from '../../../db/databaseAdmin';
import { testServer } from '../../support/database';

const projectRoot = path.resolve(__dirname, '../../..');

/**
 * `prisma migrate diff --from-migrations ... --to-schema ... --exit-code` through the offline schema engine: it
 * replays prisma/migrations on a shadow database and compares the result with a schema file (exit 0: same,
 * exit 2: different).
 */
function diffMigrationsAgainst(schemaFile: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = ['scripts/prismaGenerate.js', 'migrate', 'diff', '--from-migrations', 'prisma/migrations'];
  args.push('--to-schema', schemaFile, '--exit-code');
  // The stand-in creates (and drops) the shadow database on this server.
  const env = { ...process.env, DATABASE_URL: databaseUrl(testServer().serverUrl, 'postgres') };
  return new Promise((resolve) => {
    execFile('node', args, { cwd: projectRoot, env }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('schema drift', () => {
  it('finds that prisma/migrations produce exactly prisma/schema.prisma', async () => {
    const result = await diffMigrationsAgainst('prisma/schema.prisma');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('No difference detected.');
  });

  it('fails when schema.prisma changed without a migration', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-drift-'));
    const changed = path.join(dir, 'schema.prisma');
    const schema = fs.readFileSync(path.join(projectRoot, 'prisma', 'schema.prisma'), 'utf8');
    fs.writeFileSync(changed, schema.replace(/^model Tenant \{$/m, 'model Tenant {\n  nickname String?'));
    try {
      const result = await diffMigrationsAgainst(changed);
      expect(result.code).toBe(2);
      expect(result.stdout).toMatch(/Added column `nickname`/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
