import type { PrismaClient } from '../../db/prismaClient';
import type { AuditEntry, EnqueuedAuditRecord } from './append';
import { createAuditAppendQueue, type AuditAppendHealth } from './appendQueue';
import { chainPendingAuditRecords, type ChainResult } from './chainPending';
import type { AuditSigningKey } from './signingKey';

/** Where a sequencer reports what went wrong: pino and Fastify's logger fit. */
export interface AuditSequencerLog {
  error(obj: object, msg: string): void;
}

export interface AuditSequencerOptions {
  prisma: PrismaClient;
  /** Signs the checkpoints that become due. */
  key: AuditSigningKey;
  /** A checkpoint every this many records of a tenant (config `audit.checkpointEvery`); 0: none. */
  checkpointEvery: number;
  log: AuditSequencerLog;
  /** How long a poke waits before its run, so that the appends of a burst share one transaction (default 2 ms). */
  delayMs?: number;
  /** Runs start at most this often (default 100 ms), so that under load they carry large batches. */
  intervalMs?: number;
  /** The safety net: a run every this often, poked or not (default 1,000 ms). */
  sweepMs?: number;
  /** Pending rows per transaction (default 500). */
  batchSize?: number;
}

/** A running sequencer of one process. */
export interface AuditSequencer {
  /**
   * Appends a record (appendAuditRecord) sharing the INSERT with concurrent appends of this process, and pokes.
   * Resolves once the record is durable, with its id; it is chained moments later.
   */
  append(entry: AuditEntry): Promise<EnqueuedAuditRecord>;
  /** Whether appends work (appendQueue.ts health): the readiness probe reports it as `audit`. */
  appendHealth(): AuditAppendHealth;
  /** Asks for a run soon; pokes that arrive before it starts, or while one runs, make one more run in all. */
  poke(): void;
  /**
   * Chains every record committed before the call (of `tenantId` only, when given), including those another
   * process is chaining at that moment: call it before reading the trail.
   */
  flush(tenantId?: string): Promise<void>;
  /** Stops the timers, waits for the run under way and chains what is left; pokes are ignored afterwards. */
  stop(): Promise<void>;
}

/**
 * Starts the audit sequencer of a process that appends audit records (the API, and the worker for agent steps):
 * appends go through it (group-committed, see appendQueue.ts), and it chains pending records (chainPendingAuditRecords) soon after each poke, coalescing pokes so that a burst of
 * appends is chained in one transaction, and never runs twice at once within the process. A run every `sweepMs`
 * chains whatever is pending, poked or not, so that records enqueued by a process that died are chained by
 * another. Several processes may run sequencers on one database: they never take the same rows.
 */
export function startAuditSequencer(opts: AuditSequencerOptions): AuditSequencer {
  const { prisma, key, checkpointEvery, log } = opts;
  const delayMs = opts.delayMs ?? 2;
  const intervalMs = opts.intervalMs ?? 100;
  const chainOptions = { checkpointEvery, ...(opts.batchSize === undefined ? {} : { batchSize: opts.batchSize }) };
  let running: Promise<void> | undefined;
  let wanted = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const report = (result: ChainResult): void => {
    for (const failure of result.checkpointFailures) {
      log.error(
        { err: failure.error, tenantId: failure.tenantId, treeSize: failure.treeSize },
        'audit checkpoint could not be made; its records are chained, verify_agent_audit tells why',
      );
    }
  };

  // Runs start at most once per `intervalMs`: under load each takes everything that arrived since the last, since a
  // run's transaction costs about as much as a whole request, whatever it carries.
  let lastStart = -Infinity;
  const schedule = (delay: number, ignoreInterval = false): void => {
    if (stopped || running || timer) return;
    const wait = ignoreInterval ? delay : Math.max(delay, lastStart + intervalMs - performance.now());
    timer = setTimeout(start, wait);
    // A pending poke must not keep a process alive that has nothing else to do: the sweep of any process chains it.
    timer.unref();
  };

  function start(): void {
    timer = undefined;
    wanted = false;
    lastStart = performance.now();
    let backlog = false;
    running = chainPendingAuditRecords(prisma, key, chainOptions)
      .then((result) => {
        report(result);
        backlog = result.more;
      })
      // Logged, not retried at once: a database that is down would make a busy loop. The sweep tries again.
      .catch((err: unknown) => log.error({ err }, 'audit sequencer run failed; pending records wait for the next run'))
      .finally(() => {
        running = undefined;
        if (backlog) schedule(0, true);
        else if (wanted) schedule(delayMs);
      });
  }

  const sweep = setInterval(() => {
    wanted = true;
    schedule(0);
  }, opts.sweepMs ?? 1000);
  sweep.unref();

  const flush = async (tenantId?: string): Promise<void> => {
    report(
      await chainPendingAuditRecords(prisma, key, {
        ...chainOptions,
        flush: tenantId === undefined ? {} : { tenantId },
      }),
    );
  };

  const appends = createAuditAppendQueue(prisma);
  const poke = (): void => {
    if (stopped) return;
    wanted = true;
    schedule(delayMs);
  };

  return {
    async append(entry) {
      const record = await appends.append(entry);
      poke();
      return record;
    },
    appendHealth: () => appends.health(),
    poke,
    flush,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(sweep);
      clearTimeout(timer);
      timer = undefined;
      await running;
      // What this process enqueued is chained before it goes; if that fails, the next sequencer chains it.
      await flush().catch((err: unknown) => log.error({ err }, 'audit sequencer could not chain its last records'));
    },
  };
}
