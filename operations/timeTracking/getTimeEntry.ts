import { z } from 'zod';
import { findVisibleEntry } from '../../engines/timeTracking/timeEntryViews';
import { defineOperation } from '../defineOperation';
import { EntryId, TimeEntryView, timeOperation } from './timeSchemas';

export const getTimeEntry = defineOperation({
  ...timeOperation,
  name: 'get_time_entry',
  method: 'GET',
  path: '/api/time-tracking/entries/{id}',
  access: 'time-tracking:read',
  summary: 'One time entry of someone you may see',
  description:
    'Use it to read one clock-in/clock-out record: its day, start, end, breaks, worked minutes, note and whether it was flagged. The id comes from the time entry list.',
  input: { params: EntryId },
  output: z.object({ entry: TimeEntryView }),
  mcp: { tool: 'get_time_entry', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    entry: (await findVisibleEntry(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock.now())).view,
  }),
});
