import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A hang detector for requests answered in this process (`app.inject`). A handler that loops forever blocks the
 * event loop, so no timer of the test can fire; a worker thread can, and it kills the whole process (the jest
 * worker), which fails the suite instead of hanging the run. Before it does, it writes which request hung to
 * stderr and to `test-results/fuzz-hang.txt`.
 */
export interface Watchdog {
  /** Expects `label` to finish within `ms`; a later `arm` or `disarm` replaces the expectation. */
  arm(label: string, ms: number): void;
  disarm(): void;
  stop(): Promise<void>;
}

const LABEL_BYTES = 4096;

const workerSource = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const deadline = new BigInt64Array(workerData.deadline);
const labelLength = new Int32Array(workerData.labelLength);
const label = new Uint8Array(workerData.label);
setInterval(() => {
  const at = Number(Atomics.load(deadline, 0));
  if (at === 0 || Date.now() < at) return;
  const text = Buffer.from(label.slice(0, Atomics.load(labelLength, 0))).toString('utf8');
  const message = '\\nfuzz watchdog: no answer in time to ' + text + '\\n';
  try { fs.writeSync(2, message); } catch {}
  try { fs.mkdirSync(require('node:path').dirname(workerData.report), { recursive: true }); fs.writeFileSync(workerData.report, message); } catch {}
  process.kill(process.pid, 'SIGKILL');
}, 200);
`;

export function startWatchdog(reportFile = path.join(process.cwd(), 'test-results', 'fuzz-hang.txt')): Watchdog {
  const deadline = new SharedArrayBuffer(8);
  const labelLength = new SharedArrayBuffer(4);
  const label = new SharedArrayBuffer(LABEL_BYTES);
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { deadline, labelLength, label, report: reportFile },
  });
  worker.unref();
  const deadlineView = new BigInt64Array(deadline);
  const labelView = new Uint8Array(label);
  const lengthView = new Int32Array(labelLength);
  fs.rmSync(reportFile, { force: true });
  return {
    arm(text, ms) {
      const bytes = Buffer.from(text.slice(0, LABEL_BYTES / 4), 'utf8');
      labelView.set(bytes.subarray(0, LABEL_BYTES));
      Atomics.store(lengthView, 0, Math.min(bytes.length, LABEL_BYTES));
      Atomics.store(deadlineView, 0, BigInt(Date.now() + ms));
    },
    disarm() {
      Atomics.store(deadlineView, 0, 0n);
    },
    async stop() {
      Atomics.store(deadlineView, 0, 0n);
      await worker.terminate();
    },
  };
}
