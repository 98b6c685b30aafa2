import { clockIn as clockInNow } from '../../engines/timeTracking/liveClock';
import { startTimeEntryWatch } from '../../engines/timeTracking/entryWatchPort';
import { defineOperation } from '../defineOperation';
import { ClockBody, EntryAnswer, timeOperation } from './timeSchemas';

export const clockIn = defineOperation({
  ...timeOperation,
  name: 'clock_in',
  method: 'POST',
  path: '/api/time-tracking/clock-in',
  access: 'time-tracking:write',
  summary: 'Clock in now: opens a time entry (yours, or someone’s as HR: a clock-in device)',
  description:
    '409 while an entry of the person is open (it names it), or when today’s week is signed off or its pay period ' +
    'closed. An entry left open past the policy’s forgottenAfterMinutes is flagged to the person and their manager, ' +
    'never closed for them.',
  input: { body: ClockBody },
  output: EntryAnswer,
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'clock_in', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => {
    const answer = await clockInNow(ctx.deps.prisma, ctx.actor, body, ctx.deps.config.clock.now());
    const ref = { tenantId: ctx.actor.tenant.id, entryId: answer.entry.id };
    await startTimeEntryWatch(ctx.deps.prisma, ctx.deps.timeEntryWatch, ref, ctx.log);
    return answer;
  },
});
