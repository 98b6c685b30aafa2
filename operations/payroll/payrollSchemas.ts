import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { MoneyView } from '../moneySchemas';

/** What every operation of the Payroll area shares (company-api.md). */
export const payrollOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Payroll',
} as const;

export const PeriodLabel = z
  .string()
  .regex(/^(19[0-9]{2}|2[01][0-9]{2})-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM, such as 2026-10')
  .describe('a calendar month, YYYY-MM');

export const PayrollRunStatus = z.enum(['GATHERING', 'IN_REVIEW', 'APPROVED', 'PAID', 'CANCELLED']);

export const PayPeriodView = z.object({
  period: z.string().describe('YYYY-MM'),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(['OPEN', 'CLOSED']).describe('CLOSED once a run of it is paid: nothing dated in it may change'),
  closedAt: z.string().nullable(),
});

const Person = z.object({ userId: z.uuid(), name: z.string() });

export const RunTotals = z.object({
  currency: z.string(),
  payslips: z.number().int(),
  gross: MoneyView,
  deductions: MoneyView.describe('unpaid leave, already in gross'),
  reimbursements: MoneyView,
  total: MoneyView.describe('gross plus reimbursements: paid before tax'),
});

export const PayrollRunView = z.object({
  id: z.uuid(),
  period: z.string().describe('YYYY-MM'),
  periodStatus: z.enum(['OPEN', 'CLOSED']),
  status: PayrollRunStatus.describe('GATHERING → IN_REVIEW → APPROVED → PAID, or CANCELLED before it is paid'),
  payDate: z.string().nullable().describe('the day it is paid, once approved'),
  payslips: z.number().int().describe('payslips gathered so far'),
  totals: z.array(RunTotals).describe('sums per currency'),
  startedBy: Person,
  approvedBy: Person.nullable(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  workflowId: z.string().nullable().describe('the Temporal workflow of the run; null until it started'),
  createdAt: z.string(),
});

export const PayslipView = z.object({
  id: z.uuid(),
  runId: z.uuid(),
  period: z.string(),
  runStatus: PayrollRunStatus,
  employeeId: z.uuid(),
  employeeNumber: z.number().int(),
  employeeName: z.string(),
  currency: z.string(),
  gross: MoneyView.describe('salary, overtime, allowances and bonuses, less unpaid leave'),
  deductions: MoneyView.describe('unpaid leave, already in gross'),
  reimbursements: MoneyView.describe('approved expense claims'),
  total: MoneyView.describe('gross plus reimbursements: paid before tax (tax is out of scope)'),
  lines: z.array(
    z.object({
      kind: z.string().describe('salary, overtime, allowance, bonus, unpaid_leave (negative) or reimbursement'),
      description: z.string(),
      quantity: z.string().nullable().describe('what it counts: "31 of 31 days", "300 minutes at 125%"'),
      amount: MoneyView,
      sourceId: z.uuid().nullable().describe('the record it comes from: a timesheet, a leave request, a claim'),
    }),
  ),
  createdAt: z.string(),
});

export const RunId = z.object({ id: z.uuid().describe('the payroll run id') });
