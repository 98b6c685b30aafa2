import { startBreak as startBreakNow } from '../../engines/timeTracking/liveClock';
import { defineOperation } from '../defineOperation';
import { ClockBody, EntryAnswer, timeOperation } from './timeSchemas';

export const startBreak = defineOperation({
  ...timeOperation,
  name: 'start_break',
  method: 'POST',
  path: '/api/time-tracking/breaks/start',
  access: 'time-tracking:write',
  summary: 'Start a break now, inside the open entry',
  description: '409 when the person is not clocked in, or already on a break.',
  input: { body: ClockBody },
  output: EntryAnswer,
  idempotent: true,
  mcp: { tool: 'start_break', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => startBreakNow(ctx.deps.prisma, ctx.actor, body, ctx.deps.config.clock.now()),
});
