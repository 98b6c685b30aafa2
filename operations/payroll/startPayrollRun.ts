import { z } from 'zod';
import { startPayrollRunWorkflow } from '../../engines/payroll/payrollPort';
import { startPayrollRun as start } from '../../engines/payroll/payrollRuns';
import { defineOperation } from '../defineOperation';
import { PayrollRunView, PeriodLabel, payrollOperation } from './payrollSchemas';

export const startPayrollRun = defineOperation({
  ...payrollOperation,
  name: 'start_payroll_run',
  method: 'POST',
  path: '/api/payroll/runs',
  access: 'payroll:write',
  summary: 'Start the payroll run of a month (HR): its workflow gathers everyone’s payslip for review',
  description:
    'HR_MANAGER, ADMIN and OWNER only. The run gathers, per person employed in the month: the salary pro rata ' +
    '(joiners and leavers by calendar days), approved overtime, allowances and bonuses, unpaid-leave deductions and ' +
    'approved expense claims, into payslips with lines (GATHERING, then IN_REVIEW). Tax and social security are out ' +
    'of scope. 409 when the period is closed or has a run not finished; 400 for a month that has not begun.',
  input: { body: z.strictObject({ period: PeriodLabel }) },
  output: z.object({ run: PayrollRunView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'start_payroll_run', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    run: await start(ctx.deps.prisma, ctx.actor, body, {
      clock: ctx.deps.config.clock,
      start: async (ref) => {
        await startPayrollRunWorkflow(ctx.deps.prisma, ctx.deps.payrollRuns, ref, ctx.log);
      },
    }),
  }),
});
