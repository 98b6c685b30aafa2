import { clockOut as clockOutNow } from '../../engines/timeTracking/liveClock';
import { tellTimeEntryWatch } from '../../engines/timeTracking/entryWatchPort';
import { defineOperation } from '../defineOperation';
import { ClockBody, EntryAnswer, timeOperation } from './timeSchemas';

export const clockOut = defineOperation({
  ...timeOperation,
  name: 'clock_out',
  method: 'POST',
  path: '/api/time-tracking/clock-out',
  access: 'time-tracking:write',
  summary: 'Clock out now: closes the open entry, ending a break still under way',
  description: '409 when the person is not clocked in. Answers the entry and its day’s and week’s warnings.',
  input: { body: ClockBody },
  output: EntryAnswer,
  idempotent: true,
  mcp: { tool: 'clock_out', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => {
    const answer = await clockOutNow(ctx.deps.prisma, ctx.actor, body, ctx.deps.config.clock.now());
    const ref = { tenantId: ctx.actor.tenant.id, entryId: answer.entry.id };
    await tellTimeEntryWatch(ctx.deps.timeEntryWatch, ref, ctx.log);
    return answer;
  },
});
