import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

/** Notifications of Payroll, written in the transaction of the step they tell about. No amounts in their texts. */
export const payrollNotificationKinds = ['payroll.run_ready_for_review', 'payroll.payslip_ready'] as const;
export type PayrollNotificationKind = (typeof payrollNotificationKinds)[number];

/** Tells who started a run that its payslips wait for review. */
export async function notifyRunReady(
  tx: Prisma.TransactionClient,
  run: { tenantId: string; id: string; startedByUserId: string; payslips: number },
  period: string,
): Promise<void> {
  await writeNotifications(tx, [
    {
      tenantId: run.tenantId,
      userId: run.startedByUserId,
      kind: 'payroll.run_ready_for_review',
      title: `Payroll ${period} is ready for review`,
      body: `${run.payslips} payslips were gathered; review and approve the run to pay it.`,
      data: { payrollRunId: run.id, period },
    },
  ]);
}

/** Tells each person of a paid run that their payslip is ready. */
export async function notifyPayslipsReady(
  tx: Prisma.TransactionClient,
  tenantId: string,
  period: string,
  payslips: ReadonlyArray<{ id: string; runId: string; userId: string | null }>,
): Promise<void> {
  await writeNotifications(
    tx,
    payslips
      .filter((p): p is { id: string; runId: string; userId: string } => p.userId !== null)
      .map((p) => ({
        tenantId,
        userId: p.userId,
        kind: 'payroll.payslip_ready',
        title: `Your payslip for ${period} is ready`,
        body: `Payroll ${period} was paid. Open your payslip to see its lines.`,
        data: { payslipId: p.id, payrollRunId: p.runId, period },
      })),
  );
}
