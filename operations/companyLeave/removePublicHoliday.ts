import { z } from 'zod';
import { removePublicHoliday as remove } from '../../engines/leave/holidayAdmin';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { companyLeaveOperation } from './companyLeaveSchemas';

export const removePublicHoliday = defineOperation({
  ...companyLeaveOperation,
  name: 'remove_public_holiday',
  method: 'DELETE',
  path: '/api/leave/holidays/{date}',
  access: 'leave:write',
  summary: 'Remove a public holiday from the workspace calendar (HR)',
  description: 'Requests already made keep the days they were counted with. 404 when the day is no holiday.',
  input: { params: z.object({ date: IsoDateString.describe('the holiday’s day, YYYY-MM-DD') }) },
  output: z.object({ holiday: z.object({ date: z.string(), name: z.string() }) }),
  idempotent: true,
  mcp: { tool: 'remove_public_holiday', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => ({ holiday: await remove(ctx.deps.prisma, ctx.actor, params.date) }),
});
