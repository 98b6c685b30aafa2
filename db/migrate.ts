import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { findMigrationsDir, migrationChecksum, readMigrations, type MigrationFile } from './migrationFiles';

/**
 * The advisory lock key of Prisma's schema engine: taking the same one makes this runner, `prisma migrate deploy`
 * and other instances of this runner wait for each other instead of racing.
 */
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

/** Prisma's own definition of its history table, so `prisma migrate status`/`deploy` accept what we write. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

export interface RunMigrationsOptions {
  log?: (line: string) => void;
  /** Defaults to the project's prisma/migrations. */
  migrationsDir?: string;
}

/**
 * Applies the pending migrations of prisma/migrations to the database at `url`, in name order, each in its own
 * transaction together with its `_prisma_migrations` row, under Prisma's advisory lock. Needs no schema engine, so
 * it also serves the embedded database. Returns the names it applied (empty when the database was up to date).
 * Throws, applying nothing more, when an applied migration's file changed or a migration failed earlier.
 */
export async function runMigrations(url: string, opts: RunMigrationsOptions = {}): Promise<{ applied: string[] }> {
  const log = opts.log ?? (() => undefined);
  const migrations = readMigrations(opts.migrationsDir ?? findMigrationsDir());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const rows = await client.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const pending = pendingMigrations(migrations, rows.rows, log);
    const applied: string[] = [];
    for (const migration of pending) {
      await applyOne(client, migration);
      log(`applied migration ${migration.name}`);
      applied.push(migration.name);
    }
    if (applied.length === 0) log(`database is up to date (${migrations.length} migrations)`);
    return { applied };
  } finally {
    // Ending the session releases the advisory lock too, even when a query above failed.
    await client.end();
  }
}

/** The local migrations not yet in the history; refuses a history that Prisma itself would refuse. */
function pendingMigrations(local: MigrationFile[], history: AppliedRow[], log: (line: string) => void) {
  const failed = history.find((row) => row.finished_at === null);
  if (failed) {
    throw new Error(
      `Migration ${failed.migration_name} failed in an earlier run and was not rolled back; resolve it with ` +
        `\`prisma migrate resolve\` before migrating again`,
    );
  }
  const applied = new Map(history.map((row) => [row.migration_name, row.checksum]));
  for (const migration of local) {
    const checksum = applied.get(migration.name);
    if (checksum !== undefined && !sameScript(checksum, migration)) {
      throw new Error(
        `Migration ${migration.name} was modified after it was applied (checksum in database ${checksum}, ` +
          `file ${migration.checksum}); restore the file and add a new migration for the change`,
      );
    }
  }
  const localNames = new Set(local.map((m) => m.name));
  for (const name of applied.keys()) {
    if (!localNames.has(name)) log(`warning: migration ${name} is applied but missing from prisma/migrations`);
  }
  return local.filter((m) => !applied.has(m.name));
}

/** Like Prisma, a checkout that only changed line endings (CRLF/LF) still matches. */
function sameScript(storedChecksum: string, migration: MigrationFile): boolean {
  return (
    storedChecksum === migration.checksum ||
    storedChecksum === migrationChecksum(migration.sql.replace(/\r\n/g, '\n')) ||
    storedChecksum === migrationChecksum(migration.sql.replace(/\r?\n/g, '\r\n'))
  );
}

async function applyOne(client: pg.Client, migration: MigrationFile): Promise<void> {
  await client.query('BEGIN');
  try {
    const started = await client.query<{ now: Date }>('SELECT clock_timestamp() AS now');
    // The simple query protocol runs the whole multi-statement script, as `prisma migrate deploy` does.
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations"
         (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
       VALUES ($1, $2, clock_timestamp(), $3, NULL, NULL, $4, 1)`,
      [randomUUID(), migration.checksum, migration.name, started.rows[0]?.now],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${reason}`, { cause: error });
  }
}
