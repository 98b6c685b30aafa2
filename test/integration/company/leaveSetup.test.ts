import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { cleanWeek } from '../../support/leave';

/**
 * The leave set-up HR edits through the company API (company-api.md, Leave): policies (leave types) and the public
 * holiday calendar. What a change does to requests: new ones follow it, those made before keep their days.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, ['leave:read', 'leave:write']));
const send = (headers: Record<string, string>, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
const rows = async () => ({
  policies: await h.db.prisma.leavePolicy.count(),
  holidays: await h.db.prisma.publicHoliday.count(),
  deliveries: await h.db.prisma.webhookDelivery.count(),
});

describe('leave policies', () => {
  it('lets HR add a policy that requests can name at once, and refuses bad or taken ones, writing nothing', async () => {
    const hr = await as('hr');
    const created = await send(hr, 'POST', '/api/leave/policies', {
      name: 'Volunteering',
      kind: 'other',
      yearlyAllocationDays: 3,
      minNoticeDays: 0,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.policy).toMatchObject({ name: 'Volunteering', isDefault: false, active: true });
    const { monday } = await cleanWeek(h.db.prisma, 'alice', 40);
    const request = await send(await as('alice'), 'POST', '/api/v1/leave/requests', {
      start_date: monday,
      policy: 'Volunteering',
    });
    expect(request.statusCode).toBe(201);

    const before = await rows();
    const cases: Array<[object, number, string]> = [
      [{ name: 'Volunteering', kind: 'other', yearlyAllocationDays: 1 }, 409, 'conflict'],
      [{ name: 'X', kind: 'other', yearlyAllocationDays: 0.3 }, 400, 'yearlyAllocationDays'],
      [{ name: 'X', kind: 'holiday', yearlyAllocationDays: 1 }, 400, 'kind'],
      [{ name: '', kind: 'other', yearlyAllocationDays: 1 }, 400, 'name'],
      [{ name: 'X\u0000', kind: 'other', yearlyAllocationDays: 1 }, 400, 'name'],
      [{ name: 'X', kind: 'other', yearlyAllocationDays: 1, minNoticeDays: 1e9 }, 400, 'minNoticeDays'],
      [{ name: 'X', kind: 'other', yearlyAllocationDays: 1, colour: 'red' }, 400, 'colour'],
    ];
    for (const [body, status, said] of cases) {
      const res = await send(hr, 'POST', '/api/leave/policies', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(JSON.stringify(res.json())).toContain(said);
    }
    expect(
      (
        await send(await as('manager'), 'POST', '/api/leave/policies', {
          name: 'Y',
          kind: 'other',
          yearlyAllocationDays: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it('moves the default mark, never retires the default, and retires another policy', async () => {
    const hr = await as('hr');
    const policies = (await send(hr, 'GET', '/api/leave/policies')).json().data.policies as Array<{
      id: string;
      name: string;
      isDefault: boolean;
    }>;
    const annual = policies.find((p) => p.isDefault)!;
    const sick = policies.find((p) => p.name === 'Sick leave')!;
    const retireDefault = await send(hr, 'PATCH', `/api/leave/policies/${annual.id}`, { active: false });
    expect([retireDefault.statusCode, retireDefault.json().error]).toEqual([409, 'conflict']);
    const unmark = await send(hr, 'PATCH', `/api/leave/policies/${annual.id}`, { isDefault: false });
    expect(unmark.statusCode).toBe(409);

    const moved = await send(hr, 'PATCH', `/api/leave/policies/${sick.id}`, { isDefault: true });
    expect(moved.json().data.policy).toMatchObject({ id: sick.id, isDefault: true });
    const after = (await send(hr, 'GET', '/api/leave/policies')).json().data.policies;
    expect(after.filter((p: { isDefault: boolean }) => p.isDefault).map((p: { id: string }) => p.id)).toEqual([
      sick.id,
    ]);
    await send(hr, 'PATCH', `/api/leave/policies/${annual.id}`, { isDefault: true });

    const extra = (
      await send(hr, 'POST', '/api/leave/policies', { name: 'Sabbatical', kind: 'unpaid', yearlyAllocationDays: 0 })
    ).json().data.policy;
    const retired = await send(hr, 'PATCH', `/api/leave/policies/${extra.id}`, { active: false });
    expect(retired.json().data.policy).toMatchObject({ active: false });
    expect((await send(hr, 'GET', '/api/leave/policies')).body).not.toContain(extra.id);
    expect((await send(hr, 'PATCH', `/api/leave/policies/${extra.id}`, {})).statusCode).toBe(400);
    const globex = bearer(await tokenFor(h.db.prisma, 'globexHr', ['leave:read', 'leave:write']));
    expect((await send(globex, 'PATCH', `/api/leave/policies/${extra.id}`, { minNoticeDays: 1 })).statusCode).toBe(404);
  });
});

describe('the public holiday calendar', () => {
  it('counts a new request around an added holiday, and again after it is removed', async () => {
    const hr = await as('hr');
    const { monday, friday } = await cleanWeek(h.db.prisma, 'bob', 60);
    const wednesday = addDays(monday, 2);
    const added = await send(hr, 'POST', '/api/leave/holidays', { date: wednesday, name: 'Founders day' });
    expect(added.statusCode).toBe(201);
    const bob = await as('bob');
    const around = await send(bob, 'POST', '/api/v1/leave/requests', { start_date: monday, end_date: friday });
    expect(around.json().data.total_days).toBe(4);
    await send(bob, 'POST', `/api/v1/leave/requests/${around.json().data.id}/cancel`);

    const before = await rows();
    for (const [body, status] of [
      [{ date: wednesday, name: 'Again' }, 409],
      [{ date: '2027-02-30', name: 'x' }, 400],
      [{ date: wednesday }, 400],
    ] as Array<[object, number]>) {
      expect((await send(hr, 'POST', '/api/leave/holidays', body)).statusCode).toBe(status);
    }
    expect((await send(await as('alice'), 'POST', '/api/leave/holidays', { date: friday, name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await send(hr, 'DELETE', `/api/leave/holidays/${friday}`)).statusCode).toBe(404);
    expect((await send(hr, 'DELETE', '/api/leave/holidays/2027-13-01')).statusCode).toBe(400);
    expect(await rows()).toEqual(before);

    const removed = await send(hr, 'DELETE', `/api/leave/holidays/${wednesday}`);
    expect(removed.json().data.holiday).toEqual({ date: wednesday, name: 'Founders day' });
    const full = await send(bob, 'POST', '/api/v1/leave/requests', { start_date: monday, end_date: friday });
    expect(full.json().data.total_days).toBe(5);
  });
});
