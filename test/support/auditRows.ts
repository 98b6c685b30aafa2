/**
 * Audit rows read from both audit tables, pending first: a record only moves from `audit_pending` to `audit_records`
 * (one transaction), so reading pending first never misses it, but may see it in both reads when the sequencer
 * chains it between them. Each record once, by id.
 */
export function onceEach<T extends { id: string }>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)));
}
