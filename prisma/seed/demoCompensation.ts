import type { Prisma } from '../../db/models';
import { uuidv7 } from '../../db/uuidv7';
import type { PersonRow } from './bulkInsert';
import type { DemoPersonKey, DemoTenantKey } from './demoPeople';

type Tx = Prisma.TransactionClient;

/** The demo tenants' pay currencies. */
const currencies: Record<DemoTenantKey, string> = { acme: 'EUR', globex: 'USD' };

/** Yearly salaries of the named people, whole units of their tenant's currency. */
const namedSalaries: Record<DemoPersonKey, number> = {
  owner: 180_000,
  admin: 72_000,
  hr: 76_000,
  director: 135_000,
  manager: 98_000,
  alice: 66_000,
  bob: 62_000,
  salesManager: 92_000,
  carol: 58_000,
  marketingManager: 88_000,
  operationsManager: 86_000,
  globexHr: 95_000,
  dan: 64_000,
};

/** Pay bands by job title: [min, max] in whole units. The generated people's titles get theirs below. */
const namedBands: Array<[tenant: DemoTenantKey, jobTitle: string, min: number, max: number]> = [
  ['acme', 'Software Engineer', 55_000, 85_000],
  ['acme', 'Engineering Manager', 85_000, 120_000],
  ['acme', 'Account Executive', 50_000, 75_000],
  ['acme', 'HR Manager', 65_000, 90_000],
  ['globex', 'Operations Analyst', 55_000, 80_000],
];

const units = (amount: number) => BigInt(amount) * 100n;

/**
 * The demo compensation (company API, Compensation): settings per tenant, pay bands, and for every employee a salary
 * history of two entries: from their hire date, and a raise from the first day of the calendar's current year
 * (one entry for someone hired since). Alice has a monthly home-office allowance. Deterministic but for ids.
 */
export async function insertDemoCompensation(
  tx: Tx,
  input: {
    tenantIds: Record<DemoTenantKey, string>;
    people: PersonRow[];
    employeeIdOf: (key: DemoPersonKey) => string;
    /** The calendar's today (YYYY-MM-DD). */
    today: string;
  },
): Promise<{ salaries: number }> {
  const { tenantIds, people, employeeIdOf } = input;
  const tenantOf = new Map(Object.entries(tenantIds).map(([key, id]) => [id, key as DemoTenantKey]));
  await tx.compensationSettings.createMany({
    data: Object.entries(tenantIds).map(([key, tenantId]) => ({
      tenantId,
      defaultCurrency: currencies[key as DemoTenantKey],
      managersSeeTeamCompensation: false,
    })),
  });
  const bands = namedBands.map(([tenant, jobTitle, min, max]) => ({ tenant, jobTitle, min, max }));
  for (const title of new Set(people.map((p) => p.jobTitle))) {
    if (title.endsWith('Specialist')) bands.push({ tenant: 'acme', jobTitle: title, min: 45_000, max: 65_000 });
    if (title.endsWith('Team Lead')) bands.push({ tenant: 'acme', jobTitle: title, min: 70_000, max: 95_000 });
  }
  await tx.payBand.createMany({
    data: bands.map((b) => ({
      id: uuidv7(),
      tenantId: tenantIds[b.tenant],
      name: b.jobTitle,
      jobTitle: b.jobTitle,
      currency: currencies[b.tenant],
      minMinor: units(b.min),
      maxMinor: units(b.max),
    })),
  });

  const named = new Map(
    Object.entries(namedSalaries).map(([key, amount]) => [employeeIdOf(key as DemoPersonKey), amount]),
  );
  const yearStart = `${input.today.slice(0, 4)}-01-01`;
  const salaries: Prisma.SalaryCreateManyInput[] = [];
  for (const person of people) {
    const currency = currencies[tenantOf.get(person.tenantId)!];
    const current =
      named.get(person.employeeId) ??
      (person.jobTitle.endsWith('Team Lead') ? 82_000 : 54_000) + (person.employeeNumber % 7) * 1_000;
    const entry = (effectiveDate: string, amount: number, reason: string) => ({
      id: uuidv7(),
      tenantId: person.tenantId,
      employeeId: person.employeeId,
      effectiveDate: new Date(`${effectiveDate}T00:00:00.000Z`),
      annualMinor: units(amount),
      currency,
      reason,
      createdByUserId: person.userId,
    });
    if (person.hireDate < yearStart) {
      salaries.push(entry(person.hireDate, Math.round((current * 0.92) / 100) * 100, 'Starting salary'));
      salaries.push(entry(yearStart, current, 'Yearly review'));
    } else {
      salaries.push(entry(person.hireDate, current, 'Starting salary'));
    }
  }
  await tx.salary.createMany({ data: salaries });
  const alice = people.find((p) => p.employeeId === employeeIdOf('alice'))!;
  await tx.compensationItem.create({
    data: {
      tenantId: alice.tenantId,
      employeeId: alice.employeeId,
      kind: 'allowance',
      name: 'Home office',
      amountMinor: 5_000n,
      currency: 'EUR',
      startDate: new Date(`${yearStart}T00:00:00.000Z`),
      createdByUserId: alice.userId,
    },
  });
  return { salaries: salaries.length };
}
