import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createDatabase, databaseUrl, dropDatabase } from '../../../db/databaseAdmin';
import { runMigrations } from '../../../db/migrate';
import { findMigrationsDir, readMigrations } from '../../../db/migrationFiles';
import { testServer } from '../../support/database';

const run = promisify(execFile);
const projectRoot = path.resolve(__dirname, '../../..');
const migrationNames = readMigrations().map((m) => m.name);

/** A brand-new empty database (not from the template), dropped after the test. */
async function withEmptyDatabase(test: (url: string) => Promise<void>): Promise<void> {
  const { serverUrl, prefix } = testServer();
  const name = `${prefix}migrate_${randomBytes(4).toString('hex')}`;
  await createDatabase(serverUrl, name);
  try {
    await test(databaseUrl(serverUrl, name));
  } finally {
    await dropDatabase(serverUrl, name);
  }
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A copy of prisma/migrations in a temp folder, for tests that edit or add migrations. */
function copyOfMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-migrations-'));
  fs.cpSync(findMigrationsDir(), dir, { recursive: true });
  return dir;
}

describe('runMigrations', () => {
  it('applies every migration to a brand-new database and creates the tables', async () => {
    await withEmptyDatabase(async (url) => {
      const result = await runMigrations(url);
      expect(result.applied).toEqual(migrationNames);

      const tables = await query<{ tablename: string }>(
        url,
        `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
      );
      // Every table the schema maps a model to, and Prisma's own history table.
      const schema = fs.readFileSync(path.resolve(__dirname, '../../../prisma/schema.prisma'), 'utf8');
      const mapped = [...schema.matchAll(/@@map\("([a-z_]+)"\)/g)].map((m) => m[1]!);
      expect(mapped).toContain('employees');
      expect(tables.map((t) => t.tablename).sort()).toEqual(['_prisma_migrations', ...mapped].sort());
      const history = await query<{ migration_name: string; applied_steps_count: number; finished_at: Date | null }>(
        url,
        `SELECT migration_name, applied_steps_count, finished_at FROM _prisma_migrations ORDER BY migration_name`,
      );
      expect(history.map((h) => h.migration_name)).toEqual(migrationNames);
      expect(history.every((h) => h.applied_steps_count === 1 && h.finished_at !== null)).toBe(true);
    });
  });

  it('does nothing on a second run', async () => {
    await withEmptyDatabase(async (url) => {
      await runMigrations(url);
      const lines: string[] = [];
      await expect(runMigrations(url, { log: (line) => lines.push(line) })).resolves.toEqual({ applied: [] });
      expect(lines).toEqual([`database is up to date (${migrationNames.length} migrations)`]);
      const [count] = await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM _prisma_migrations`);
      expect(count?.n).toBe(migrationNames.length);
    });
  });

  it('refuses to run when an applied migration was changed, and applies nothing after it', async () => {
    const dir = copyOfMigrations();
    await withEmptyDatabase(async (url) => {
      await runMigrations(url, { migrationsDir: dir });
      const first = path.join(dir, migrationNames[0] ?? '', 'migration.sql');
      fs.appendFileSync(first, '\n-- edited after it was applied\n');
      fs.mkdirSync(path.join(dir, '99990101000000_later'));
      fs.writeFileSync(path.join(dir, '99990101000000_later', 'migration.sql'), 'CREATE TABLE later (id int);');

      await expect(runMigrations(url, { migrationsDir: dir })).rejects.toThrow(
        `Migration ${migrationNames[0]} was modified after it was applied`,
      );
      const later = await query(url, `SELECT 1 FROM pg_tables WHERE tablename = 'later'`);
      expect(later).toHaveLength(0);
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rolls back a failing migration and records nothing for it', async () => {
    const dir = copyOfMigrations();
    fs.mkdirSync(path.join(dir, '99990101000000_broken'));
    fs.writeFileSync(
      path.join(dir, '99990101000000_broken', 'migration.sql'),
      'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;\n',
    );
    await withEmptyDatabase(async (url) => {
      await expect(runMigrations(url, { migrationsDir: dir })).rejects.toThrow(
        'Migration 99990101000000_broken failed and was rolled back: relation "no_such_table" does not exist',
      );
      expect(await query(url, `SELECT 1 FROM pg_tables WHERE tablename = 'half_done'`)).toHaveLength(0);
      const history = await query<{ migration_name: string }>(url, `SELECT migration_name FROM _prisma_migrations`);
      expect(history.map((h) => h.migration_name)).toEqual(migrationNames);
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('applies the migrations once when two runners start at the same time', async () => {
    await withEmptyDatabase(async (url) => {
      const results = await Promise.all([runMigrations(url), runMigrations(url)]);
      expect(results.map((r) => r.applied).sort((a, b) => b.length - a.length)).toEqual([migrationNames, []]);
      const [count] = await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM _prisma_migrations`);
      expect(count?.n).toBe(migrationNames.length);
    });
  });

  it('leaves a history that prisma migrate status and deploy accept', async () => {
    await withEmptyDatabase(async (url) => {
      await runMigrations(url);
      const env = { ...process.env, DATABASE_URL: url };
      const prisma = (...args: string[]) =>
        run('node', ['scripts/prismaGenerate.js', ...args], { cwd: projectRoot, env });

      const status = await prisma('migrate', 'status');
      expect(status.stdout).toContain('Database schema is up to date!');
      const deploy = await prisma('migrate', 'deploy');
      expect(deploy.stdout).toContain('No pending migrations to apply.');
    });
  });
});
