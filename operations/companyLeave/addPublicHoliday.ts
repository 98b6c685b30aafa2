import { z } from 'zod';
import { addPublicHoliday as add } from '../../engines/leave/holidayAdmin';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { companyLeaveOperation } from './companyLeaveSchemas';

export const addPublicHoliday = defineOperation({
  ...companyLeaveOperation,
  name: 'add_public_holiday',
  method: 'POST',
  path: '/api/leave/holidays',
  access: 'leave:write',
  summary: 'Add a public holiday to the workspace calendar (HR): leave no longer counts that day',
  description:
    'New requests count around it; requests already made keep the days they were counted with. 409 when the day ' +
    'is already a holiday; 403 unless HR_MANAGER, ADMIN or OWNER.',
  input: {
    body: z.strictObject({
      date: IsoDateString.describe('the day, YYYY-MM-DD'),
      name: z.string().trim().min(1).max(100).describe('the holiday’s name'),
    }),
  },
  output: z.object({ holiday: z.object({ date: z.string(), name: z.string() }) }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'add_public_holiday', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ holiday: await add(ctx.deps.prisma, ctx.actor, body) }),
});
