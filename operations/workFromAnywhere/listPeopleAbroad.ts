import { z } from 'zod';
import { tenantToday } from '../../engines/leave/tenantCalendar';
import { peopleAbroad } from '../../engines/workFromAnywhere/wfaRequests';
import { daysBetween } from '../../lib/calendar/isoDate';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { WfaRequestView, wfaOperation } from './wfaSchemas';

/** The longest window one question may cover: a month, so that the answer stays a readable list. */
export const MAX_ABROAD_DAYS = 31;

const AbroadQuery = z
  .strictObject({
    date: IsoDateString.optional().describe('the day, YYYY-MM-DD; default today (not with from and to)'),
    from: IsoDateString.optional().describe('the first day of a window, YYYY-MM-DD, with `to`'),
    to: IsoDateString.optional().describe(`the last day of the window, YYYY-MM-DD: at most ${MAX_ABROAD_DAYS} days`),
  })
  .superRefine((query, issues) => {
    const fail = (field: 'date' | 'from' | 'to', message: string) =>
      issues.addIssue({ code: 'custom', path: [field], message });
    if (query.date !== undefined && (query.from !== undefined || query.to !== undefined)) {
      fail('date', 'give date, or from and to, not both');
    } else if (query.from !== undefined && query.to === undefined) fail('to', 'required with from');
    else if (query.to !== undefined && query.from === undefined) fail('from', 'required with to');
    else if (query.from !== undefined && query.to !== undefined) {
      const span = daysBetween(query.from, query.to) + 1;
      if (span < 1) fail('to', 'must not be before from');
      else if (span > MAX_ABROAD_DAYS) fail('to', `the window spans at most ${MAX_ABROAD_DAYS} days`);
    }
  });

export const listPeopleAbroad = defineOperation({
  ...wfaOperation,
  name: 'list_people_abroad',
  method: 'GET',
  path: '/api/work-from-anywhere/abroad',
  access: 'work-from-anywhere:read',
  summary: 'Who works from elsewhere on a day (today by default), or in a window of days: approved requests',
  description: `A day (\`date\`) or a window (\`from\` and \`to\`, at most ${MAX_ABROAD_DAYS} days): the approved requests overlapping it.`,
  input: { query: AbroadQuery },
  output: z.object({
    date: z.string().describe('the day asked, or the first day of the window'),
    from: z.string().describe('the first day covered'),
    to: z.string().describe('the last day covered (equal to from for one day)'),
    requests: z.array(WfaRequestView),
  }),
  mcp: { tool: 'list_people_abroad', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const from =
      query.from ??
      query.date ??
      (await tenantToday(ctx.deps.prisma, ctx.actor.tenant.id, ctx.deps.config.clock)).today;
    const to = query.to ?? from;
    return { date: from, from, to, requests: await peopleAbroad(ctx.deps.prisma, ctx.actor, { from, to }) };
  },
});
