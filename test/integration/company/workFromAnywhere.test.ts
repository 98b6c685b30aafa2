import { addDays, yearOf } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * Work From Anywhere (company-api.md) through the HTTP API: the policy, requests counted against the yearly
 * allowance, a breach routed to an extra HR step of Approval Flows, overlaps refused, who is abroad.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const scopes = ['work-from-anywhere:read', 'work-from-anywhere:write', 'approval-flows:read', 'approval-flows:write'];
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, scopes as never));
const send = (headers: Record<string, string>, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
const rows = async () => ({
  requests: await h.db.prisma.workFromAnywhereRequest.count(),
  approvals: await h.db.prisma.approvalInstance.count(),
  notifications: await h.db.prisma.notification.count(),
});

/** The first day of a year well ahead, so every request of this file falls in one fresh year. */
let year: number;
let jan: string;
beforeAll(async () => {
  year = yearOf(await todayOf(h.db.prisma, 'alice')) + 2;
  jan = `${year}-01-01`;
});
const day = (n: number) => addDays(jan as never, n);

async function ask(who: DemoKey, body: object) {
  return send(await as(who), 'POST', '/api/work-from-anywhere/requests', body);
}
const steps = async (approvalId: string) =>
  (await send(await as('hr'), 'GET', `/api/approval-flows/approvals/${approvalId}`))
    .json()
    .data.approval.steps.map((s: { name: string }) => s.name);

describe('Work From Anywhere', () => {
  beforeAll(async () => {
    const res = await send(await as('hr'), 'PUT', '/api/work-from-anywhere/policy', {
      daysPerYear: 10,
      allowedCountries: ['PT', 'ES'],
    });
    expect(res.json().data.policy).toEqual({ daysPerYear: 10, allowedCountries: ['ES', 'PT'], configured: true });
  });

  it('within the policy asks the manager only; beyond the allowance adds HR’s step', async () => {
    const hook = await queuedWebhookOf(h.db.prisma, 'hr', ['work_from_anywhere.request.approved']);
    const first = await ask('alice', {
      country: 'PT',
      city: 'Lisbon',
      startDate: day(10),
      endDate: day(14),
      reason: 'Family',
    });
    expect(first.statusCode).toBe(201);
    const a = first.json().data.request;
    expect(a).toMatchObject({ days: 5, status: 'PENDING', breaches: [], country: 'PT' });
    expect(await steps(a.approvalId)).toEqual(['Manager']);
    const approved = await send(
      await as('manager'),
      'POST',
      `/api/approval-flows/approvals/${a.approvalId}/approve`,
      {},
    );
    expect(approved.json().data.outcome).toBe('approved');
    const read = await send(await as('alice'), 'GET', `/api/work-from-anywhere/requests/${a.id}`);
    expect(read.json().data.request).toMatchObject({ status: 'APPROVED' });
    expect((await hook.deliveries()).map((d) => d.eventType)).toEqual(['work_from_anywhere.request.approved']);

    // 5 used + 7 asked > 10: a breach of the allowance, and HR decides after the manager.
    const second = (await ask('alice', { country: 'ES', city: 'Madrid', startDate: day(40), endDate: day(46) })).json()
      .data.request;
    expect(second).toMatchObject({ days: 7, breaches: ['allowance'] });
    expect(await steps(second.approvalId)).toEqual(['Manager', 'HR (policy breach)']);
    const step1 = await send(
      await as('manager'),
      'POST',
      `/api/approval-flows/approvals/${second.approvalId}/approve`,
      {},
    );
    expect(step1.json().data.outcome).toBe('waiting');
    const inbox = (await send(await as('hr'), 'GET', '/api/approval-flows/approvals')).json().data.approvals;
    expect(inbox.map((x: { id: string }) => x.id)).toContain(second.approvalId);
    const step2 = await send(await as('hr'), 'POST', `/api/approval-flows/approvals/${second.approvalId}/approve`, {});
    expect(step2.json().data.outcome).toBe('approved');

    const abroad = await send(await as('director'), 'GET', `/api/work-from-anywhere/abroad?date=${day(12)}`);
    expect(abroad.json().data.requests.map((r: { id: string }) => r.id)).toEqual([a.id]);
  });

  it('calls another country a breach, refuses overlaps and bad input, writing nothing', async () => {
    const us = (await ask('bob', { country: 'US', city: 'Boston', startDate: day(60), endDate: day(61) })).json().data
      .request;
    expect(us.breaches).toEqual(['country']);
    const before = await rows();
    const cases: Array<[object, number, string]> = [
      [{ country: 'US', city: 'Boston', startDate: day(61), endDate: day(62) }, 409, us.id],
      [{ country: 'pt', city: 'Porto', startDate: day(70), endDate: day(71) }, 400, 'country'],
      [{ country: 'PT', city: '', startDate: day(70), endDate: day(71) }, 400, 'city'],
      [{ country: 'PT', city: 'Porto', startDate: day(71), endDate: day(70) }, 400, 'endDate'],
      [{ country: 'PT', city: 'Porto', startDate: '2020-01-06', endDate: '2020-01-07' }, 400, 'startDate'],
      [{ country: 'PT', city: 'Porto', startDate: day(70), endDate: day(70 + 400) }, 400, 'endDate'],
      [{ country: 'PT', city: 'Porto', startDate: day(70), endDate: '2027-02-30' }, 400, 'endDate'],
      [{ country: 'PT', city: 'Porto', startDate: day(70), endDate: day(71), visa: true }, 400, 'visa'],
    ];
    for (const [body, status, said] of cases) {
      const res = await ask('bob', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json().reason).toContain(said);
    }
    expect(await rows()).toEqual(before);
  });

  it('cancels (own or HR’s) and frees the days; hides requests from those who may not see them', async () => {
    const res = (await ask('carol', { country: 'PT', city: 'Faro', startDate: day(100), endDate: day(109) })).json()
      .data.request;
    expect(res.breaches).toEqual([]);
    const over = (await ask('carol', { country: 'PT', city: 'Faro', startDate: day(120), endDate: day(120) })).json()
      .data.request;
    expect(over.breaches).toEqual(['allowance']);
    expect(
      (await send(await as('salesManager'), 'POST', `/api/work-from-anywhere/requests/${res.id}/cancel`)).statusCode,
    ).toBe(403);
    const cancelled = await send(await as('carol'), 'POST', `/api/work-from-anywhere/requests/${res.id}/cancel`);
    expect(cancelled.json().data.request.status).toBe('CANCELLED');
    const again = await send(await as('hr'), 'POST', `/api/work-from-anywhere/requests/${res.id}/cancel`);
    expect([again.statusCode, again.json().reason]).toEqual([409, 'This request is already CANCELLED']);
    const approval = (await send(await as('hr'), 'GET', `/api/approval-flows/approvals/${res.approvalId}`)).json().data
      .approval;
    expect(approval.status).toBe('CANCELLED');
    const fits = (await ask('carol', { country: 'ES', city: 'Seville', startDate: day(130), endDate: day(131) })).json()
      .data.request;
    expect(fits.breaches).toEqual([]);

    expect((await send(await as('alice'), 'GET', `/api/work-from-anywhere/requests/${fits.id}`)).statusCode).toBe(404);
    const globex = bearer(await tokenFor(h.db.prisma, 'globexHr', scopes as never));
    expect((await send(globex, 'GET', `/api/work-from-anywhere/requests/${fits.id}`)).statusCode).toBe(404);
    const list = await send(globex, 'GET', '/api/work-from-anywhere/requests?limit=200');
    expect(list.body).not.toContain(fits.id);
    expect(
      (await send(await as('bob'), 'PUT', '/api/work-from-anywhere/policy', { daysPerYear: 99, allowedCountries: [] }))
        .statusCode,
    ).toBe(403);
  });

  it('tells who is abroad in a window of days (from and to, at most 31), naming the field of a bad window', async () => {
    const porto = (await ask('bob', { country: 'PT', city: 'Porto', startDate: day(200), endDate: day(202) })).json()
      .data.request;
    expect(porto.breaches).toEqual([]);
    const approved = await send(
      await as('manager'),
      'POST',
      `/api/approval-flows/approvals/${porto.approvalId}/approve`,
      {},
    );
    expect(approved.json().data.outcome).toBe('approved');
    const abroad = async (query: string) =>
      send(await as('director'), 'GET', `/api/work-from-anywhere/abroad?${query}`);

    const overlapping = (await abroad(`from=${day(195)}&to=${day(200)}`)).json().data;
    expect(overlapping).toMatchObject({ date: day(195), from: day(195), to: day(200) });
    expect(overlapping.requests.map((r: { id: string }) => r.id)).toEqual([porto.id]);
    expect((await abroad(`from=${day(203)}&to=${day(209)}`)).json().data.requests).toEqual([]);
    const oneDay = (await abroad(`date=${day(201)}`)).json().data;
    expect(oneDay).toMatchObject({ date: day(201), from: day(201), to: day(201) });
    expect(oneDay.requests.map((r: { id: string }) => r.id)).toEqual([porto.id]);
    expect((await abroad(`from=${day(171)}&to=${day(201)}`)).statusCode).toBe(200);

    const bad: Array<[string, string]> = [
      [`from=${day(195)}`, 'to'],
      [`to=${day(195)}`, 'from'],
      [`date=${day(195)}&from=${day(195)}&to=${day(196)}`, 'date'],
      [`from=${day(200)}&to=${day(199)}`, 'to'],
      [`from=${day(170)}&to=${day(201)}`, 'to'],
      [`from=${day(170)}&to=${year}-02-30`, 'to'],
    ];
    for (const [query, field] of bad) {
      const res = await abroad(query);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect({ query, reason: res.json().reason }).toEqual({ query, reason: expect.stringContaining(`${field}:`) });
    }
  });

  it('refuses a bad policy with 400 naming the field, and keeps the policy as it was', async () => {
    const hr = await as('hr');
    const before = (await send(hr, 'GET', '/api/work-from-anywhere/policy')).json().data.policy;
    for (const [body, field] of [
      [{ daysPerYear: -1, allowedCountries: [] }, 'daysPerYear'],
      [{ daysPerYear: 367, allowedCountries: [] }, 'daysPerYear'],
      [{ daysPerYear: 1.5, allowedCountries: [] }, 'daysPerYear'],
      [{ daysPerYear: 'ten', allowedCountries: [] }, 'daysPerYear'],
      [{ allowedCountries: [] }, 'daysPerYear'],
      [{ daysPerYear: 10, allowedCountries: 'PT' }, 'allowedCountries'],
      [{ daysPerYear: 10, allowedCountries: ['Portugal'] }, 'allowedCountries'],
      [{ daysPerYear: 10, allowedCountries: Array(251).fill('PT') }, 'allowedCountries'],
      [{ daysPerYear: 10, allowedCountries: [], everyone: true }, 'everyone'],
    ] as const) {
      const res = await send(hr, 'PUT', '/api/work-from-anywhere/policy', body);
      expect({ body, status: res.statusCode, error: res.json().error, reason: res.json().reason }).toEqual({
        body,
        status: 400,
        error: 'bad_request',
        reason: expect.stringContaining(field),
      });
    }
    expect((await send(hr, 'GET', '/api/work-from-anywhere/policy')).json().data.policy).toEqual(before);
  });
});
