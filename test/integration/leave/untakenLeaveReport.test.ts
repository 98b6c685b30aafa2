import { yearOf } from '../../../engines/leave/dates';
import { demoPeople } from '../../../prisma/seed';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { balanceOf, todayOf } from '../../support/leave';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

interface Row {
  employee: string;
  department: string;
  manager: string;
  allocated_days: number;
  used_days: number;
  untaken_days: number;
}

async function report(who: DemoKey, query = '') {
  const token = await tokenFor(h.db.prisma, who, ['reports:read']);
  return h.app.inject({ method: 'GET', url: `/api/v1/reports/untaken-leave${query}`, headers: bearer(token) });
}
async function rowsOf(
  who: DemoKey,
  query = '',
): Promise<{ year: number; employees: Row[]; totals: { employees: number; untakenDays: number } }> {
  const res = await report(who, query);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('GET /api/v1/reports/untaken-leave', () => {
  it('answers exactly the contract’s fields, sorted by untaken days, most first, with totals', async () => {
    const res = await report('hr');
    expect(Object.keys(res.json().data).sort()).toEqual(['employees', 'totals', 'year']);
    const data = res.json().data;
    expect(data.year).toBe(yearOf(await todayOf(h.db.prisma, 'hr')));
    expect(Object.keys(data.totals).sort()).toEqual(['employees', 'untakenDays']);
    for (const row of data.employees as Row[]) {
      expect(Object.keys(row).sort()).toEqual([
        'allocated_days',
        'department',
        'employee',
        'manager',
        'untaken_days',
        'used_days',
      ]);
      expect(row).toEqual({
        employee: expect.any(String),
        department: expect.any(String),
        manager: expect.any(String),
        allocated_days: expect.any(Number),
        used_days: expect.any(Number),
        untaken_days: expect.any(Number),
      });
      expect(row.untaken_days).toBe(row.allocated_days - row.used_days);
    }
    const untaken = (data.employees as Row[]).map((r) => r.untaken_days);
    expect(untaken).toEqual([...untaken].sort((a, b) => b - a));
    expect(data.totals).toEqual({ employees: data.employees.length, untakenDays: untaken.reduce((a, b) => a + b, 0) });
  });

  it('shows HR every employee of the workspace with department and manager, "" where there is none', async () => {
    const { employees } = await rowsOf('hr');
    expect(employees).toHaveLength(51);
    expect(employees.find((r) => r.employee === demoPeople.alice.name)).toMatchObject({
      department: 'Engineering',
      manager: demoPeople.manager.name,
    });
    expect(employees.find((r) => r.employee === demoPeople.owner.name)).toMatchObject({ department: '', manager: '' });
    expect(employees.map((r) => r.employee)).not.toContain(demoPeople.dan.name);
  });

  it('reads the balance kept with the ledger: allocation plus carry-over, minus used days', async () => {
    const year = yearOf(await todayOf(h.db.prisma, 'alice'));
    const balance = await balanceOf(h.db.prisma, 'alice', 'Annual leave', year);
    const { employees } = await rowsOf('hr');
    expect(employees.find((r) => r.employee === demoPeople.alice.name)).toEqual({
      employee: demoPeople.alice.name,
      department: 'Engineering',
      manager: demoPeople.manager.name,
      allocated_days: balance.allocated,
      used_days: balance.used,
      untaken_days: balance.allocated - balance.used,
    });
  });

  it('limits the rows to whom the caller may see', async () => {
    const names = async (who: DemoKey) => (await rowsOf(who)).employees.map((r) => r.employee).sort();
    expect(await names('alice')).toEqual([demoPeople.alice.name]);
    expect(await names('manager')).toEqual(
      [demoPeople.alice.name, demoPeople.bob.name, demoPeople.manager.name].sort(),
    );
    const director = await rowsOf('director');
    expect(director.employees).toHaveLength(14);
    expect(director.employees.every((r) => r.department === 'Engineering')).toBe(true);
    expect(await names('globexHr')).toEqual([demoPeople.dan.name, demoPeople.globexHr.name].sort());
  });

  it('keeps only employees with at least min_untaken_days', async () => {
    const all = (await rowsOf('hr')).employees;
    const threshold = all[Math.floor(all.length / 2)]!.untaken_days;
    const some = await rowsOf('hr', `?min_untaken_days=${threshold}`);
    expect(some.employees).toEqual(all.filter((r) => r.untaken_days >= threshold));
    expect(some.totals.employees).toBe(some.employees.length);
  });

  it('reports another policy by name, and another year', async () => {
    const sick = await rowsOf('hr', '?policy=sick%20LEAVE');
    expect(sick.employees).toHaveLength(51);
    expect(sick.employees.every((r) => r.allocated_days === 10)).toBe(true);
    const year = yearOf(await todayOf(h.db.prisma, 'hr'));
    const last = await rowsOf('hr', `?year=${year - 1}`);
    expect(last.year).toBe(year - 1);
    expect(last.employees.every((r) => r.allocated_days === 25)).toBe(true);
    expect(await rowsOf('hr', '?year=2090')).toEqual({
      year: 2090,
      employees: [],
      totals: { employees: 0, untakenDays: 0 },
    });
  });

  it.each([
    ['a year that is not a number', '?year=last', /^year: /],
    ['a year out of range', '?year=1999', /^year: /],
    ['min_untaken_days that is not a number', '?min_untaken_days=lots', /^min_untaken_days: /],
    ['an unknown policy', '?policy=Sabbatical', /^policy: no leave policy named "Sabbatical"/],
  ])('answers 400 validation_error naming the field for %s', async (_what, query, message) => {
    const res = await report('hr', query);
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'validation_error']);
    expect(res.json().error.message).toMatch(message);
  });

  it('answers 403 to a token without reports:read', async () => {
    const token = await tokenFor(h.db.prisma, 'hr', ['leave:read']);
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/reports/untaken-leave', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });
});
