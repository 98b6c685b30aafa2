import { moveBalance } from '../../../engines/leave/balances';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { seedDemoTenants } from '../../support/identity';

/**
 * The balance row is the sum of the ledger (engines/leave/balances.ts): a year's first movement creates the row
 * with the policy's allocation and writes the allocation's ledger row; later movements add to both.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
});

afterAll(async () => {
  await db?.drop();
});

it('opens a year with its allocation on first use, then moves it, the row always the ledger sum', async () => {
  const employee = await db.prisma.employee.findFirstOrThrow({ where: { email: 'alice@acme.test' } });
  const policy = await db.prisma.leavePolicy.findFirstOrThrow({
    where: { tenantId: employee.tenantId, isDefault: true },
  });
  const owner = { tenantId: employee.tenantId, employeeId: employee.id, policy };
  const year = 2031;
  const where = { employeeId: employee.id, policyId: policy.id, year };
  expect(await db.prisma.leaveBalance.findUnique({ where: { employeeId_policyId_year: where } })).toBeNull();

  await db.prisma.$transaction((tx) =>
    moveBalance(tx, owner, [{ year, kind: 'reserve', bucket: 'pending', days: 2 }], { note: 'first' }),
  );
  await db.prisma.$transaction((tx) =>
    moveBalance(tx, owner, [
      { year, kind: 'release', bucket: 'pending', days: -2 },
      { year, kind: 'use', bucket: 'used', days: 2 },
    ]),
  );

  const row = await db.prisma.leaveBalance.findUniqueOrThrow({ where: { employeeId_policyId_year: where } });
  expect(row).toMatchObject({ allocated: policy.yearlyAllocationDays, pending: 0, used: 2 });
  const ledger = await db.prisma.leaveLedgerEntry.findMany({ where, orderBy: { id: 'asc' } });
  expect(ledger.map((e) => [e.kind, e.bucket, e.days])).toEqual([
    ['allocation', 'allocated', policy.yearlyAllocationDays],
    ['reserve', 'pending', 2],
    ['release', 'pending', -2],
    ['use', 'used', 2],
  ]);
  const sum = (bucket: string) => ledger.filter((e) => e.bucket === bucket).reduce((t, e) => t + e.days, 0);
  expect({ allocated: sum('allocated'), pending: sum('pending'), used: sum('used') }).toEqual({
    allocated: row.allocated,
    pending: row.pending,
    used: row.used,
  });
});
