import { z } from 'zod';
import { updateLeavePolicy as update } from '../../engines/leave/policyAdmin';
import { defineOperation } from '../defineOperation';
import { LeavePolicyView, PolicyFieldsInput, companyLeaveOperation } from './companyLeaveSchemas';

export const updateLeavePolicy = defineOperation({
  ...companyLeaveOperation,
  name: 'update_leave_policy',
  method: 'PATCH',
  path: '/api/leave/policies/{id}',
  access: 'leave:write',
  summary: 'Change a leave policy’s rules, make it the default, or retire it (HR)',
  description:
    'Applies to requests made afterwards; a year already granted keeps its allocation. The default policy is never ' +
    'retired nor unmarked alone (409): make another the default. 403 unless HR_MANAGER, ADMIN or OWNER.',
  input: {
    params: z.object({ id: z.uuid().describe('the policy id') }),
    body: z
      .strictObject({
        ...Object.fromEntries(Object.entries(PolicyFieldsInput).map(([k, v]) => [k, v.optional()])),
        active: z.boolean().optional().describe('false retires the policy: no new requests; existing ones stay'),
      } as { [K in keyof typeof PolicyFieldsInput]: z.ZodOptional<(typeof PolicyFieldsInput)[K]> } & {
        active: z.ZodOptional<z.ZodBoolean>;
      })
      .refine((b) => Object.keys(b).length > 0, 'give at least one field to change'),
  },
  output: z.object({ policy: LeavePolicyView }),
  idempotent: true,
  mcp: { tool: 'update_leave_policy', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({ policy: await update(ctx.deps.prisma, ctx.actor, params.id, body) }),
});
