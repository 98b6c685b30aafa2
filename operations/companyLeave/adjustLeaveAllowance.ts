import { z } from 'zod';
import { adjustAllowance } from '../../engines/leave/adjustAllowance';
import { defineOperation } from '../defineOperation';
import { Year, companyLeaveOperation } from './companyLeaveSchemas';

export const adjustLeaveAllowance = defineOperation({
  ...companyLeaveOperation,
  name: 'adjust_leave_allowance',
  method: 'POST',
  path: '/api/leave/adjustments',
  access: 'leave:write',
  summary: "Add days to (or take days from) an employee's allowance for a policy and year, with a reason (HR)",
  description:
    'HR_MANAGER, ADMIN and OWNER only. Written to the balance ledger with the reason; an adjustment that leaves less ' +
    'allocated than is already pending and used answers 409, unless the policy allows a negative balance.',
  input: {
    body: z.strictObject({
      employeeId: z.uuid().describe('the employee (person id)'),
      policy: z.string().trim().min(1).max(200).optional().describe('the policy name; default: annual leave'),
      year: Year.describe('the balance year'),
      days: z
        .number()
        .min(-366)
        .max(366)
        .refine((d) => d !== 0 && Number.isInteger(d * 2), 'must be a non-zero number of whole or half days')
        .describe('days to add; negative takes days away; whole or half days'),
      reason: z.string().trim().min(1).max(500).describe('why, kept in the ledger'),
    }),
  },
  output: z.object({
    balance: z.object({
      employeeId: z.uuid(),
      policyId: z.uuid(),
      year: z.number().int(),
      allocated: z.number(),
      pending: z.number(),
      used: z.number(),
    }),
  }),
  successStatus: 201,
  idempotent: true,
  handler: async (ctx, { body }) => ({ balance: await adjustAllowance(ctx.deps.prisma, ctx.actor, body) }),
});
