import { z } from 'zod';
import { approvePayrollRun as approve } from '../../engines/payroll/payrollRuns';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { PayrollRunView, RunId, payrollOperation } from './payrollSchemas';

export const approvePayrollRun = defineOperation({
  ...payrollOperation,
  name: 'approve_payroll_run',
  method: 'POST',
  path: '/api/payroll/runs/{id}/approve',
  access: 'payroll:write',
  summary: 'Approve a payroll run in review (HR), to be paid on a day: the run is paid and its month closed then',
  description:
    'HR_MANAGER, ADMIN and OWNER only. On the pay date the run’s workflow marks it PAID, closes the period (a ' +
    'change dated in it then answers 409), marks its expense claims reimbursed and tells everyone their payslip is ' +
    'ready. 409 unless IN_REVIEW.',
  input: {
    params: RunId,
    body: z.strictObject({
      payDate: IsoDateString.optional().describe('YYYY-MM-DD, today to 62 days ahead; default today'),
    }),
  },
  output: z.object({ run: PayrollRunView }),
  idempotent: true,
  mcp: { tool: 'approve_payroll_run', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => {
    const run = await approve(ctx.deps.prisma, ctx.actor, params.id, body, { clock: ctx.deps.config.clock });
    await ctx.deps.payrollRuns
      ?.notify({ tenantId: ctx.actor.tenant.id, runId: run.id })
      .catch((err: unknown) => ctx.log.warn({ err }, 'payroll run workflow not told of the approval'));
    return { run };
  },
});
