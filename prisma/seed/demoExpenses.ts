import type { Prisma } from '../../db/models';
import type { DemoTenantKey } from './demoPeople';

type Tx = Prisma.TransactionClient;

/** A demo category; amounts in minor units of the tenant's currency (cents). */
interface DemoCategory {
  name: string;
  limitMinor: number | null;
  limitAction: 'refuse' | 'flag';
  receiptRequiredAboveMinor: number | null;
  mileageRateMinor: number | null;
}

/** The same six categories for each demo tenant, in its currency (company API, Expenses). */
export const demoExpenseCategories: DemoCategory[] = [
  { name: 'Travel', limitMinor: 150_000, limitAction: 'flag', receiptRequiredAboveMinor: null, mileageRateMinor: null },
  { name: 'Taxi', limitMinor: 10_000, limitAction: 'refuse', receiptRequiredAboveMinor: 5_000, mileageRateMinor: null },
  { name: 'Meals', limitMinor: 6_000, limitAction: 'flag', receiptRequiredAboveMinor: 2_500, mileageRateMinor: null },
  {
    name: 'Accommodation',
    limitMinor: 25_000,
    limitAction: 'flag',
    receiptRequiredAboveMinor: 0,
    mileageRateMinor: null,
  },
  { name: 'Mileage', limitMinor: null, limitAction: 'flag', receiptRequiredAboveMinor: null, mileageRateMinor: 30 },
  {
    name: 'Office supplies',
    limitMinor: 20_000,
    limitAction: 'refuse',
    receiptRequiredAboveMinor: 0,
    mileageRateMinor: null,
  },
];

const currencyOf: Record<DemoTenantKey, string> = { acme: 'EUR', globex: 'USD' };

/** Writes the demo expense categories of each tenant (Acme in EUR, Globex in USD), in the seed's transaction. */
export async function insertDemoExpenses(tx: Tx, input: { tenantIds: Record<DemoTenantKey, string> }): Promise<void> {
  const tenants = Object.keys(input.tenantIds) as DemoTenantKey[];
  await tx.expenseCategory.createMany({
    data: tenants.flatMap((tenant) =>
      demoExpenseCategories.map((c) => ({
        tenantId: input.tenantIds[tenant],
        name: c.name,
        currency: currencyOf[tenant],
        limitMinor: c.limitMinor === null ? null : BigInt(c.limitMinor),
        limitAction: c.limitAction,
        receiptRequiredAboveMinor: c.receiptRequiredAboveMinor === null ? null : BigInt(c.receiptRequiredAboveMinor),
        mileageRateMinor: c.mileageRateMinor === null ? null : BigInt(c.mileageRateMinor),
      })),
    ),
  });
}
