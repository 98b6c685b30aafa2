import { randomUUID } from 'node:crypto';
import { approvedClaimsToReimburse, markClaimsReimbursed } from '../../../engines/expenses/expenseReimbursement';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { expenseClaimOf } from '../../support/expenses';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * The last state of an expense claim, set by Payroll through the two calls it makes (company-api.md: "approved
 * claims reimbursed through Payroll"): which approved claims wait, and marking those a run paid.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const as = async (who: DemoKey) =>
  bearer(await tokenFor(h.db.prisma, who, ['expenses:read', 'approval-flows:write'] as never));
async function approvedClaimOf(who: DemoKey): Promise<string> {
  const { id } = await expenseClaimOf(h.db.prisma, who, { submit: true });
  const approval = await h.db.prisma.approvalInstance.findFirstOrThrow({ where: { subjectId: id } });
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/approval-flows/approvals/${approval.id}/approve`,
    headers: await as('manager'),
    payload: {},
  });
  expect(res.json().data.outcome).toBe('approved');
  return id;
}
const employeeIdOf = async (email: string) => (await h.db.prisma.employee.findFirstOrThrow({ where: { email } })).id;

describe('reimbursing expense claims through Payroll', () => {
  it('lists the approved claims no run has taken, marks those a run paid once, and refuses any other', async () => {
    const tenantId = (await h.db.prisma.tenant.findFirstOrThrow({ where: { domain: 'acme.test' } })).id;
    const [alice, bob, carol] = await Promise.all(
      ['alice@acme.test', 'bob@acme.test', 'carol@acme.test'].map(employeeIdOf),
    );
    const a = await approvedClaimOf('alice');
    const b = await approvedClaimOf('bob');
    const submitted = (await expenseClaimOf(h.db.prisma, 'alice', { submit: true })).id;
    await expenseClaimOf(h.db.prisma, 'alice');

    const waiting = await approvedClaimsToReimburse(h.db.prisma, tenantId, [alice!, bob!, carol!]);
    expect(Object.fromEntries(waiting)).toEqual({
      [alice!]: [{ id: a, title: 'Team lunch', currency: 'EUR', totalMinor: 1_200n }],
      [bob!]: [{ id: b, title: 'Team lunch', currency: 'EUR', totalMinor: 1_200n }],
    });
    expect((await approvedClaimsToReimburse(h.db.prisma, tenantId, [])).size).toBe(0);

    const hook = await queuedWebhookOf(h.db.prisma, 'hr', ['expenses.claim.reimbursed']);
    const runId = randomUUID();
    const at = new Date('2026-11-30T12:00:00.000Z');
    const mark = (run: string, ids: string[]) =>
      h.db.prisma.$transaction((tx) => markClaimsReimbursed(tx, tenantId, run, ids, at));
    expect(await mark(runId, [a, b])).toBe(2);
    const read = await h.app.inject({ method: 'GET', url: `/api/expenses/claims/${a}`, headers: await as('alice') });
    expect(read.json().data.claim).toMatchObject({
      status: 'REIMBURSED',
      payrollRunId: runId,
      reimbursedAt: '2026-11-30T12:00:00.000Z',
    });
    const aliceUser = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'alice@acme.test' } });
    const told = await h.db.prisma.notification.findMany({
      where: { userId: aliceUser.id, kind: 'expenses.claim_reimbursed' },
    });
    expect(told.map((n) => n.body)).toEqual(['Your claim “Team lunch”, 12.00 EUR was paid with payroll.']);
    expect((await hook.deliveries()).map((d) => d.eventType)).toEqual([
      'expenses.claim.reimbursed',
      'expenses.claim.reimbursed',
    ]);

    // A retried step of the same run changes nothing; another run, or a claim not approved, is refused whole.
    expect(await mark(runId, [a, b])).toBe(0);
    await expect(mark(randomUUID(), [a])).rejects.toMatchObject({ code: 'conflict' });
    await expect(mark(runId, [b, submitted])).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining(`${submitted} is SUBMITTED`),
    });
    await expect(mark(runId, [randomUUID()])).rejects.toMatchObject({ code: 'not_found' });
    expect(await h.db.prisma.expenseClaim.findUniqueOrThrow({ where: { id: submitted } })).toMatchObject({
      status: 'SUBMITTED',
      payrollRunId: null,
    });
    expect((await approvedClaimsToReimburse(h.db.prisma, tenantId, [alice!, bob!])).size).toBe(0);
    expect(
      await h.db.prisma.notification.count({ where: { userId: aliceUser.id, kind: 'expenses.claim_reimbursed' } }),
    ).toBe(1);
  });
});
