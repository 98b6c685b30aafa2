import { z } from 'zod';
import { recordSalary as record } from '../../engines/compensation/salaries';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import {
  AnnualMinor,
  BandWarnings,
  CurrencyCode,
  EmployeeRef,
  SalaryView,
  compensationOperation,
} from './compensationSchemas';

export const recordSalary = defineOperation({
  ...compensationOperation,
  name: 'record_salary',
  method: 'POST',
  path: '/api/compensation/salaries',
  access: 'compensation:write',
  summary: 'Record an entry of someone’s salary history (HR): a yearly salary from a date',
  description:
    'HR_MANAGER, ADMIN and OWNER only: the system of record, for a new hire or an import. Managers propose ' +
    'changes instead (POST /api/compensation/changes), which go through Approval Flows. 409 when the person has an ' +
    'entry on that date or the date lies in a closed pay period; `warnings` when outside the pay band.',
  input: {
    body: z.strictObject({
      employeeId: EmployeeRef,
      effectiveDate: IsoDateString.describe('YYYY-MM-DD: in effect from this day; not before the hire date'),
      annualMinor: AnnualMinor,
      currency: CurrencyCode,
      payBandId: z.uuid().optional().describe('a pay band; default: the one for the person’s job title'),
      reason: z.string().trim().max(500).optional().describe('why, for the history'),
    }),
  },
  output: z.object({ salary: SalaryView, warnings: BandWarnings }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'record_salary', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => record(ctx.deps.prisma, ctx.actor, body),
});
