import { z } from 'zod';
import { listPayrollRuns as list } from '../../engines/payroll/payrollRuns';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { PayrollRunStatus, PayrollRunView, PeriodLabel, payrollOperation } from './payrollSchemas';

export const listPayrollRuns = defineOperation({
  ...payrollOperation,
  name: 'list_payroll_runs',
  method: 'GET',
  path: '/api/payroll/runs',
  access: 'payroll:read',
  summary: 'The workspace’s payroll runs with their totals, newest first (HR)',
  description: 'HR_MANAGER, ADMIN and OWNER only (403 otherwise): a run’s totals are the workspace’s pay.',
  input: {
    query: z.strictObject({
      period: PeriodLabel.optional().describe('only runs of this month, YYYY-MM'),
      status: PayrollRunStatus.optional().describe('only runs in this status'),
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({ runs: z.array(PayrollRunView), nextCursor: NextCursor }),
  mcp: { tool: 'list_payroll_runs', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, {
      period: query.period,
      status: query.status,
      limit: query.limit,
      after: query.cursor,
    }),
});
