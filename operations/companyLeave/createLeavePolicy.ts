import { z } from 'zod';
import { createLeavePolicy as create } from '../../engines/leave/policyAdmin';
import { defineOperation } from '../defineOperation';
import { LeavePolicyView, PolicyFieldsInput, companyLeaveOperation } from './companyLeaveSchemas';

export const createLeavePolicy = defineOperation({
  ...companyLeaveOperation,
  name: 'create_leave_policy',
  method: 'POST',
  path: '/api/leave/policies',
  access: 'leave:write',
  summary: 'Add a leave policy (leave type) with its rules (HR)',
  description: 'HR_MANAGER, ADMIN and OWNER only (403 otherwise); 409 for a name the workspace already has.',
  input: {
    body: z.strictObject({
      name: PolicyFieldsInput.name,
      kind: PolicyFieldsInput.kind,
      yearlyAllocationDays: PolicyFieldsInput.yearlyAllocationDays,
      isDefault: PolicyFieldsInput.isDefault.optional(),
      allowHalfDays: PolicyFieldsInput.allowHalfDays.optional(),
      allowNegativeBalance: PolicyFieldsInput.allowNegativeBalance.optional(),
      carryOverMaxDays: PolicyFieldsInput.carryOverMaxDays.optional(),
      minNoticeDays: PolicyFieldsInput.minNoticeDays.optional(),
      maxPastDays: PolicyFieldsInput.maxPastDays.optional(),
      requiresApproval: PolicyFieldsInput.requiresApproval.optional(),
    }),
  },
  output: z.object({ policy: LeavePolicyView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_leave_policy', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ policy: await create(ctx.deps.prisma, ctx.actor, body) }),
});
