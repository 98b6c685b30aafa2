import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { limitActions } from '../../engines/expenses/expenseLineRules';
import { MAX_EXPENSE_AGE_DAYS, MAX_EXPENSE_LINES } from '../../engines/expenses/expenseLines';
import { EXCHANGE_RATE_PATTERN } from '../../lib/money/money';
import { IsoDateString } from '../leave/leaveSchemas';
import { AmountMinor, CurrencyCode, MoneyView } from '../moneySchemas';

/** What every operation of the Expenses area shares (company-api.md). */
export const expensesOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Expenses',
} as const;

export const ExpenseClaimStatus = z.enum(['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'REIMBURSED']);

export const ClaimId = z.object({ id: z.uuid().describe('the expense claim id') });

/** A positive amount (a line, a limit of more than nothing is still a limit: 0 is allowed where it means "always"). */
const PositiveAmount = AmountMinor.min(1, 'must be at least 1 (minor units)');

const Title = z.string().trim().min(1).max(200).describe('what the claim is for, e.g. “Berlin customer visit”');

export const ExpenseLineInput = z.strictObject({
  category: z.string().trim().min(1).max(100).describe('the category, by name (e.g. Taxi) or id'),
  date: IsoDateString.describe(
    `the day of the expense, YYYY-MM-DD: not in the future, at most ${MAX_EXPENSE_AGE_DAYS} days back`,
  ),
  description: z.string().trim().min(1).max(500).describe('what it was, for the approvers'),
  amountMinor: PositiveAmount.optional().describe(
    'what was paid, in minor units of `currency` (4250 is 42.50); absent on a mileage line',
  ),
  currency: CurrencyCode.optional().describe(
    "ISO 4217 of what was paid; default the claim's currency (a mileage line: its category's)",
  ),
  exchangeRate: z
    // The pattern without EXCHANGE_RATE_PATTERN's lookahead (JSON Schema generators and fuzzers cannot read one);
    // the refinement then refuses a rate of zero.
    .string()
    .regex(/^\d{1,12}(?:\.\d{1,8})?$/, 'must be a decimal written as text, such as "1.0843"')
    .refine((rate) => EXCHANGE_RATE_PATTERN.test(rate), 'must be greater than 0')
    .optional()
    .describe("units of the claim's currency per 1 unit of `currency`, as text; required exactly when they differ"),
  distanceKm: z
    .number()
    .positive()
    .max(100_000)
    .refine((km) => Math.abs(km * 10 - Math.round(km * 10)) < 1e-9, 'must be kilometres to a tenth, such as 12.5')
    .optional()
    .describe('mileage categories only: the distance driven, in km to a tenth; the amount is distance × rate'),
  receiptAttachmentId: z
    .uuid()
    .optional()
    .describe('the receipt: an upload of POST /api/expenses/receipts by the claimant (or by whoever writes the claim)'),
});

export const ExpenseLines = z
  .array(ExpenseLineInput)
  .min(1)
  .max(MAX_EXPENSE_LINES)
  .describe(`the expenses, 1 to ${MAX_EXPENSE_LINES}`);

export const CreateExpenseClaimBody = z.strictObject({
  title: Title,
  lines: ExpenseLines,
  submit: z.boolean().default(false).describe('true: submit for approval at once (default false: a DRAFT)'),
});

export const UpdateExpenseClaimBody = z
  .strictObject({
    title: Title.optional(),
    lines: ExpenseLines.optional().describe('the new lines: they replace every line of the claim'),
  })
  .refine((b) => b.title !== undefined || b.lines !== undefined, 'give title, lines or both');

export const ExpenseLineView = z.object({
  id: z.uuid(),
  position: z.number().int().describe('order in the claim, from 0: lines.<position> in error reasons'),
  category: z.object({ id: z.uuid(), name: z.string() }),
  date: z.string(),
  description: z.string(),
  amount: MoneyView.describe('what was paid, in its own currency'),
  exchangeRate: z.string().nullable().describe("units of the claim's currency per unit of the amount's; null: same"),
  claimAmount: MoneyView.describe("what the line claims, in the claim's currency"),
  distanceKm: z.number().nullable().describe('mileage lines: the distance; else null'),
  receipt: z
    .object({ attachmentId: z.uuid(), filename: z.string(), contentType: z.string(), size: z.number().int() })
    .nullable(),
  receiptRequired: z.boolean().describe('the category asks for a receipt for this line (checked at submission)'),
  flags: z.array(z.string()).describe('over_limit, limit_in_other_currency: for the approvers'),
});

const claimFields = {
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  title: z.string(),
  status: ExpenseClaimStatus,
  total: MoneyView.describe("the sum of the lines, in the claim's currency (the claimant's pay currency)"),
  flags: z.array(z.string()).describe('the flags of its lines, once each'),
  lineCount: z.number().int(),
  approvalId: z.uuid().nullable().describe('its approval (GET /api/approval-flows/approvals/{id}); null: a draft'),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  payrollRunId: z.uuid().nullable().describe('the payroll run that reimbursed it'),
  reimbursedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ExpenseClaimSummary = z.object(claimFields);
export const ExpenseClaimView = z.object({ ...claimFields, lines: z.array(ExpenseLineView) });

export const ExpenseCategoryView = z.object({
  id: z.uuid(),
  name: z.string(),
  currency: z.string().describe('ISO 4217: of the limit, the receipt threshold and the mileage rate'),
  limit: MoneyView.nullable().describe('the most one line may claim; null: none'),
  limitAction: z.enum(limitActions).describe('above the limit: refuse (400) or flag for the approvers'),
  receiptRequiredAbove: MoneyView.nullable().describe('a line above this needs a receipt; null: never; 0: always'),
  mileageRate: MoneyView.nullable().describe('per km: a mileage category, whose lines claim a distance'),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const categoryFields = {
  name: z.string().trim().min(1).max(100).describe('unique in the workspace, whatever the case'),
  currency: CurrencyCode.describe('ISO 4217 of the limit, the receipt threshold and the mileage rate'),
  limitMinor: PositiveAmount.nullable().describe('the most one line may claim, minor units; null: no limit'),
  limitAction: z.enum(limitActions).describe('a line above the limit: refuse it (400), or keep it flagged'),
  receiptRequiredAboveMinor: AmountMinor.nullable().describe('a line above this needs a receipt; null never, 0 always'),
  mileageRateMinor: PositiveAmount.nullable().describe('a mileage category: the rate per km, minor units'),
  active: z.boolean().describe('false: no new line may use it'),
};

export const CreateExpenseCategoryBody = z.strictObject({
  name: categoryFields.name,
  currency: categoryFields.currency,
  limitMinor: categoryFields.limitMinor.default(null),
  limitAction: categoryFields.limitAction.default('flag'),
  receiptRequiredAboveMinor: categoryFields.receiptRequiredAboveMinor.default(null),
  mileageRateMinor: categoryFields.mileageRateMinor.default(null),
  active: categoryFields.active.default(true),
});

export const UpdateExpenseCategoryBody = z
  .strictObject({
    name: categoryFields.name.optional(),
    currency: categoryFields.currency.optional(),
    limitMinor: categoryFields.limitMinor.optional(),
    limitAction: categoryFields.limitAction.optional(),
    receiptRequiredAboveMinor: categoryFields.receiptRequiredAboveMinor.optional(),
    mileageRateMinor: categoryFields.mileageRateMinor.optional(),
    active: categoryFields.active.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
