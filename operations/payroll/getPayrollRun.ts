import { z } from 'zod';
import { requireHrRole } from '../../engines/access/requireHrRole';
import { getPayrollRun as get } from '../../engines/payroll/payrollRunViews';
import { defineOperation } from '../defineOperation';
import { PayrollRunView, RunId, payrollOperation } from './payrollSchemas';

export const getPayrollRun = defineOperation({
  ...payrollOperation,
  name: 'get_payroll_run',
  method: 'GET',
  path: '/api/payroll/runs/{id}',
  access: 'payroll:read',
  summary: 'One payroll run: its status, period, pay date and totals per currency (HR)',
  description:
    "Use it to check where a month's payroll stands: its status, pay date, number of payslips, and per currency the gross, deductions, reimbursements and total, with who started and approved it. HR_MANAGER, ADMIN and OWNER only.",
  input: { params: RunId },
  output: z.object({ run: PayrollRunView }),
  mcp: { tool: 'get_payroll_run', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => {
    requireHrRole(ctx.actor, 'read payroll runs');
    return { run: await get(ctx.deps.prisma, ctx.actor, params.id) };
  },
});
