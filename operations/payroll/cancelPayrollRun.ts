import { z } from 'zod';
import { cancelPayrollRun as cancel } from '../../engines/payroll/payrollRuns';
import { defineOperation } from '../defineOperation';
import { PayrollRunView, RunId, payrollOperation } from './payrollSchemas';

export const cancelPayrollRun = defineOperation({
  ...payrollOperation,
  name: 'cancel_payroll_run',
  method: 'POST',
  path: '/api/payroll/runs/{id}/cancel',
  access: 'payroll:write',
  summary: 'Cancel a payroll run not paid yet (HR): its payslips go, and a new run of the month can start',
  description: 'HR_MANAGER, ADMIN and OWNER only. 409 once paid or cancelled.',
  input: { params: RunId },
  output: z.object({ run: PayrollRunView }),
  idempotent: true,
  mcp: { tool: 'cancel_payroll_run', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    const run = await cancel(ctx.deps.prisma, ctx.actor, params.id);
    await ctx.deps.payrollRuns
      ?.notify({ tenantId: ctx.actor.tenant.id, runId: run.id })
      .catch((err: unknown) => ctx.log.warn({ err }, 'payroll run workflow not told of the cancellation'));
    return { run };
  },
});
