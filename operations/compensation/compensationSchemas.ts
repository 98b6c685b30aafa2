import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { AmountMinor, CurrencyCode, MoneyView } from '../moneySchemas';

/** What every operation of the Compensation area shares (company-api.md). */
export const compensationOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Compensation',
} as const;

export const CompensationChangeStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'APPLIED']);

export const SettingsView = z.object({
  defaultCurrency: z.string().describe('ISO 4217: the currency of people without a salary yet'),
  managersSeeTeamCompensation: z.boolean().describe('managers and directors read the pay of the people they see'),
  configured: z.boolean().describe('false: the defaults (EUR, managers do not read pay)'),
});

export const PayBandView = z.object({
  id: z.uuid(),
  name: z.string(),
  jobTitle: z.string().nullable().describe('the job title the band is for; null: assigned by hand only'),
  min: MoneyView.describe('the lowest yearly salary of the band'),
  max: MoneyView.describe('the highest yearly salary of the band'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const SalaryView = z.object({
  id: z.uuid(),
  effectiveDate: z.string().describe('YYYY-MM-DD: in effect from this day until the next entry'),
  annual: MoneyView.describe('gross yearly salary'),
  monthly: MoneyView.describe('the yearly salary over twelve months, rounded'),
  payBandId: z.uuid().nullable(),
  reason: z.string().nullable(),
  changeId: z.uuid().nullable().describe('the approved change proposal that made it; null: recorded by HR'),
  createdAt: z.string(),
});

export const BandWarnings = z
  .array(z.string())
  .describe('below_band, above_band, band_currency (the band is in another currency), currency_change');

export const BonusView = z.object({
  id: z.uuid(),
  name: z.string(),
  amount: MoneyView,
  date: z.string().describe('YYYY-MM-DD: paid with the payroll of this month'),
  createdAt: z.string(),
});

export const AllowanceView = z.object({
  id: z.uuid(),
  name: z.string(),
  monthly: MoneyView.describe('per month, pro rata in the first and last month'),
  startDate: z.string(),
  endDate: z.string().nullable().describe('null: until ended'),
  createdAt: z.string(),
});

export const ChangeView = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  effectiveDate: z.string(),
  proposed: MoneyView.describe('the proposed gross yearly salary'),
  previous: MoneyView.nullable().describe('the salary on the effective date when proposed; null: none yet'),
  payBandId: z.uuid().nullable(),
  reason: z.string(),
  status: CompensationChangeStatus,
  warnings: BandWarnings,
  approvalId: z.uuid().nullable().describe('its approval (GET /api/approval-flows/approvals/{id})'),
  workflowId: z
    .string()
    .nullable()
    .describe('the Temporal workflow that applies it on its effective date; null until it started'),
  proposedBy: z.object({ userId: z.uuid(), name: z.string() }),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  appliedAt: z.string().nullable(),
  createdAt: z.string(),
});

/** The amounts (every field but the person and the band) are left out for who may not read pay. */
export const EmployeeCompensationView = z.object({
  employeeId: z.uuid(),
  employeeName: z.string(),
  jobTitle: z.string(),
  payBand: PayBandView.nullable().describe('the band that applies: assigned, or the one for the job title'),
  currentSalary: SalaryView.nullable().optional().describe('sensitive'),
  bandPosition: z
    .object({
      percent: z.number().nullable().describe('0 the band minimum, 100 its maximum'),
      warnings: BandWarnings,
    })
    .nullable()
    .optional()
    .describe('sensitive'),
  salaryHistory: z.array(SalaryView).optional().describe('sensitive, newest first'),
  bonuses: z.array(BonusView).optional().describe('sensitive'),
  allowances: z.array(AllowanceView).optional().describe('sensitive'),
  pendingChanges: z.array(ChangeView).optional().describe('sensitive: proposals not applied yet that you may read'),
});

export const EmployeeRef = z.uuid().describe('the employee (GET /api/people)');

/** A yearly salary: a whole number of minor units above zero. */
export const AnnualMinor = AmountMinor.min(1).describe('gross yearly salary in minor units (6000000 is 60000.00 EUR)');

export { AmountMinor, CurrencyCode };

export const IdParam = z.object({ id: z.uuid().describe('the id') });
