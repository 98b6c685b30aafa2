import type { Prisma } from '../../db/models';
import { formatMoney } from '../../lib/money/money';
import { writeNotifications } from '../notifications/writeNotifications';

/** Notifications of expense claims, written in the transaction of the change they tell about. */
export const expenseNotificationKinds = [
  'expenses.claim_submitted',
  'expenses.claim_approval_needed',
  'expenses.claim_reminder',
  'expenses.claim_escalated',
  'expenses.claim_approved',
  'expenses.claim_rejected',
  'expenses.claim_withdrawn',
  'expenses.claim_reimbursed',
] as const;
export type ExpenseNotificationKind = (typeof expenseNotificationKinds)[number];

export interface NotifiedClaim {
  id: string;
  employeeId: string;
  title: string;
  currency: string;
  totalMinor: bigint;
  flags: string[];
}

function texts(kind: ExpenseNotificationKind, c: NotifiedClaim & { employeeName: string }, comment?: string | null) {
  const what = `“${c.title}”, ${formatMoney(c.totalMinor, c.currency)}`;
  const flagged = c.flags.length > 0 ? ` Flagged: ${c.flags.join(', ')}.` : '';
  const said = comment ? ` Comment: ${comment}` : '';
  switch (kind) {
    case 'expenses.claim_submitted':
      return { title: `Expense claim: ${c.employeeName}`, body: `${c.employeeName} claims ${what}.${flagged}` };
    case 'expenses.claim_approval_needed':
      return {
        title: `Expense claim of ${c.employeeName} needs your approval`,
        body: `${what}; it now waits for your decision.${flagged}`,
      };
    case 'expenses.claim_reminder':
      return {
        title: `Reminder: expense claim of ${c.employeeName}`,
        body: `${c.employeeName} still waits for a decision on ${what}.`,
      };
    case 'expenses.claim_escalated':
      return {
        title: `Expense claim of ${c.employeeName} escalated to HR`,
        body: `No decision came in time on ${what}; please decide.`,
      };
    case 'expenses.claim_approved':
      return {
        title: 'Expense claim approved',
        body: `Your claim ${what} was approved; it is reimbursed with the next payroll.${said}`,
      };
    case 'expenses.claim_rejected':
      return { title: 'Expense claim rejected', body: `Your claim ${what} was rejected.${said}` };
    case 'expenses.claim_withdrawn':
      return {
        title: `Expense claim withdrawn: ${c.employeeName}`,
        body: `${c.employeeName} withdrew ${what}; it no longer waits for you.`,
      };
    case 'expenses.claim_reimbursed':
      return { title: 'Expense claim reimbursed', body: `Your claim ${what} was paid with payroll.` };
  }
}

/** Tells each claimant that their claim was paid with payroll: one batch for a whole payroll run. */
export async function notifyReimbursed(
  tx: Prisma.TransactionClient,
  tenantId: string,
  claims: readonly NotifiedClaim[],
): Promise<void> {
  const employees = await tx.employee.findMany({
    where: { id: { in: [...new Set(claims.map((c) => c.employeeId))] } },
    select: { id: true, name: true, userId: true },
  });
  const byId = new Map(employees.map((e) => [e.id, e]));
  await writeNotifications(
    tx,
    claims.flatMap((claim) => {
      const employee = byId.get(claim.employeeId);
      if (!employee?.userId) return [];
      const { title, body } = texts('expenses.claim_reimbursed', { ...claim, employeeName: employee.name });
      const kind = 'expenses.claim_reimbursed';
      return [{ tenantId, userId: employee.userId, kind, title, body, data: { expenseClaimId: claim.id } }];
    }),
  );
}

/** Tells `userIds` (each once) about `claim`; the text names its employee, title and total. */
export async function notifyExpenseClaim(
  tx: Prisma.TransactionClient,
  tenantId: string,
  userIds: readonly (string | null)[],
  kind: ExpenseNotificationKind,
  claim: NotifiedClaim,
  comment?: string | null,
): Promise<void> {
  const recipients = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (recipients.length === 0) return;
  const employee = await tx.employee.findUniqueOrThrow({ where: { id: claim.employeeId }, select: { name: true } });
  const { title, body } = texts(kind, { ...claim, employeeName: employee.name }, comment);
  await writeNotifications(
    tx,
    recipients.map((userId) => ({ tenantId, userId, kind, title, body, data: { expenseClaimId: claim.id } })),
  );
}
