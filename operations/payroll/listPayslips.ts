import { z } from 'zod';
import { listPayslips as list } from '../../engines/payroll/payslips';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { PayslipView, PeriodLabel, payrollOperation } from './payrollSchemas';

export const listPayslips = defineOperation({
  ...payrollOperation,
  name: 'list_payslips',
  method: 'GET',
  path: '/api/payroll/payslips',
  access: 'payroll:read',
  summary: 'Payslips: your own of paid runs; HR everyone’s, of runs in review too',
  description: 'Never another person’s for anyone but HR_MANAGER, ADMIN and OWNER, whatever the role.',
  input: {
    query: z.strictObject({
      period: PeriodLabel.optional().describe('only this month’s, YYYY-MM'),
      runId: z.uuid().optional().describe('only this run’s'),
      employeeId: z.uuid().optional().describe('only this person’s (HR)'),
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({ payslips: z.array(PayslipView), nextCursor: NextCursor }),
  mcp: { tool: 'list_payslips', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, {
      period: query.period,
      runId: query.runId,
      employeeId: query.employeeId,
      limit: query.limit,
      after: query.cursor,
    }),
});
