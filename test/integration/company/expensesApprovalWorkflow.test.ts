import { putApprovalFlow } from '../../../engines/approvalFlows/flows';
import { startApprovalFlowWorkflow } from '../../../engines/approvalFlows/approvalPort';
import { createExpenseClaim } from '../../../engines/expenses/expenseClaims';
import { withdrawExpenseClaim } from '../../../engines/expenses/expenseSubmission';
import { createApprovalFlowPort } from '../../../temporal/ports/approvalFlowPort';
import { svcHrStatus } from '../../../workflows/searchAttributes';
import { testClock } from '../../support/clock';
import { yesterdayOf } from '../../support/expenses';
import { waitFor } from '../../support/waitFor';
import { approvalKit } from '../approvalFlows/approvalKit';
import { startLeaveKit, type LeaveKit } from '../leaveApproval/leaveKit';

/**
 * An expense claim's approval as a durable process: the approvalFlow workflow on the real dev server, with a worker
 * in this process on a test time scale of MINUTE_MS per configured minute. Nobody decides: the manager is reminded,
 * then the step goes to HR; HR's approval ends the workflow with the claim APPROVED. A withdrawn claim ends it too.
 */
const MINUTE_MS = 250;
let kit: LeaveKit;
let flow: ReturnType<typeof approvalKit>;
beforeAll(async () => {
  kit = await startLeaveKit({ dayMs: 2000, inProcessWorker: true, minuteMs: MINUTE_MS });
  flow = approvalKit(kit);
});
afterAll(() => kit?.close());

const notified = (kind: string, claimId: string) =>
  kit.prisma.notification.findMany({ where: { kind, data: { path: ['expenseClaimId'], equals: claimId } } });

async function submitClaim(amountMinor: number) {
  const port = createApprovalFlowPort(kit.temporal.client, {
    taskQueue: kit.taskQueue,
    remindAfterMs: 3_600_000,
    escalateAfterMs: 3_600_000,
  });
  const alice = await kit.actor('alice');
  const claim = await createExpenseClaim(
    kit.prisma,
    alice,
    {
      title: 'Hotel in Lisbon',
      submit: true,
      lines: [{ category: 'Travel', date: await yesterdayOf(kit.prisma, 'alice'), description: 'Hotel', amountMinor }],
    },
    { clock: testClock(), start: (ref) => startApprovalFlowWorkflow(kit.prisma, port, ref).then(() => undefined) },
  );
  const tenantId = alice.tenant.id;
  return { claim, port, tenantId, alice, handle: flow.handle(tenantId, claim.approvalId!) };
}

describe('the approval workflow of an expense claim', () => {
  it('reminds the manager, hands the step to HR, and ends when HR approves', async () => {
    await putApprovalFlow(kit.prisma, await kit.actor('hr'), 'expense_claim', {
      name: 'Manager, on a short clock',
      steps: [{ name: 'Manager', approver: 'manager', remindAfterMinutes: 2, escalateAfterMinutes: 2 }],
    });
    const { claim, handle, tenantId } = await submitClaim(12_000);
    expect(await kit.prisma.approvalInstance.findUniqueOrThrow({ where: { id: claim.approvalId! } })).toMatchObject({
      workflowId: `approval/${tenantId}/${claim.approvalId}`,
    });
    await waitFor(
      'the reminder to the manager',
      async () => (await notified('expenses.claim_reminder', claim.id)).length > 0,
    );
    await waitFor(
      'the escalation to HR',
      async () => (await notified('expenses.claim_escalated', claim.id)).length > 0,
    );
    const hr = await kit.actor('hr');
    expect((await notified('expenses.claim_escalated', claim.id)).map((n) => n.userId)).toContain(hr.user.id);
    expect((await flow.decide(hr, claim.approvalId!, 'approve')).outcome).toBe('approved');
    expect(await handle.result()).toEqual({ status: 'APPROVED' });
    expect((await kit.prisma.expenseClaim.findUniqueOrThrow({ where: { id: claim.id } })).status).toBe('APPROVED');
  });

  it('ends when the claim is withdrawn', async () => {
    const { claim, port, handle, tenantId, alice } = await submitClaim(3_000);
    await waitFor('the workflow to wait', async () => {
      try {
        return (await handle.describe()).typedSearchAttributes.get(svcHrStatus) === 'PENDING';
      } catch {
        return false;
      }
    });
    const { approvalId } = await withdrawExpenseClaim(kit.prisma, alice, claim.id);
    await port.notify({ tenantId, instanceId: approvalId! }, { kind: 'changed', byUserId: alice.user.id });
    expect(await handle.result()).toEqual({ status: 'CANCELLED' });
    expect((await kit.prisma.expenseClaim.findUniqueOrThrow({ where: { id: claim.id } })).status).toBe('DRAFT');
  });
});
