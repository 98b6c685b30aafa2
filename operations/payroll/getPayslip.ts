import { z } from 'zod';
import { getPayslip as get } from '../../engines/payroll/payslips';
import { defineOperation } from '../defineOperation';
import { PayslipView, payrollOperation } from './payrollSchemas';

export const getPayslip = defineOperation({
  ...payrollOperation,
  name: 'get_payslip',
  method: 'GET',
  path: '/api/payroll/payslips/{id}',
  access: 'payroll:read',
  summary: 'One payslip with its lines: your own of a paid run, or any as HR (404 otherwise)',
  description:
    'Use it to answer questions about one pay slip: the period, gross, deductions, reimbursements and total, and each line with its kind, description, quantity and amount.',
  input: { params: z.object({ id: z.uuid().describe('the payslip id') }) },
  output: z.object({ payslip: PayslipView }),
  mcp: { tool: 'get_payslip', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ payslip: await get(ctx.deps.prisma, ctx.actor, params.id) }),
});
