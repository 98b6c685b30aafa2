import { z } from 'zod';
import { employeeBalances } from '../../engines/leave/ownBalances';
import { defineOperation } from '../defineOperation';
import { Year, companyLeaveOperation } from './companyLeaveSchemas';

export const getEmployeeLeaveBalances = defineOperation({
  ...companyLeaveOperation,
  name: 'get_employee_leave_balances',
  method: 'GET',
  path: '/api/leave/balances',
  access: 'leave:read',
  summary: 'The leave balances of someone you may see, per policy, for a year',
  description: 'The same numbers as their own GET /api/v1/leave/balances. 404 for anyone you may not see.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().describe('the employee (person id)'),
      year: Year.optional().describe('default: this year of the workspace calendar'),
    }),
  },
  output: z.object({
    year: z.number().int(),
    balances: z.array(
      z.object({
        policyId: z.uuid(),
        policyName: z.string(),
        kind: z.string(),
        year: z.number().int(),
        allocated: z.number(),
        pending: z.number(),
        used: z.number(),
        remaining: z.number().describe('allocated - used - pending: what a new request may still take'),
      }),
    ),
  }),
  mcp: { tool: 'get_employee_leave_balances', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    employeeBalances(ctx.deps.prisma, ctx.actor, query.employeeId, query.year, ctx.deps.config.clock),
});
