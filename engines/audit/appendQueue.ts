import { sqlPool, type PrismaClient } from '../../db/prismaClient';
import {
  appendAuditRecordsOnPool,
  prepareAuditEntry,
  type AuditEntry,
  type EnqueuedAuditRecord,
  type PreparedAuditEntry,
} from './append';

/** Entries per INSERT. */
const MAX_BATCH = 500;
/**
 * INSERTs under way at once. One: each costs the client and the database about as much as a whole request, so
 * under load every append should share one; measured, a second in flight made smaller batches and no faster calls.
 */
const MAX_IN_FLIGHT = 1;

interface Waiting {
  entry: PreparedAuditEntry;
  resolve(record: EnqueuedAuditRecord): void;
  reject(error: unknown): void;
}

/** Whether appends work: failing from the first failed append until one succeeds again. */
export interface AuditAppendHealth {
  ok: boolean;
  /** Why not, when not: since when. */
  detail?: string;
}

/** Appends of one process that share INSERTs (see createAuditAppendQueue). */
export interface AuditAppendQueue {
  /** Enqueues the entry in audit_pending; resolves once it is committed, with the id the record keeps. */
  append(entry: AuditEntry): Promise<EnqueuedAuditRecord>;
  /** For the readiness probe: an API whose calls cannot be audited is not ready to take them. */
  health(): AuditAppendHealth;
}

/**
 * Errors after which the same INSERT may well succeed on another connection: the connection was lost or
 * terminated (57P01 admin shutdown, 08xxx connection exceptions, a socket error), or the session's prepared
 * statements did not match what pg believed (42P05 already exists, 26000 does not exist).
 */
export function isRetryableAppendError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && (code === '57P01' || code === '42P05' || code === '26000' || code.startsWith('08'))) {
    return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|ECONNRESET|EPIPE|Client has encountered a connection error/i.test(message);
}

/**
 * Group commit for audit appends: one INSERT at a time per process, and the entries that arrive while it runs go
 * together in the next one. An append on an idle queue is written at the end of the event loop's turn (setImmediate,
 * no timer), so the appends of calls whose reads were answered in the same turn share it; under load, concurrent
 * calls share a statement and a commit instead of paying a round trip, a commit and the client's per-query cost each. Every
 * append still resolves only when its own row is committed, so no call is answered before its record is durable.
 * When a shared INSERT fails, its entries are retried one by one: one bad entry fails only its own call.
 */
export function createAuditAppendQueue(prisma: PrismaClient): AuditAppendQueue {
  const pool = sqlPool(prisma);
  const waiting: Waiting[] = [];
  let inFlight = 0;
  let failingSince: Date | undefined;

  async function insert(batch: Waiting[]): Promise<void> {
    const entries = batch.map((w) => w.entry);
    try {
      await appendAuditRecordsOnPool(pool, entries);
    } catch (error) {
      // Once, on a fresh connection: the pool has dropped the broken one by now.
      if (!isRetryableAppendError(error)) throw error;
      await appendAuditRecordsOnPool(pool, entries);
    }
  }

  async function write(batch: Waiting[]): Promise<void> {
    try {
      await insert(batch);
      failingSince = undefined;
      for (const w of batch) w.resolve({ id: w.entry.id });
    } catch (error) {
      if (batch.length > 1) {
        await Promise.all(batch.map((w) => write([w])));
        return;
      }
      failingSince ??= new Date();
      batch[0]!.reject(error);
    }
  }

  // Set while a pump waits for the end of this turn of the event loop (see append).
  let turnEnd = false;

  function pump(): void {
    turnEnd = false;
    while (inFlight < MAX_IN_FLIGHT && waiting.length > 0) {
      const batch = waiting.splice(0, MAX_BATCH);
      inFlight += 1;
      void write(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    append(entry) {
      return new Promise<EnqueuedAuditRecord>((resolve, reject) => {
        // Prepared here, so that an entry that cannot be redacted fails alone, before it joins a batch.
        waiting.push({ entry: prepareAuditEntry(entry), resolve, reject });
        // An idle queue writes at the end of this turn of the event loop (after the poll phase), not at once: the
        // calls whose reads were answered in the same turn share the INSERT and its commit, instead of the first
        // going alone and the others waiting for its commit and then one of their own.
        if (inFlight < MAX_IN_FLIGHT && !turnEnd) {
          turnEnd = true;
          setImmediate(pump);
        }
      });
    },
    health() {
      // The database's error is the failed call's to log, not the public probe's to show.
      return failingSince
        ? { ok: false, detail: `audit records cannot be written since ${failingSince.toISOString()}` }
        : { ok: true };
    },
  };
}
