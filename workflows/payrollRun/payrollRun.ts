import {
  condition,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { GatheredPage, PayrollRunSnapshot } from '../../activities/payroll';
import { svcHrStatus } from '../searchAttributes';
import { payrollRunChangedSignal, type PayrollRunInput, type PayrollRunResult } from './messages';

// Each step is one transaction, idempotent (a page retried writes nothing twice): retried without end.
const options: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
};
const { readPayrollRun } = proxyActivities<Activities>({ ...options, summary: 'Read the run' });
const { gatherPayrollPage } = proxyActivities<Activities>({
  ...options,
  summary: 'Gather a page of payslips from the month’s inputs',
});
const { finishPayrollGathering } = proxyActivities<Activities>({ ...options, summary: 'Put the run up for review' });
const { payPayrollRun } = proxyActivities<Activities>({
  ...options,
  summary: 'Pay the run: close the period, reimburse the claims',
});
const { announcePayslips } = proxyActivities<Activities>({
  ...options,
  summary: 'Tell a page of people their payslip is ready',
});

/** One line for the Temporal UI's "current details". */
function describe(s: PayrollRunSnapshot | null): string {
  if (!s) return 'The run does not exist (any more).';
  const what = `Payroll ${s.period}, ${s.payslips} payslips`;
  if (s.status === 'IN_REVIEW') return `${what}: waiting for HR's review and approval.`;
  if (s.status === 'APPROVED') return `${what}: approved, to be paid on ${s.payDate}.`;
  return `${what}: ${s.status.toLowerCase()}.`;
}

/**
 * A payroll run (id `payroll-run/<tenant>/<id>`), the business process: gather every person's payslip a page at a
 * time, put the run up for review, wait for HR's approval (or a cancellation), sleep on a durable timer until the pay
 * date, pay it (the period closes), then tell everyone their payslip is ready, a page at a time. The API commits
 * each decision and signals `changed`; the database is the truth.
 */
export async function payrollRun(input: PayrollRunInput): Promise<PayrollRunResult> {
  const ref = { tenantId: input.tenantId, runId: input.runId };
  const workflowStartedAt = workflowInfo().startTime.getTime();
  let unread = 0;
  setHandler(payrollRunChangedSignal, () => {
    unread += 1;
  });
  let published: string | undefined;
  const read = async () => {
    unread = 0;
    const snapshot = await readPayrollRun({ ...ref, workflowStartedAt });
    setCurrentDetails(describe(snapshot));
    const status = snapshot?.status ?? 'MISSING';
    if (status !== published) {
      upsertSearchAttributes([{ key: svcHrStatus, value: status }]);
      published = status;
    }
    return snapshot;
  };

  let snapshot = await read();
  if (snapshot?.status === 'GATHERING') {
    let after: string | null = null;
    let gathered = snapshot.payslips;
    do {
      const page: GatheredPage = await gatherPayrollPage({ ...ref, after, limit: input.pageSize });
      if (page.stopped) break;
      gathered += page.written;
      after = page.nextCursor;
      setCurrentDetails(`Payroll ${snapshot.period}: gathering, ${gathered} payslips so far.`);
    } while (after !== null);
    await finishPayrollGathering(ref);
    snapshot = await read();
  }
  while (snapshot?.status === 'IN_REVIEW' || snapshot?.status === 'APPROVED') {
    if (snapshot.status === 'IN_REVIEW') {
      await condition(() => unread > 0, input.recheckMs, { summary: 'Wait for the review' });
    } else {
      const wait = snapshot.msUntilPayDate;
      const changed = wait > 0 && (await condition(() => unread > 0, wait, { summary: 'Wait for the pay date' }));
      if (!changed) await payPayrollRun({ ...ref, workflowStartedAt });
    }
    snapshot = await read();
  }
  if (snapshot?.status === 'PAID') {
    let left = 1;
    while (left > 0) left = (await announcePayslips({ ...ref, limit: input.pageSize })).left;
  }
  return { status: snapshot?.status ?? null, payslips: snapshot?.payslips ?? 0 };
}
