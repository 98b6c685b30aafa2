import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { findMigrationsDir, migrationChecksum, readMigrations } from '../../../db/migrationFiles';

const projectRoot = path.resolve(__dirname, '../../..');

describe('migration files', () => {
  it('finds prisma/migrations from the TypeScript sources and from the compiled dist/db folder', () => {
    const expected = path.join(projectRoot, 'prisma', 'migrations');
    expect(findMigrationsDir(path.join(projectRoot, 'db'))).toBe(expected);
    expect(findMigrationsDir(path.join(projectRoot, 'dist', 'db'))).toBe(expected);
  });

  it('reads the migrations in name order with the checksum Prisma stores', () => {
    const migrations = readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((m) => m.name)).toEqual([...migrations.map((m) => m.name)].sort());
    for (const m of migrations) {
      const bytes = fs.readFileSync(path.join(projectRoot, 'prisma', 'migrations', m.name, 'migration.sql'));
      expect(m.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(m.name).toMatch(/^\d{14}_[a-z0-9_]+$/);
    }
  });

  it('computes the SHA-256 hex of a script', () => {
    expect(migrationChecksum('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
