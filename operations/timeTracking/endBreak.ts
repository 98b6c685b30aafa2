import { endBreak as endBreakNow } from '../../engines/timeTracking/liveClock';
import { defineOperation } from '../defineOperation';
import { ClockBody, EntryAnswer, timeOperation } from './timeSchemas';

export const endBreak = defineOperation({
  ...timeOperation,
  name: 'end_break',
  method: 'POST',
  path: '/api/time-tracking/breaks/end',
  access: 'time-tracking:write',
  summary: 'End the break under way; its minutes join the entry’s breaks',
  description: '409 when the person is not on a break.',
  input: { body: ClockBody },
  output: EntryAnswer,
  idempotent: true,
  mcp: { tool: 'end_break', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => endBreakNow(ctx.deps.prisma, ctx.actor, body, ctx.deps.config.clock.now()),
});
