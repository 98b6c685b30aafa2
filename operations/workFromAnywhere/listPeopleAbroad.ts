import { z } from 'zod';
import { tenantToday } from '../../engines/leave/tenantCalendar';
import { peopleAbroad } from '../../engines/workFromAnywhere/wfaRequests';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { WfaRequestView, wfaOperation } from './wfaSchemas';

export const listPeopleAbroad = defineOperation({
  ...wfaOperation,
  name: 'list_people_abroad',
  method: 'GET',
  path: '/api/work-from-anywhere/abroad',
  access: 'work-from-anywhere:read',
  summary: 'Who works from elsewhere on a day (today by default): approved requests covering it',
  input: {
    query: z.strictObject({ date: IsoDateString.optional().describe('the day, YYYY-MM-DD; default today') }),
  },
  output: z.object({ date: z.string(), requests: z.array(WfaRequestView) }),
  mcp: { tool: 'list_people_abroad', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const date = query.date ?? (await tenantToday(ctx.deps.prisma, ctx.actor.tenant.id, ctx.deps.config.clock)).today;
    return { date, requests: await peopleAbroad(ctx.deps.prisma, ctx.actor, date) };
  },
});
