import type { PrismaClient } from '../../db/prismaClient';
import {
  appendAuditRecords,
  prepareAuditEntry,
  type AuditEntry,
  type EnqueuedAuditRecord,
  type PreparedAuditEntry,
} from './append';

/** Entries per INSERT: each takes 13 bind parameters. */
const MAX_BATCH = 500;

interface Waiting {
  entry: PreparedAuditEntry;
  resolve(record: EnqueuedAuditRecord): void;
  reject(error: unknown): void;
}

/** Appends of one process that share INSERTs (see createAuditAppendQueue). */
export interface AuditAppendQueue {
  /** Enqueues the entry in audit_pending; resolves once it is committed, with the id the record keeps. */
  append(entry: AuditEntry): Promise<EnqueuedAuditRecord>;
}

/**
 * Group commit for audit appends: one INSERT at a time per process, and the entries that arrive while it runs go
 * together in the next one. An append on an idle queue is written at once; under load, concurrent calls share a
 * statement and a commit instead of paying a round trip, a commit and the client's per-query cost each. Every
 * append still resolves only when its own row is committed, so no call is answered before its record is durable.
 * When a shared INSERT fails, its entries are retried one by one: one bad entry fails only its own call.
 */
export function createAuditAppendQueue(prisma: PrismaClient): AuditAppendQueue {
  let waiting: Waiting[] = [];
  let writing = false;

  async function write(batch: Waiting[]): Promise<void> {
    try {
      await appendAuditRecords(
        prisma,
        batch.map((w) => w.entry),
      );
      for (const w of batch) w.resolve({ id: w.entry.id });
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      await Promise.all(batch.map((w) => write([w])));
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, MAX_BATCH);
        waiting = waiting.slice(MAX_BATCH);
        await write(batch);
      }
    } finally {
      writing = false;
    }
  }

  return {
    append(entry) {
      return new Promise<EnqueuedAuditRecord>((resolve, reject) => {
        // Prepared here, so that an entry that cannot be redacted fails alone, before it joins a batch.
        waiting.push({ entry: prepareAuditEntry(entry), resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}
