/**
 * Promise.all that waits for every promise before it answers: a rejection is thrown only once the others settled,
 * so no transaction is still running on its own when the activity fails (and is retried).
 */
export async function allOrFirstError<T extends readonly unknown[]>(promises: {
  [K in keyof T]: Promise<T[K]>;
}): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { [K in keyof T]: Awaited<T[K]> };
}
