import { z } from 'zod';
import { activePolicies } from '../../engines/leave/policies';
import { defineOperation } from '../defineOperation';
import { LeavePolicyView, companyLeaveOperation } from './companyLeaveSchemas';

export const listLeavePolicies = defineOperation({
  ...companyLeaveOperation,
  name: 'list_leave_policies',
  method: 'GET',
  path: '/api/leave/policies',
  access: 'leave:read',
  summary: "The workspace's active leave policies (leave types) and their rules, default first",
  description:
    "Use it to learn which leave types exist and their rules: days a year, half days, negative balance, carry-over cap, notice, how far back one may book and whether approval is needed. Each policy's id is the policyId other leave tools take.",
  input: {},
  output: z.object({ policies: z.array(LeavePolicyView) }),
  mcp: { tool: 'list_leave_policies', annotations: { readOnlyHint: true } },
  handler: async (ctx) => ({ policies: await activePolicies(ctx.deps.prisma, ctx.actor.tenant.id) }),
});
