import type { ExpenseClaim, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { payCurrencyOf } from '../compensation/payCurrency';
import type { IsoDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';
import { lockEmployee, type LockedEmployee } from '../people/employeeLock';
import { findVisibleExpenseClaim } from './expenseClaimViews';
import { buildLines, type BuiltLines, type NewExpenseLine } from './expenseLines';
import { dropWithdrawnApproval, requireClaimantOrHr, submitInTx } from './expenseSubmission';

type Tx = Prisma.TransactionClient;

/**
 * Expense claims (company API, Expenses): a title and 1 to 50 lines, in the claimant's pay currency, which is fixed
 * when the claim is made (every line is converted into it). A claim is written as a DRAFT, changed and deleted while
 * it is one, submitted for approval (expenseSubmission.ts), decided through Approval Flows, and reimbursed by the
 * payroll run that pays it (expenseReimbursement.ts): DRAFT → SUBMITTED → APPROVED | REJECTED → REIMBURSED.
 */

async function writeLines(tx: Tx, claimId: string, built: BuiltLines): Promise<void> {
  await tx.expenseLine.createMany({ data: built.rows.map((row) => ({ ...row, claimId })) });
}

/** The lines measured for a claim in `currency`; receipts may be the claimant's or the actor's uploads. */
function linesFor(
  tx: Tx,
  actor: Actor,
  ctx: { currency: string; today: IsoDate },
  employee: LockedEmployee,
  lines: readonly NewExpenseLine[],
): Promise<BuiltLines> {
  const uploaderIds = [...new Set([actor.user.id, ...(employee.userId ? [employee.userId] : [])])];
  return buildLines(
    tx,
    { tenantId: actor.tenant.id, claimCurrency: ctx.currency, today: ctx.today, uploaderIds },
    lines,
  );
}

/**
 * Makes a claim for the actor's own employee record: DRAFT, or SUBMITTED at once with `submit` (then every rule of
 * submission applies, and a refusal writes nothing). 400 naming the field for a bad line (expenseLines.ts).
 */
export async function createExpenseClaim(
  prisma: PrismaClient,
  actor: Actor,
  input: { title: string; lines: NewExpenseLine[]; submit: boolean },
  opts: { clock: Clock; start?: (ref: { tenantId: string; instanceId: string }) => Promise<void> },
) {
  const self = actor.employee;
  if (!self) throw new AppError('forbidden', 'Only employees can claim expenses: this user has none');
  const tenantId = actor.tenant.id;
  const { id, approvalId } = await prisma.$transaction(async (tx) => {
    const employee = await lockEmployee(tx, tenantId, self.id);
    const { today } = await tenantToday(tx, tenantId, opts.clock);
    const currency = await payCurrencyOf(tx, tenantId, employee.id, today);
    const built = await linesFor(tx, actor, { currency, today }, employee, input.lines);
    const claim = await tx.expenseClaim.create({
      data: {
        tenantId,
        employeeId: employee.id,
        title: input.title,
        currency,
        status: 'DRAFT',
        totalMinor: built.totalMinor,
        flags: built.flags,
        createdByUserId: actor.user.id,
      },
    });
    await writeLines(tx, claim.id, built);
    const approval = input.submit ? await submitInTx(tx, actor, claim, employee, new Date()) : null;
    return { id: claim.id, approvalId: approval };
  });
  if (approvalId) await opts.start?.({ tenantId, instanceId: approvalId });
  return (await findVisibleExpenseClaim(prisma, actor, id)).view;
}

/** Locks the claimant and reads the claim again; 409 naming its state unless it is still a DRAFT. */
async function lockDraft(tx: Tx, actor: Actor, row: ExpenseClaim, what: string) {
  const employee = await lockEmployee(tx, actor.tenant.id, row.employeeId);
  const current = await tx.expenseClaim.findUniqueOrThrow({ where: { id: row.id } });
  if (current.status !== 'DRAFT') {
    throw new AppError('conflict', `This expense claim is ${current.status}: only a DRAFT claim can be ${what}`);
  }
  return { employee, current };
}

/**
 * Changes a DRAFT claim (the claimant's own, or anyone's as HR): its title, and/or its lines as a whole (the list
 * sent replaces the lines; each is measured again against its category).
 */
export async function updateExpenseClaim(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: { title?: string | undefined; lines?: NewExpenseLine[] | undefined },
  opts: { clock: Clock },
) {
  const { row } = await findVisibleExpenseClaim(prisma, actor, id);
  requireClaimantOrHr(actor, row, 'change it');
  await prisma.$transaction(async (tx) => {
    const { employee, current } = await lockDraft(tx, actor, row, 'changed');
    const { today } = await tenantToday(tx, actor.tenant.id, opts.clock);
    const ctx = { currency: current.currency, today };
    const built = input.lines ? await linesFor(tx, actor, ctx, employee, input.lines) : undefined;
    if (built) {
      await tx.expenseLine.deleteMany({ where: { claimId: id } });
      await writeLines(tx, id, built);
    }
    await tx.expenseClaim.update({
      where: { id },
      data: {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(built ? { totalMinor: built.totalMinor, flags: built.flags } : {}),
      },
    });
  });
  return (await findVisibleExpenseClaim(prisma, actor, id)).view;
}

/** Deletes a DRAFT claim and its lines (the claimant's own, or anyone's as HR). Its receipts stay uploaded. */
export async function deleteExpenseClaim(prisma: PrismaClient, actor: Actor, id: string): Promise<{ id: string }> {
  const { row } = await findVisibleExpenseClaim(prisma, actor, id);
  requireClaimantOrHr(actor, row, 'delete it');
  await prisma.$transaction(async (tx) => {
    await lockDraft(tx, actor, row, 'deleted');
    await dropWithdrawnApproval(tx, id);
    await tx.expenseLine.deleteMany({ where: { claimId: id } });
    await tx.expenseClaim.delete({ where: { id } });
  });
  return { id };
}
