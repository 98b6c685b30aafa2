import { demoPeople, demoTenants, isDatabaseEmpty, seedDemo, seedSyntheticTenant } from '../../../prisma/seed';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { testClock } from '../../support/clock';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

async function peopleOf(domain: string) {
  return db.prisma.employee.findMany({
    where: { tenant: { domain } },
    include: { user: true, department: true, manager: true },
    orderBy: { employeeNumber: 'asc' },
  });
}

describe('seedDemo', () => {
  it('creates the named demo people with their roles, departments and managers', async () => {
    expect(await isDatabaseEmpty(db.prisma)).toBe(true);
    const result = await seedDemo(db.prisma, { clock: testClock() });
    expect(result).toEqual({ created: true, tenants: 2, departments: 5, employees: 53 });
    expect(await isDatabaseEmpty(db.prisma)).toBe(false);

    const tenants = await db.prisma.tenant.findMany({ orderBy: { domain: 'asc' } });
    expect(tenants.map((t) => ({ name: t.name, domain: t.domain }))).toEqual([demoTenants.acme, demoTenants.globex]);

    for (const person of Object.values(demoPeople)) {
      const employee = await db.prisma.employee.findFirstOrThrow({
        where: { email: person.email },
        include: { user: true, department: true, manager: true, tenant: true },
      });
      const manager = person.manager === null ? null : demoPeople[person.manager];
      expect({
        tenant: employee.tenant.domain,
        employeeNumber: employee.employeeNumber,
        name: employee.name,
        role: employee.user?.role,
        userEmail: employee.user?.email,
        department: employee.department?.name ?? null,
        manager: employee.manager?.email ?? null,
        hireDate: employee.hireDate.toISOString().slice(0, 10),
      }).toEqual({
        tenant: demoTenants[person.tenant].domain,
        employeeNumber: person.employeeNumber,
        name: person.name,
        role: person.role,
        userEmail: person.email,
        department: person.department,
        manager: manager?.email ?? null,
        hireDate: person.hireDate,
      });
    }
  });

  it('gives Acme 51 employees numbered 1 to 51, each with a user, over four departments', async () => {
    const acme = await peopleOf('acme.test');
    expect(acme.map((e) => e.employeeNumber)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    expect(acme.every((e) => e.user !== null && e.user.email === e.email && e.email === e.email.toLowerCase())).toBe(
      true,
    );
    const generated = acme.filter((e) => e.employeeNumber > 11);
    const perDepartment = new Map<string, number>();
    for (const e of generated)
      perDepartment.set(e.department?.name ?? '-', (perDepartment.get(e.department?.name ?? '-') ?? 0) + 1);
    expect(Object.fromEntries(perDepartment)).toEqual({ Engineering: 10, Sales: 10, Marketing: 10, Operations: 10 });
    // Every generated employee reaches the owner through managers of the same tenant.
    const byId = new Map(acme.map((e) => [e.id, e]));
    for (const e of generated) {
      let current = e;
      for (let depth = 0; current.managerId !== null; depth += 1) {
        expect(depth).toBeLessThan(10);
        const next = byId.get(current.managerId);
        if (!next) throw new Error(`${current.email}'s manager is not an Acme employee`);
        current = next;
      }
      expect(current.email).toBe(demoPeople.owner.email);
    }
  });

  it('names the same generated people on every run', async () => {
    const acme = await peopleOf('acme.test');
    expect(acme.find((e) => e.employeeNumber === 12)).toMatchObject({
      name: 'Camila Okafor',
      email: 'camila.okafor@acme.test',
      jobTitle: 'Engineering Team Lead',
      user: expect.objectContaining({ role: 'MANAGER' }),
      manager: expect.objectContaining({ email: demoPeople.director.email }),
    });
  });

  it('changes nothing when the demo data is already there', async () => {
    const before = await db.prisma.employee.findMany({ orderBy: { id: 'asc' } });
    expect(await seedDemo(db.prisma, { clock: testClock() })).toEqual({
      created: false,
      tenants: 0,
      departments: 0,
      employees: 0,
    });
    expect(await db.prisma.employee.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
    expect(await db.prisma.tenant.count()).toBe(2);
    expect(await db.prisma.user.count()).toBe(53);
  });
});

describe('seedSyntheticTenant', () => {
  it('creates 2,000 employees with users in a hierarchy that stays inside the tenant', async () => {
    const result = await seedSyntheticTenant(db.prisma, {
      employees: 2000,
      tenantName: 'Synthetic Two Thousand',
      clock: testClock(),
    });
    expect(result).toMatchObject({
      domain: 'synthetic-two-thousand.test',
      employees: 2000,
      users: 2000,
      departments: 4,
    });

    const employees = await db.prisma.employee.findMany({
      where: { tenantId: result.tenantId },
      select: { id: true, managerId: true, employeeNumber: true, userId: true, tenantId: true },
    });
    expect(employees).toHaveLength(2000);
    expect(employees.map((e) => e.employeeNumber).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 2000 }, (_, i) => i + 1),
    );
    expect(employees.every((e) => e.userId !== null)).toBe(true);

    const ids = new Set(employees.map((e) => e.id));
    const roots = employees.filter((e) => e.managerId === null);
    expect(roots).toHaveLength(1);
    expect(employees.filter((e) => e.managerId !== null && !ids.has(e.managerId))).toEqual([]);

    // Everyone is reachable from the single root: no cycles, no detached subtrees.
    const [reachable] = await db.prisma.$queryRaw<{ n: number }[]>`
      WITH RECURSIVE tree AS (
        SELECT id, 0 AS depth FROM employees WHERE tenant_id = ${result.tenantId}::uuid AND manager_id IS NULL
        UNION ALL
        SELECT e.id, t.depth + 1 FROM employees e JOIN tree t ON e.manager_id = t.id
      )
      SELECT count(*)::int AS n FROM tree`;
    expect(reachable?.n).toBe(2000);

    const managers = await db.prisma.user.groupBy({
      by: ['role'],
      where: { tenantId: result.tenantId },
      _count: { _all: true },
      orderBy: { role: 'asc' },
    });
    const roleCounts = Object.fromEntries(managers.map((m) => [m.role, m._count._all]));
    expect(roleCounts).toMatchObject({ OWNER: 1, DIRECTOR: 4 });
    expect((roleCounts.MANAGER ?? 0) + (roleCounts.DIRECTOR ?? 0) + 1).toBe(result.managers);
  });

  it('refuses a tenant of zero employees', async () => {
    await expect(
      seedSyntheticTenant(db.prisma, { employees: 0, tenantName: 'Empty', clock: testClock() }),
    ).rejects.toThrow('employees must be a positive integer, got 0');
    expect(await db.prisma.tenant.count({ where: { name: 'Empty' } })).toBe(0);
  });
});
