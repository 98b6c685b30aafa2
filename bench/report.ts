import { performance } from 'node:perf_hooks';
/** Shared output of the benchmarks: every row shows its value and its ratio to the baseline of the same run. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function printTable(title: string, rows: Array<[label: string, value: number, ratio: number]>): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${title}`);
  for (const [label, value, ratio] of rows) {
    console.log(`  ${label.padEnd(width)}  ${value.toFixed(3).padStart(10)}   ratio ${ratio.toFixed(2)}`);
  }
}

/** Runs `run` `calls` times one after another; answers each call's milliseconds. */
export async function timeCalls(run: () => Promise<void>, calls: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}
