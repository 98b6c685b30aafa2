import { z } from 'zod';
import { createRequest } from '../../engines/leave/createRequest';
import { MAX_RANGE_DAYS } from '../../engines/leave/validateRequest';
import { warningCodes } from '../../engines/leave/warnings';
import { defineOperation } from '../defineOperation';
import { IsoDateString, leaveWriteOptions } from '../leave/leaveSchemas';
import { CompanyLeaveRequest, companyLeaveOperation, companyLeaveRequestOf } from './companyLeaveSchemas';

export const createCompanyLeaveRequest = defineOperation({
  ...companyLeaveOperation,
  name: 'create_company_leave_request',
  method: 'POST',
  path: '/api/leave/requests',
  access: 'leave:write',
  summary: 'Request leave for yourself or, as HR or their manager, on someone’s behalf',
  description:
    'The leave engine of POST /api/v1/leave/requests (validation, balance, routing, notifications), for the employee ' +
    'named: HR_MANAGER, ADMIN and OWNER for anyone, a manager or director for the people reporting to them; the ' +
    'employee is told. 404 for someone you may not see, 403 for someone you may see but not act for.',
  input: {
    body: z.strictObject({
      employeeId: z.uuid().optional().describe('whose leave (person id); default: your own'),
      startDate: IsoDateString.describe('first day off, YYYY-MM-DD'),
      endDate: IsoDateString.optional().describe('last day off, inclusive; use this or days (neither: one day)'),
      days: z.number().int().min(1).max(MAX_RANGE_DAYS).optional().describe('consecutive calendar days from startDate'),
      policy: z.string().trim().min(1).max(100).optional().describe('policy name; default: annual leave'),
      reason: z.string().trim().max(500).optional().describe('short reason, shown to the approver'),
      halfDay: z.boolean().optional().describe('true for a single half day'),
    }),
  },
  output: z.object({
    request: CompanyLeaveRequest,
    warnings: z
      .array(z.object({ code: z.enum(warningCodes), message: z.string() }))
      .describe('things to know that did not stop the request'),
  }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_company_leave_request', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => {
    const { request, warnings } = await createRequest(
      ctx.deps.prisma,
      ctx.actor,
      {
        start_date: body.startDate,
        end_date: body.endDate,
        days: body.days,
        policy: body.policy,
        reason: body.reason,
        half_day: body.halfDay,
      },
      leaveWriteOptions(ctx),
      body.employeeId,
    );
    return { request: companyLeaveRequestOf(request), warnings };
  },
});
