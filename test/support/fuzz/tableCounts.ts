import fs from 'node:fs';
import path from 'node:path';
import type { PrismaClient } from '../../../db/prismaClient';

/**
 * What a rejected request must leave as it found: the row count of every table (one statement over all of them),
 * and the files of the blob store. The audit trail is left out on purpose: a refused call is audited as a failure.
 */
export type Counts = Record<string, number>;

/** Tables whose growth a refused request may cause: its own audit record, and the chain's bookkeeping. */
const mayGrowOnRefusal = new Set([
  'audit_records',
  'audit_pending',
  'audit_heads',
  'audit_checkpoints',
  'worker_heartbeats',
  '_prisma_migrations',
]);

/** A function answering the row count of every table of the database (but the audit trail's). */
export async function tableCounter(prisma: PrismaClient): Promise<() => Promise<Counts>> {
  const tables = (
    await prisma.$queryRaw<Array<{ name: string }>>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
  )
    .map((t) => t.name)
    .filter((name) => !mayGrowOnRefusal.has(name));
  if (tables.length === 0) throw new Error('no tables to count: is the database migrated?');
  const columns = tables.map((t) => `(SELECT count(*)::int FROM "${t}") AS "${t}"`).join(', ');
  const sql = `SELECT ${columns}`;
  return async () => {
    const [row] = await prisma.$queryRawUnsafe<Counts[]>(sql);
    return row!;
  };
}

/** The files under `dir` (the blob store, staging included), by path. */
export function blobFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
