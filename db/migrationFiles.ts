import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** One migration folder of prisma/migrations, as Prisma sees it. */
export interface MigrationFile {
  /** The folder name, e.g. `20261123053209_init`; Prisma's `migration_name`. */
  name: string;
  sql: string;
  /** SHA-256 hex of migration.sql, as Prisma stores it in `_prisma_migrations.checksum`. */
  checksum: string;
}

/**
 * The project's prisma/migrations folder, found by walking up from this file to the folder that holds
 * package.json, so it works from the TypeScript sources (db/) and from the compiled build (dist/db/) alike.
 */
export function findMigrationsDir(from: string = __dirname): string {
  let dir = path.resolve(from);
  for (;;) {
    const candidate = path.join(dir, 'prisma', 'migrations');
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No prisma/migrations folder above ${from}`);
    dir = parent;
  }
}

/** SHA-256 hex of a migration script, the way Prisma computes `_prisma_migrations.checksum`. */
export function migrationChecksum(sql: string | Buffer): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** Reads every `<dir>/<name>/migration.sql`, ordered by name (the timestamp prefix), as Prisma applies them. */
export function readMigrations(dir: string = findMigrationsDir()): MigrationFile[] {
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return names.map((name) => {
    const file = path.join(dir, name, 'migration.sql');
    if (!fs.existsSync(file)) throw new Error(`Migration folder ${name} has no migration.sql`);
    const bytes = fs.readFileSync(file);
    return { name, sql: bytes.toString('utf8'), checksum: migrationChecksum(bytes) };
  });
}
