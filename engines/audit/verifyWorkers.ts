import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';

/** What a hashing worker is started with: its own connection (config of the app's pool) and the tenant. */
export interface HashWorkerData {
  connection: pg.ClientConfig;
  tenantId: string;
}

/** A seq range to read and hash (afterSeq < seq <= upToSeq, at most `take` rows), or the end of the work. */
export type HashWorkerRequest = { chunk: number; afterSeq: string; upToSeq: string; take: number } | { close: true };

/**
 * A hashed range, in seq order: for each row its seq, id, prevHash and stored hash, the rows whose recomputed hash
 * (hashOrWhyNot) differs from the stored one with that value, and the Merkle leaf hashes of the others (32 bytes
 * each, at the row's index). `rowError`: the row at that index could not even be read as a record; rows stop there.
 */
export interface HashedChunk {
  chunk: number;
  seqs: number[];
  ids: string[];
  prevHashes: string[];
  hashes: string[];
  mismatches: Array<[index: number, actual: string]>;
  leaves: Uint8Array;
  rowError?: { index: number; message: string };
}

/** Trails shorter than this are hashed on the calling thread: starting threads would cost more than it saves. */
export const PARALLEL_MIN_RECORDS = 20_000;

/**
 * The hashing threads a measurement may try beside the calling one: one per further core, at most 3. Verification
 * itself uses none unless asked (verifyAuditTrail's `workers`): on two cores a thread measured no faster than the
 * calling thread (bench/auditVerify.ts), no larger machine has measured them yet, and the audit trail is a security
 * control, so an unmeasured speed-up is not its default. test/integration/audit/verifyWorkers.test.ts holds their
 * answers equal to the single thread's.
 */
export function availableHashWorkers(): number {
  return Math.max(1, Math.min(3, availableParallelism() - 1));
}

/**
 * The pool's connection settings for a worker's own pg.Client, or undefined when they cannot cross to a thread
 * (a password given as a function) or when the pool allows a single connection (the embedded database serves one
 * connection at a time, so a worker's connection would wait for ever).
 */
export function workerConnectionOf(pool: pg.Pool): pg.ClientConfig | undefined {
  const options = pool.options as unknown as Record<string, unknown>;
  if (typeof options.max === 'number' && options.max <= 1) return undefined;
  const config: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (typeof value !== 'function') config[key] = value;
    else if (key === 'password') return undefined;
  }
  return config as pg.ClientConfig;
}

/** Starts one hashing thread: the compiled module, or the TypeScript source through tsx under tsx and jest. */
function startWorker(data: HashWorkerData): Worker {
  const extension = path.extname(__filename);
  const entry = path.join(__dirname, `verifyWorker${extension}`);
  const source =
    extension === '.ts'
      ? `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(entry)});`
      : `require(${JSON.stringify(entry)});`;
  // A range's rows and their strings outlive a default-sized young generation's scavenges and were copied, then
  // promoted: the larger nursery cut the thread's garbage collection (bench/auditVerify.ts).
  return new Worker(source, { eval: true, workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 96 } });
}

/**
 * The records 1..upToSeq of a tenant, read and hashed by `workers` threads on their own connections in ranges of
 * `batchSize` seqs, handed out in seq order. At most two ranges per thread are in flight or waiting, so memory
 * stays bounded whatever the trail's length. Stopping early (return) closes the threads; so does the end.
 */
export async function* hashedChunks(
  connection: pg.ClientConfig,
  tenantId: string,
  upToSeq: number,
  opts: { workers: number; batchSize: number },
): AsyncGenerator<HashedChunk> {
  const { batchSize } = opts;
  const chunkCount = Math.ceil(upToSeq / batchSize);
  const workerCount = Math.max(1, Math.min(opts.workers, chunkCount));
  const window = 2 * workerCount;
  const done = new Map<number, HashedChunk>();
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  let nextChunk = 0;
  let nextToYield = 0;
  const inFlight = new Map<Worker, number>();

  const dispatch = () => {
    for (const [worker, count] of inFlight) {
      let n = count;
      while (n < 2 && nextChunk < chunkCount && nextChunk < nextToYield + window) {
        const chunk = nextChunk++;
        const upTo = Math.min((chunk + 1) * batchSize, upToSeq);
        const request: HashWorkerRequest = {
          chunk,
          afterSeq: String(chunk * batchSize),
          upToSeq: String(upTo),
          take: batchSize,
        };
        worker.postMessage(request);
        n += 1;
      }
      inFlight.set(worker, n);
    }
  };

  let closing = false;
  const workers = Array.from({ length: workerCount }, () => startWorker({ connection, tenantId }));
  const exited = workers.map(
    (worker) =>
      new Promise<void>((resolve) =>
        worker.once('exit', (code) => {
          if (!closing) failure ??= new Error(`an audit hashing thread stopped (exit code ${code})`);
          notify();
          resolve();
        }),
      ),
  );
  for (const worker of workers) {
    inFlight.set(worker, 0);
    worker.on('message', (message: HashedChunk | { chunk: number; error: string }) => {
      inFlight.set(worker, inFlight.get(worker)! - 1);
      if ('error' in message) failure ??= new Error(message.error);
      else done.set(message.chunk, message);
      notify();
    });
    worker.on('error', (error) => {
      failure ??= error;
      notify();
    });
  }
  try {
    dispatch();
    while (nextToYield < chunkCount) {
      const chunk = done.get(nextToYield);
      if (chunk === undefined) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      done.delete(nextToYield);
      nextToYield += 1;
      dispatch();
      yield chunk;
    }
  } finally {
    closing = true;
    const close: HashWorkerRequest = { close: true };
    for (const worker of workers) worker.postMessage(close);
    // A thread still reading when the walk stopped early ends once its query is answered; waiting keeps no thread
    // (nor connection) behind the caller.
    await Promise.all(exited);
  }
}
