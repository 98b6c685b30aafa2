import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * Expense claims (company-api.md, Expenses) through the HTTP API: lines measured against their categories (the
 * issue's rule: above a limit, refused or flagged as the category says), amounts exact in minor units (a foreign
 * line at its rate, a mileage line), the approval by amount, and the states draft → submitted → approved | rejected.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const scopes = ['expenses:read', 'expenses:write', 'approval-flows:read', 'approval-flows:write'];
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, scopes as never));
const send = async (who: DemoKey, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers: await as(who), ...(payload ? { payload } : {}) });
const claim = async (who: DemoKey, body: object) => send(who, 'POST', '/api/expenses/claims', body);
const money = (amountMinor: number, currency = 'EUR') => ({ amountMinor, currency });
const rows = async () => ({
  claims: await h.db.prisma.expenseClaim.count(),
  lines: await h.db.prisma.expenseLine.count(),
  approvals: await h.db.prisma.approvalInstance.count(),
  notifications: await h.db.prisma.notification.count(),
  deliveries: await h.db.prisma.webhookDelivery.count(),
});

let day: (n: number) => string;
beforeAll(async () => {
  const today = await todayOf(h.db.prisma, 'alice');
  day = (n) => addDays(today, -n);
});
const line = (category: string, amountMinor: number, extra: object = {}) => ({
  category,
  date: day(2),
  description: `${category} expense`,
  amountMinor,
  ...extra,
});
const approve = (who: DemoKey, approvalId: string, comment?: string) =>
  send(who, 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, comment ? { comment } : {});
const stepsOf = async (approvalId: string) =>
  (await send('hr', 'GET', `/api/approval-flows/approvals/${approvalId}`))
    .json()
    .data.approval.steps.map((s: { name: string }) => s.name);

describe('expense claims', () => {
  it('refuses a line above a refusing limit, and keeps one above a flagging limit, flagged for the approvers', async () => {
    const before = await rows();
    const refused = await claim('alice', { title: 'Night out', lines: [line('Taxi', 10_001)] });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        error: 'bad_request',
        reason:
          'lines.0.amountMinor: 100.01 EUR is above the Taxi limit of 100.00 EUR per line, and the category refuses more',
      },
    ]);
    // In another currency, measured on what it claims: 110.00 USD at 0.92 is 101.20 EUR.
    const converted = await claim('alice', {
      title: 'Night out',
      lines: [line('Meals', 1_000), line('Taxi', 11_000, { currency: 'USD', exchangeRate: '0.92' })],
    });
    expect(converted.json().reason).toBe(
      'lines.1.amountMinor: 101.20 EUR is above the Taxi limit of 100.00 EUR per line, and the category refuses more',
    );
    expect(await rows()).toEqual(before);

    const made = await claim('alice', { title: 'Night out', lines: [line('Taxi', 10_000), line('Meals', 6_001)] });
    expect(made.statusCode).toBe(201);
    const c = made.json().data.claim;
    expect(c).toMatchObject({ status: 'DRAFT', total: money(16_001), flags: ['over_limit'], approvalId: null });
    expect(c.lines.map((l: { flags: string[] }) => l.flags)).toEqual([[], ['over_limit']]);
    expect(c.lines.map((l: { receiptRequired: boolean }) => l.receiptRequired)).toEqual([true, true]);
  });

  it('computes a foreign-currency line and a mileage line exactly, in the claim’s currency', async () => {
    const made = await claim('alice', {
      title: 'Customer visit in Boston',
      lines: [
        // 123.45 USD at 0.9234 EUR per USD: 113.99373 EUR, rounded once to 113.99.
        line('Travel', 12_345, { currency: 'USD', exchangeRate: '0.9234' }),
        // 87.5 km at 0.30 EUR per km: 26.25 EUR.
        { category: 'Mileage', date: day(3), description: 'To the airport and back', distanceKm: 87.5 },
        // 2,500 JPY at 0.0061 EUR per JPY (the yen has no minor unit): 15.25 EUR.
        line('Meals', 2_500, { currency: 'JPY', exchangeRate: '0.0061', date: day(4) }),
      ],
    });
    expect(made.statusCode).toBe(201);
    const c = made.json().data.claim;
    expect(c.lines.map((l: { amount: object; claimAmount: object }) => [l.amount, l.claimAmount])).toEqual([
      [money(12_345, 'USD'), money(11_399)],
      [money(2_625), money(2_625)],
      [money(2_500, 'JPY'), money(1_525)],
    ]);
    expect(c.lines[1]).toMatchObject({ distanceKm: 87.5, exchangeRate: null, category: { name: 'Mileage' } });
    expect(c.lines[2]).toMatchObject({ exchangeRate: '0.0061', position: 2, date: day(4) });
    expect(c).toMatchObject({ total: money(11_399 + 2_625 + 1_525), lineCount: 3, flags: [] });
    const stored = await h.db.prisma.expenseLine.findMany({ where: { claimId: c.id }, orderBy: { position: 'asc' } });
    expect(stored.map((l) => [l.claimAmountMinor, l.distanceTenthsKm])).toEqual([
      [11_399n, null],
      [2_625n, 875],
      [1_525n, null],
    ]);
  });

  it('asks the manager up to 500.00, and HR after the manager above it; the claimant hears the outcome', async () => {
    const hook = await queuedWebhookOf(h.db.prisma, 'hr', ['expenses.claim.submitted', 'expenses.claim.approved']);
    const exactly = (await claim('bob', { title: 'Flights', lines: [line('Travel', 50_000)], submit: true })).json()
      .data.claim;
    expect(exactly).toMatchObject({ status: 'SUBMITTED', total: money(50_000) });
    expect(await stepsOf(exactly.approvalId)).toEqual(['Manager']);

    const above = (await claim('bob', { title: 'Flights', lines: [line('Travel', 50_001)], submit: true })).json().data
      .claim;
    expect(await stepsOf(above.approvalId)).toEqual(['Manager', 'HR (above 500.00)']);
    const inbox = (await send('manager', 'GET', '/api/approval-flows/approvals')).json().data.approvals;
    expect(inbox.find((a: { id: string }) => a.id === above.approvalId).summary).toBe(
      'Expense claim “Flights”: 500.01 EUR (1 line) for Bob Brown',
    );
    const manager = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'manager@acme.test' } });
    const asked = await h.db.prisma.notification.findFirstOrThrow({
      where: {
        userId: manager.id,
        kind: 'expenses.claim_submitted',
        data: { path: ['expenseClaimId'], equals: above.id },
      },
    });
    expect([asked.title, asked.body]).toEqual(['Expense claim: Bob Brown', 'Bob Brown claims “Flights”, 500.01 EUR.']);
    expect((await approve('manager', above.approvalId)).json().data.outcome).toBe('waiting');
    expect((await send('bob', 'GET', `/api/expenses/claims/${above.id}`)).json().data.claim.status).toBe('SUBMITTED');
    expect((await approve('hr', above.approvalId, 'Fine')).json().data.outcome).toBe('approved');
    const decided = (await send('bob', 'GET', `/api/expenses/claims/${above.id}`)).json().data.claim;
    expect(decided).toMatchObject({ status: 'APPROVED', decisionComment: 'Fine' });

    const bob = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'bob@acme.test' } });
    const told = await h.db.prisma.notification.findFirstOrThrow({
      where: { userId: bob.id, kind: 'expenses.claim_approved' },
    });
    expect(told.body).toBe(
      'Your claim “Flights”, 500.01 EUR was approved; it is reimbursed with the next payroll. Comment: Fine',
    );
    expect((await hook.deliveries()).map((d) => d.eventType)).toEqual([
      'expenses.claim.submitted',
      'expenses.claim.submitted',
      'expenses.claim.approved',
    ]);
    const own = await approve('bob', exactly.approvalId);
    expect(own.statusCode).toBe(403);
  });

  it('goes draft → submitted → withdrawn → submitted again → rejected, refusing what each state forbids', async () => {
    const c = (await claim('alice', { title: 'Lunch', lines: [line('Meals', 1_999)] })).json().data.claim;
    const submitted = (await send('alice', 'POST', `/api/expenses/claims/${c.id}/submit`)).json().data.claim;
    expect(submitted).toMatchObject({ status: 'SUBMITTED', approvalId: expect.any(String) });
    expect(submitted.submittedAt).not.toBeNull();
    for (const [method, url, payload] of [
      ['PATCH', `/api/expenses/claims/${c.id}`, { title: 'Other' }],
      ['DELETE', `/api/expenses/claims/${c.id}`],
      ['POST', `/api/expenses/claims/${c.id}/submit`],
    ] as Array<[string, string, object?]>) {
      const res = await send('alice', method, url, payload);
      expect([res.statusCode, res.json().error]).toEqual([409, 'conflict']);
      expect(res.json().reason).toContain('This expense claim is SUBMITTED');
    }
    const manager = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'manager@acme.test' } });
    const withdrawn = (await send('alice', 'POST', `/api/expenses/claims/${c.id}/withdraw`)).json().data.claim;
    expect(withdrawn).toMatchObject({ status: 'DRAFT', submittedAt: null });
    const cancelled = (await send('hr', 'GET', `/api/approval-flows/approvals/${submitted.approvalId}`)).json().data;
    expect(cancelled.approval.status).toBe('CANCELLED');
    expect(
      await h.db.prisma.notification.count({ where: { userId: manager.id, kind: 'expenses.claim_withdrawn' } }),
    ).toBe(1);
    const again = await send('alice', 'POST', `/api/expenses/claims/${c.id}/withdraw`);
    expect([again.statusCode, again.json().reason]).toEqual([
      409,
      'This expense claim is DRAFT: only a SUBMITTED claim can be withdrawn',
    ]);

    const changed = (
      await send('alice', 'PATCH', `/api/expenses/claims/${c.id}`, { title: 'Lunch with a customer' })
    ).json().data.claim;
    expect(changed.title).toBe('Lunch with a customer');
    const resubmitted = (await send('alice', 'POST', `/api/expenses/claims/${c.id}/submit`)).json().data.claim;
    expect(resubmitted.approvalId).not.toBe(submitted.approvalId);
    const rejected = await send('manager', 'POST', `/api/approval-flows/approvals/${resubmitted.approvalId}/reject`, {
      comment: 'Not a business expense',
    });
    expect(rejected.json().data.outcome).toBe('rejected');
    const final = (await send('alice', 'GET', `/api/expenses/claims/${c.id}`)).json().data.claim;
    expect(final).toMatchObject({ status: 'REJECTED', decisionComment: 'Not a business expense' });
    for (const action of ['submit', 'withdraw']) {
      const res = await send('alice', 'POST', `/api/expenses/claims/${c.id}/${action}`);
      expect([res.statusCode, res.json().reason]).toEqual([409, expect.stringContaining('is REJECTED')]);
    }

    const draft = (await claim('alice', { title: 'Scratch', lines: [line('Meals', 500)] })).json().data.claim;
    const deleted = await send('alice', 'DELETE', `/api/expenses/claims/${draft.id}`);
    expect([deleted.statusCode, deleted.json().data]).toEqual([200, { id: draft.id }]);
    expect(await h.db.prisma.expenseLine.count({ where: { claimId: draft.id } })).toBe(0);
    expect((await send('alice', 'GET', `/api/expenses/claims/${draft.id}`)).statusCode).toBe(404);
  });

  it('answers the same over MCP as over REST: a claim made with the tool reads alike both ways', async () => {
    const token = await tokenFor(h.db.prisma, 'alice', ['expenses:read', 'expenses:write']);
    const call = async (name: string, args: object) => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: {
          ...bearer(token),
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
        },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      });
      const result = res.json().result;
      expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
      return result.structuredContent;
    };
    const made = await call('create_expense_claim', { title: 'Taxi', lines: [line('Taxi', 4_250)] });
    expect(made.claim).toMatchObject({ status: 'DRAFT', total: money(4_250) });
    const viaMcp = await call('get_expense_claim', { id: made.claim.id });
    const viaRest = await h.app.inject({
      method: 'GET',
      url: `/api/expenses/claims/${made.claim.id}`,
      headers: bearer(token),
    });
    expect(viaMcp).toEqual(viaRest.json().data);
    expect((await call('list_expense_categories', {})).categories).toHaveLength(6);
  });

  it('makes one claim of a create sent twice with one Idempotency-Key, and answers both alike', async () => {
    const headers = { ...(await as('carol')), 'idempotency-key': 'expense-claim-once' };
    const payload = { title: 'Client dinner', lines: [line('Meals', 5_500)] };
    const before = await rows();
    const first = await h.app.inject({ method: 'POST', url: '/api/expenses/claims', headers, payload });
    const second = await h.app.inject({ method: 'POST', url: '/api/expenses/claims', headers, payload });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    expect((await rows()).claims).toBe(before.claims + 1);
  });
});
