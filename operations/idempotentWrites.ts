import type { PrismaClient } from '../db/prismaClient';

/** The key a request holds while it runs (operations/idempotency.ts). */
export interface IdempotencyClaim {
  recordId: string;
  claim: string;
}

// Prisma's model methods that write. Reads pass through untouched.
const writeMethods = new Set([
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
]);
// Raw statements may write: they are marked too (a read marked by mistake only makes a lost answer "incomplete").
const rawMethods = new Set(['$executeRaw', '$executeRawUnsafe', '$queryRaw', '$queryRawUnsafe']);

/** A write not yet run: awaited alone it runs in its own marked transaction; in an array `$transaction`, as itself. */
const unmarked = Symbol('svc-hr.unmarkedWrite');
type Deferred = PromiseLike<unknown> & { [unmarked]: unknown };

function deferred(original: unknown, runMarked: () => Promise<unknown>): Deferred {
  let running: Promise<unknown> | undefined;
  const run = () => (running ??= runMarked());
  return {
    [unmarked]: original,
    then: (onFulfilled, onRejected) => run().then(onFulfilled, onRejected),
    catch: (onRejected: (reason: unknown) => unknown) => run().catch(onRejected),
    finally: (onFinally: () => void) => run().finally(onFinally),
  } as Deferred;
}

/**
 * The database client a request with an Idempotency-Key runs on: each of its transactions that wrote commits together
 * with the mark that the key's request changed something, and only while the request still holds the key. A crash
 * between the handler's commit and the stored answer then leaves a key that says "changes made", and a retry is
 * never run twice; a crash before any commit leaves one a retry may run. The mark is a transaction's last statement,
 * made when the transaction wrote (PostgreSQL gave it a transaction id: a write or a row lock), so reads mark nothing
 * and the key's row is locked only for the moment before the commit. A write or raw statement outside a transaction
 * runs in one of its own. Prisma writes are lazy (nothing runs until awaited), so a write passed to an array
 * `$transaction` runs there, once; an array transaction is always marked (it cannot branch), at its end.
 */
export function markingClient(prisma: PrismaClient, key: IdempotencyClaim): PrismaClient {
  // Marks the key, or fails the transaction when the request no longer holds it (its lease ran out and a retry took
  // it over): the write then rolls back instead of happening twice. The failing cast carries the message, and is
  // of a value computed per row, so PostgreSQL cannot fold it (and fail) while planning.
  const mark = (db: Pick<PrismaClient, '$executeRaw'>) =>
    db.$executeRaw`
      WITH marked AS (
        UPDATE idempotency_records SET writes_committed = true
        WHERE id = ${key.recordId}::uuid AND claim = ${key.claim}::uuid
        RETURNING 1
      )
      SELECT (CASE WHEN count(*) = 0 THEN 'svc-hr: idempotency claim lost' ELSE '1' END)::int FROM marked`;
  const markIfWritten = async (tx: PrismaClient) => {
    const [state] = await tx.$queryRaw<Array<{ wrote: boolean }>>`
      SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS wrote`;
    if (state?.wrote) await mark(tx);
  };
  const inMarkedTransaction = <T>(work: (tx: PrismaClient) => Promise<T>, options?: unknown): Promise<T> =>
    prisma.$transaction(async (tx) => {
      const result = await work(tx as PrismaClient);
      await markIfWritten(tx as PrismaClient);
      return result;
    }, options as never);

  const transaction = (arg: unknown, options?: unknown): Promise<unknown> => {
    if (Array.isArray(arg)) {
      const writes = arg.map((w) => (w && typeof w === 'object' && unmarked in w ? (w as Deferred)[unmarked] : w));
      const all = [...writes, mark(prisma)] as unknown as Parameters<PrismaClient['$transaction']>[0];
      return (prisma.$transaction(all, options as never) as Promise<unknown[]>).then((results) => results.slice(0, -1));
    }
    return inMarkedTransaction(arg as (tx: PrismaClient) => Promise<unknown>, options);
  };

  const delegates = new Map<string, unknown>();
  const delegateOf = (model: string, delegate: Record<string, unknown>) =>
    new Proxy(delegate, {
      get(target, method, receiver) {
        const value = Reflect.get(target, method, receiver) as unknown;
        if (typeof method !== 'string' || !writeMethods.has(method) || typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          deferred((value as (...a: unknown[]) => unknown).apply(target, args), () =>
            inMarkedTransaction((tx) =>
              (tx as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>)[model]![method]!(
                ...args,
              ),
            ),
          );
      },
    });

  return new Proxy(prisma, {
    get(target, property, receiver) {
      if (property === '$transaction') return transaction;
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof property !== 'string') return value;
      if (rawMethods.has(property) && typeof value === 'function') {
        return (...args: unknown[]) =>
          deferred((value as (...a: unknown[]) => unknown).apply(target, args), () =>
            inMarkedTransaction((tx) =>
              (tx as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[property]!(...args),
            ),
          );
      }
      // Model delegates are the client's plain-named object properties; `$` methods and `_` internals are not.
      if (/^[$_]/.test(property) || !value || typeof value !== 'object') return value;
      let delegate = delegates.get(property);
      if (!delegate) delegates.set(property, (delegate = delegateOf(property, value as Record<string, unknown>)));
      return delegate;
    },
  });
}
