import type { FaultKind } from './faults';
import type { InvariantResult } from './invariants';

export interface ChaosSummary {
  seed: number;
  cycles: number;
  seconds: number;
  faults: Map<FaultKind, number>;
  work: Array<[what: string, count: number]>;
  invariants: InvariantResult[];
  unplannedExits: string[];
}

/** The table a chaos run prints: faults injected by kind, the work done, and each invariant held or broken. */
export function chaosTable(s: ChaosSummary): string {
  const lines = [`chaos: seed ${s.seed}, ${s.cycles} cycles, ${s.seconds.toFixed(0)} s`, '', 'faults injected'];
  const pad = (rows: Array<[string, string]>) => {
    const width = Math.max(...rows.map(([a]) => a.length));
    for (const [a, b] of rows) lines.push(`  ${a.padEnd(width)}  ${b}`);
  };
  pad([...s.faults].map(([kind, n]) => [kind, String(n)]));
  lines.push('', 'work');
  pad(s.work.map(([what, n]) => [what, String(n)]));
  lines.push('', 'invariants');
  for (const i of s.invariants) {
    lines.push(
      `  ${i.broken === 0 ? 'held  ' : 'BROKEN'}  ${i.name}  (${i.checked} checked${i.broken ? `, ${i.broken} broken` : ''})`,
    );
    if (i.note) lines.push(`          ${i.note}`);
    if (i.firstCounterExample) lines.push(`          first counter-example: ${i.firstCounterExample}`);
  }
  if (s.unplannedExits.length > 0) {
    lines.push('', `processes that exited on their own (restarted): ${s.unplannedExits.length}`);
    for (const e of s.unplannedExits.slice(0, 5)) lines.push(`  ${e.replace(/\n/g, ' | ').slice(0, 1200)}`);
  }
  return lines.join('\n');
}
