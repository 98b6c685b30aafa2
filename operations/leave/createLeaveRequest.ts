import { z } from 'zod';
import { createRequest } from '../../engines/leave/createRequest';
import { MAX_RANGE_DAYS } from '../../engines/leave/validateRequest';
import { warningCodes } from '../../engines/leave/warnings';
import { defineOperation } from '../defineOperation';
import { IsoDateString, LeaveStatusSchema, leaveWriteOptions } from './leaveSchemas';

export const createLeaveRequest = defineOperation({
  name: 'create_leave_request',
  method: 'POST',
  path: '/api/v1/leave/requests',
  access: 'leave:write',
  tag: 'Leave',
  summary: 'Request leave for yourself',
  description:
    'Runs as from the application: policy validation, balance reservation, approval routing (to the manager, to HR ' +
    'without one, or approved at once when the policy needs no approval) and notifications. Give end_date or days, ' +
    'or neither for a single day. A bad input answers 400 validation_error naming the field, and writes nothing. ' +
    `Warnings (codes: ${warningCodes.join(', ')}) do not stop the request.`,
  input: {
    body: z.strictObject({
      start_date: IsoDateString.describe('first day off, YYYY-MM-DD'),
      end_date: IsoDateString.optional().describe(
        'last day off, inclusive, YYYY-MM-DD; use this or days (neither: the single day start_date)',
      ),
      days: z
        .number()
        .int()
        .min(1)
        .max(MAX_RANGE_DAYS)
        .optional()
        .describe(
          'consecutive calendar days off from start_date (3 from a Monday ends on the Wednesday); use this or end_date',
        ),
      policy: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .optional()
        .describe('policy name, e.g. "Sick leave"; defaults to the annual leave policy'),
      policy_id: z.uuid().optional().describe('exact policy id; overrides policy'),
      reason: z.string().trim().max(500).optional().describe('short reason, shown to the approver'),
      half_day: z.boolean().optional().describe('true for a single half-day request'),
    }),
  },
  output: z.object({
    id: z.uuid(),
    status: LeaveStatusSchema.describe('PENDING while awaiting approval; APPROVED when the policy needs none'),
    policy: z.string().describe('leave policy name'),
    start_date: z.string().describe('YYYY-MM-DD'),
    end_date: z.string().describe('YYYY-MM-DD, inclusive'),
    total_days: z.number().describe('working days off, weekends and public holidays excluded'),
    warnings: z
      .array(z.object({ code: z.enum(warningCodes), message: z.string() }))
      .describe('things to know that did not stop the request'),
  }),
  successStatus: 201,
  idempotent: true,
  mcp: {
    tool: 'create_leave_request',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  handler: async (ctx, { body }) => {
    const { request, warnings } = await createRequest(ctx.deps.prisma, ctx.actor, body, leaveWriteOptions(ctx));
    return {
      id: request.id,
      status: request.status,
      policy: request.policyName,
      start_date: request.startDate,
      end_date: request.endDate,
      total_days: request.totalDays,
      warnings,
    };
  },
});
