import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';

/**
 * Compensation (company-api.md) through the HTTP API: pay bands, salary history, bonuses and allowances, field-level
 * access to pay, change proposals through Approval Flows. The change's timer (applied on its date) has its own test:
 * test/integration/compensation/compensationChangeWorkflow.test.ts.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const scopes = ['compensation:read', 'compensation:write', 'approval-flows:read', 'approval-flows:write'];
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, scopes as never));
const send = async (who: DemoKey, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers: await as(who), ...(payload ? { payload } : {}) });
const idOf = async (who: DemoKey) =>
  (await h.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;
const rows = async () => ({
  bands: await h.db.prisma.payBand.count(),
  salaries: await h.db.prisma.salary.count(),
  items: await h.db.prisma.compensationItem.count(),
  changes: await h.db.prisma.compensationChange.count(),
  approvals: await h.db.prisma.approvalInstance.count(),
  settings: await h.db.prisma.compensationSettings.count(),
});

describe('pay and who reads it', () => {
  it('shows Alice her own salary history and band; her manager and director see the person, not the amounts', async () => {
    const alice = await idOf('alice');
    const own = (await send('alice', 'GET', `/api/compensation/employees/${alice}`)).json().data.compensation;
    expect(own).toMatchObject({
      employeeName: 'Alice Anders',
      currentSalary: { annual: { amountMinor: 6_600_000, currency: 'EUR' }, monthly: { amountMinor: 550_000 } },
      payBand: { name: 'Software Engineer', min: { amountMinor: 5_500_000 }, max: { amountMinor: 8_500_000 } },
      bandPosition: { percent: 37, warnings: [] },
      allowances: [{ name: 'Home office', monthly: { amountMinor: 5_000, currency: 'EUR' }, endDate: null }],
    });
    expect(own.salaryHistory.map((s: { reason: string }) => s.reason)).toEqual(['Yearly review', 'Starting salary']);
    for (const who of ['manager', 'director'] as const) {
      const seen = (await send(who, 'GET', `/api/compensation/employees/${alice}`)).json().data.compensation;
      expect(Object.keys(seen).sort()).toEqual(['employeeId', 'employeeName', 'jobTitle', 'payBand']);
    }
    expect((await send('bob', 'GET', `/api/compensation/employees/${alice}`)).statusCode).toBe(404);
  });

  it('lets managers and directors read their people’s pay once HR allows it, never others’', async () => {
    const alice = await idOf('alice');
    const carol = await idOf('carol');
    const set = await send('hr', 'PUT', '/api/compensation/settings', {
      defaultCurrency: 'EUR',
      managersSeeTeamCompensation: true,
    });
    expect(set.json().data.settings).toEqual({
      defaultCurrency: 'EUR',
      managersSeeTeamCompensation: true,
      configured: true,
    });
    try {
      const byManager = (await send('manager', 'GET', `/api/compensation/employees/${alice}`)).json().data;
      expect(byManager.compensation.currentSalary.annual.amountMinor).toBe(6_600_000);
      // Carol is in Sales: outside the engineering manager's team, so not even the person.
      expect((await send('manager', 'GET', `/api/compensation/employees/${carol}`)).statusCode).toBe(404);
      const byBob = await send('bob', 'PUT', '/api/compensation/settings', {
        defaultCurrency: 'USD',
        managersSeeTeamCompensation: false,
      });
      expect(byBob.statusCode).toBe(403);
    } finally {
      await send('hr', 'PUT', '/api/compensation/settings', {
        defaultCurrency: 'EUR',
        managersSeeTeamCompensation: false,
      });
    }
  });
});

describe('salaries, bonuses, allowances and bands (HR)', () => {
  it('records a salary entry with its band warning, and refuses a second one on the same day', async () => {
    const bob = await idOf('bob');
    const day = addDays(await todayOf(h.db.prisma, 'bob'), 40);
    const res = await send('hr', 'POST', '/api/compensation/salaries', {
      employeeId: bob,
      effectiveDate: day,
      annualMinor: 9_000_000,
      currency: 'EUR',
      reason: 'Market adjustment',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      salary: { effectiveDate: day, annual: { amountMinor: 9_000_000, currency: 'EUR' }, changeId: null },
      warnings: ['above_band'],
    });
    const again = await send('hr', 'POST', '/api/compensation/salaries', {
      employeeId: bob,
      effectiveDate: day,
      annualMinor: 6_000_000,
      currency: 'EUR',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toContain(day);
    const byManager = await send('manager', 'POST', '/api/compensation/salaries', {
      employeeId: bob,
      effectiveDate: addDays(day, 1),
      annualMinor: 6_000_000,
      currency: 'EUR',
    });
    expect(byManager.statusCode).toBe(403);
  });

  it('records a bonus and an allowance, and ends the allowance', async () => {
    const carol = await idOf('carol');
    const today = await todayOf(h.db.prisma, 'carol');
    const bonus = await send('hr', 'POST', '/api/compensation/items', {
      employeeId: carol,
      kind: 'bonus',
      name: 'Q3 sales bonus',
      amountMinor: 250_000,
      currency: 'EUR',
      startDate: today,
    });
    expect(bonus.json().data.item).toMatchObject({
      name: 'Q3 sales bonus',
      amount: { amountMinor: 250_000 },
      date: today,
    });
    const allowance = (
      await send('hr', 'POST', '/api/compensation/items', {
        employeeId: carol,
        kind: 'allowance',
        name: 'Car',
        amountMinor: 30_000,
        currency: 'EUR',
        startDate: today,
      })
    ).json().data.item;
    const ended = await send('hr', 'PATCH', `/api/compensation/items/${allowance.id}`, { endDate: addDays(today, 60) });
    expect(ended.json().data.item).toMatchObject({ id: allowance.id, endDate: addDays(today, 60) });
    const onBonus = await send('hr', 'PATCH', `/api/compensation/items/${bonus.json().data.item.id}`, {
      endDate: today,
    });
    expect([onBonus.statusCode, onBonus.json().reason]).toEqual([409, 'This is a bonus: a bonus has no end date']);
  });

  it('creates and changes pay bands; only HR may', async () => {
    const body = {
      name: 'Staff Engineer',
      jobTitle: 'Staff Engineer',
      currency: 'EUR',
      minMinor: 9_000_000,
      maxMinor: 13_000_000,
    };
    const band = await send('hr', 'POST', '/api/compensation/pay-bands', body);
    expect(band.statusCode).toBe(201);
    const id = band.json().data.payBand.id;
    const changed = await send('hr', 'PATCH', `/api/compensation/pay-bands/${id}`, { maxMinor: 14_000_000 });
    expect(changed.json().data.payBand.max).toEqual({ amountMinor: 14_000_000, currency: 'EUR' });
    const taken = await send('hr', 'POST', '/api/compensation/pay-bands', body);
    expect(taken.statusCode).toBe(409);
    expect((await send('manager', 'PATCH', `/api/compensation/pay-bands/${id}`, { maxMinor: 1 })).statusCode).toBe(403);
    const list = (await send('alice', 'GET', '/api/compensation/pay-bands')).json().data.payBands;
    expect(list.map((b: { name: string }) => b.name)).toContain('Staff Engineer');
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const bob = await idOf('bob');
    const today = await todayOf(h.db.prisma, 'bob');
    const before = await rows();
    const cases: Array<[string, string, object, string]> = [
      [
        'POST',
        '/api/compensation/salaries',
        { employeeId: bob, effectiveDate: today, annualMinor: 12.5, currency: 'EUR' },
        'annualMinor',
      ],
      [
        'POST',
        '/api/compensation/salaries',
        { employeeId: bob, effectiveDate: today, annualMinor: 100, currency: 'EURO' },
        'currency',
      ],
      [
        'POST',
        '/api/compensation/salaries',
        { employeeId: bob, effectiveDate: today, annualMinor: 0, currency: 'EUR' },
        'annualMinor',
      ],
      [
        'POST',
        '/api/compensation/salaries',
        { employeeId: bob, effectiveDate: '1999-01-01', annualMinor: 1, currency: 'EUR' },
        'effectiveDate',
      ],
      [
        'POST',
        '/api/compensation/salaries',
        { employeeId: bob, effectiveDate: today, annualMinor: 1e13, currency: 'EUR' },
        'annualMinor',
      ],
      [
        'POST',
        '/api/compensation/salaries',
        { employeeId: bob, effectiveDate: today, annualMinor: 1, currency: 'EUR', payBandId: bob },
        'payBandId',
      ],
      [
        'POST',
        '/api/compensation/items',
        {
          employeeId: bob,
          kind: 'bonus',
          name: 'B',
          amountMinor: 1,
          currency: 'EUR',
          startDate: today,
          endDate: today,
        },
        'endDate',
      ],
      [
        'POST',
        '/api/compensation/items',
        { employeeId: bob, kind: 'gift', name: 'B', amountMinor: 1, currency: 'EUR', startDate: today },
        'kind',
      ],
      ['POST', '/api/compensation/pay-bands', { name: 'X', currency: 'EUR', minMinor: 10, maxMinor: 5 }, 'maxMinor'],
      ['POST', '/api/compensation/pay-bands', { name: '', currency: 'EUR', minMinor: 1, maxMinor: 5 }, 'name'],
      [
        'PUT',
        '/api/compensation/settings',
        { defaultCurrency: 'XXX', managersSeeTeamCompensation: false },
        'defaultCurrency',
      ],
      [
        'POST',
        '/api/compensation/changes',
        { employeeId: bob, effectiveDate: addDays(today, -1), annualMinor: 1, currency: 'EUR', reason: 'r' },
        'effectiveDate',
      ],
      [
        'POST',
        '/api/compensation/changes',
        { employeeId: bob, effectiveDate: addDays(today, 800), annualMinor: 1, currency: 'EUR', reason: 'r' },
        'effectiveDate',
      ],
      [
        'POST',
        '/api/compensation/changes',
        { employeeId: bob, effectiveDate: today, annualMinor: 1, currency: 'EUR', reason: '' },
        'reason',
      ],
      [
        'POST',
        '/api/compensation/changes',
        { employeeId: bob, effectiveDate: today, annualMinor: 1, currency: 'EUR', reason: 'r', bonus: 1 },
        'bonus',
      ],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await send('hr', method, url, body);
      expect({ url, body, status: res.statusCode }).toEqual({ url, body, status: 400 });
      expect(res.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining(field) });
    }
    expect(await rows()).toEqual(before);
  });
});

describe('change proposals through Approval Flows', () => {
  it('lets Alice’s manager propose a raise that HR approves; Alice does not see the proposal', async () => {
    const alice = await idOf('alice');
    const day = addDays(await todayOf(h.db.prisma, 'alice'), 30);
    const res = await send('manager', 'POST', '/api/compensation/changes', {
      employeeId: alice,
      effectiveDate: day,
      annualMinor: 9_000_000,
      currency: 'EUR',
      reason: 'Promotion to senior',
    });
    expect(res.statusCode).toBe(201);
    const change = res.json().data.change;
    expect(change).toMatchObject({
      status: 'PENDING',
      proposed: { amountMinor: 9_000_000, currency: 'EUR' },
      previous: { amountMinor: 6_600_000, currency: 'EUR' },
      warnings: ['above_band'],
      proposedBy: { name: 'Marcus Miller' },
    });
    const approval = (await send('hr', 'GET', `/api/approval-flows/approvals/${change.approvalId}`)).json().data
      .approval;
    expect(approval).toMatchObject({ requestType: 'compensation_change', status: 'PENDING' });
    // Anyone who sees the approval reads its summary: it names no amount.
    expect(approval.summary).toMatch(/^Compensation change for Alice Anders from \d{4}-\d{2}-\d{2}$/);
    expect(approval.steps.map((s: { name: string }) => s.name)).toEqual(['HR']);
    expect((await send('alice', 'GET', `/api/compensation/changes/${change.id}`)).statusCode).toBe(404);
    expect((await send('alice', 'GET', '/api/compensation/changes')).json().data.changes).toEqual([]);
    expect(
      (await send('manager', 'POST', `/api/approval-flows/approvals/${change.approvalId}/approve`, {})).statusCode,
    ).toBe(403);
    const decided = await send('hr', 'POST', `/api/approval-flows/approvals/${change.approvalId}/approve`, {});
    expect(decided.json().data.outcome).toBe('approved');
    const read = (await send('manager', 'GET', `/api/compensation/changes/${change.id}`)).json().data.change;
    expect(read).toMatchObject({ status: 'APPROVED', appliedAt: null });
    // Approved, not applied: no salary entry until its date (its workflow's timer; no worker runs here).
    expect(await h.db.prisma.salary.count({ where: { changeId: change.id } })).toBe(0);
    const withdrawn = await send('manager', 'POST', `/api/compensation/changes/${change.id}/cancel`);
    expect(withdrawn.json().data.change.status).toBe('CANCELLED');
    const again = await send('hr', 'POST', `/api/compensation/changes/${change.id}/cancel`);
    expect([again.statusCode, again.json().reason]).toEqual([409, 'This change is already CANCELLED']);
  });

  it('refuses a proposal for yourself, from an employee, or for someone you cannot see', async () => {
    const manager = await idOf('manager');
    const carol = await idOf('carol');
    const day = addDays(await todayOf(h.db.prisma, 'manager'), 10);
    const body = (employeeId: string) => ({
      employeeId,
      effectiveDate: day,
      annualMinor: 1,
      currency: 'EUR',
      reason: 'r',
    });
    const before = await rows();
    expect((await send('manager', 'POST', '/api/compensation/changes', body(manager))).statusCode).toBe(403);
    expect((await send('bob', 'POST', '/api/compensation/changes', body(carol))).statusCode).toBe(403);
    expect((await send('manager', 'POST', '/api/compensation/changes', body(carol))).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
  });
});
