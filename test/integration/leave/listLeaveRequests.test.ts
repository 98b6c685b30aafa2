import { demoPeople } from '../../../prisma/seed';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

interface Item {
  id: string;
  employee_id: number;
  employee_name: string;
  policy: string;
  start_date: string;
  end_date: string;
  total_days: number;
  half_day: boolean;
  status: string;
  reason?: string;
  created_at: string;
}

async function list(who: DemoKey, query = '?limit=200') {
  const token = await tokenFor(h.db.prisma, who, ['leave:read']);
  return h.app.inject({ method: 'GET', url: `/api/v1/leave/requests${query}`, headers: bearer(token) });
}
async function items(who: DemoKey, query = '?limit=200'): Promise<Item[]> {
  const res = await list(who, query);
  expect(res.statusCode).toBe(200);
  return res.json().data.requests;
}
const namesOf = (rows: Item[]) => [...new Set(rows.map((r) => r.employee_name))].sort();

describe('GET /api/v1/leave/requests', () => {
  it('answers data.requests whose items carry exactly the contract’s fields and types', async () => {
    const res = await list('hr');
    expect(Object.keys(res.json())).toEqual(['data']);
    expect(Object.keys(res.json().data)).toEqual(['requests']);
    const rows: Item[] = res.json().data.requests;
    expect(rows.length).toBeGreaterThan(10);
    const required = [
      'created_at',
      'employee_id',
      'employee_name',
      'end_date',
      'half_day',
      'id',
      'policy',
      'start_date',
      'status',
      'total_days',
    ];
    for (const row of rows) {
      const keys = Object.keys(row).sort();
      expect(keys).toEqual(row.reason === undefined ? required : [...required, 'reason'].sort());
      expect(row).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        employee_id: expect.any(Number),
        employee_name: expect.any(String),
        policy: expect.any(String),
        start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        end_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        total_days: expect.any(Number),
        half_day: expect.any(Boolean),
        status: expect.stringMatching(/^(PENDING|APPROVED|REJECTED|CANCELLED|IN_PROGRESS|COMPLETED)$/),
        ...(row.reason === undefined ? {} : { reason: expect.any(String) }),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      expect(Number.isInteger(row.employee_id)).toBe(true);
      expect(row.end_date >= row.start_date).toBe(true);
    }
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'IN_PROGRESS', 'COMPLETED']),
    );
    expect(rows.find((r) => r.half_day)?.total_days).toBe(0.5);
  });

  it('lists newest first', async () => {
    const rows = await items('hr');
    const created = rows.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('shows an employee only their own requests', async () => {
    const rows = await items('alice');
    expect(namesOf(rows)).toEqual([demoPeople.alice.name]);
    expect(rows.every((r) => r.employee_id === demoPeople.alice.employeeNumber)).toBe(true);
    expect(rows).toHaveLength(5);
  });

  it('shows a manager their team and themselves', async () => {
    expect(namesOf(await items('manager'))).toEqual(
      [demoPeople.alice.name, demoPeople.bob.name, demoPeople.manager.name].sort(),
    );
  });

  it('shows a director their department', async () => {
    expect(namesOf(await items('director'))).toEqual(
      [demoPeople.alice.name, demoPeople.bob.name, demoPeople.manager.name, demoPeople.director.name].sort(),
    );
  });

  it('shows HR the whole workspace and nothing of another', async () => {
    const names = namesOf(await items('hr'));
    expect(names).toEqual(
      expect.arrayContaining([demoPeople.carol.name, demoPeople.owner.name, demoPeople.hr.name, demoPeople.alice.name]),
    );
    expect(names).not.toContain(demoPeople.dan.name);
  });

  it('shows Globex only Globex, whatever its role', async () => {
    expect(namesOf(await items('globexHr'))).toEqual([demoPeople.dan.name]);
    expect(namesOf(await items('dan'))).toEqual([demoPeople.dan.name]);
  });

  it('filters by status', async () => {
    const rows = await items('hr', '?status=PENDING&limit=200');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'PENDING')).toBe(true);
  });

  it('keeps the requests overlapping from..to', async () => {
    const all = await items('hr');
    const pivot = all.find((r) => r.status === 'APPROVED' && !r.half_day)!;
    const window = await items('hr', `?from=${pivot.start_date}&to=${pivot.start_date}&limit=200`);
    expect(window.map((r) => r.id)).toContain(pivot.id);
    expect(window.every((r) => r.end_date >= pivot.start_date && r.start_date <= pivot.start_date)).toBe(true);
    expect(window.length).toBe(
      all.filter((r) => r.end_date >= pivot.start_date && r.start_date <= pivot.start_date).length,
    );
  });

  it('answers at most limit requests, 50 by default', async () => {
    expect(await items('hr', '?limit=2')).toHaveLength(2);
    expect((await items('hr', '')).length).toBeLessThanOrEqual(50);
  });

  it.each([
    ['an unknown status', '?status=WAITING', /^status: /],
    ['a malformed from', '?from=2026-13-01', /^from: /],
    ['a malformed to', '?to=tomorrow', /^to: /],
    ['to before from', '?from=2026-03-10&to=2026-03-01', /^to: must not be before from/],
    ['limit 0', '?limit=0', /^limit: /],
    ['limit 201', '?limit=201', /^limit: /],
    ['a limit that is not a number', '?limit=many', /^limit: /],
  ])('answers 400 validation_error naming the field for %s', async (_what, query, message) => {
    const res = await list('hr', query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().error.message).toMatch(message);
  });

  it('answers 403 to a token without leave:read', async () => {
    const token = await tokenFor(h.db.prisma, 'hr', ['reports:read']);
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/leave/requests', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });
});
