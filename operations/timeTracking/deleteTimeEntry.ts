import { z } from 'zod';
import { tellTimeEntryWatch } from '../../engines/timeTracking/entryWatchPort';
import { deleteTimeEntry as removeEntry } from '../../engines/timeTracking/manualEntries';
import { defineOperation } from '../defineOperation';
import { EntryId, TimeEntryView, timeOperation } from './timeSchemas';

export const deleteTimeEntry = defineOperation({
  ...timeOperation,
  name: 'delete_time_entry',
  method: 'DELETE',
  path: '/api/time-tracking/entries/{id}',
  access: 'time-tracking:write',
  summary: 'Delete an entry (a mistaken clock-in too): your own, or anyone’s as HR',
  description:
    '409 on a day of a submitted or approved week or of a closed pay period, and while a correction of the entry ' +
    'is pending. Answers the entry as it was.',
  input: { params: EntryId },
  output: z.object({ entry: TimeEntryView }),
  idempotent: true,
  mcp: { tool: 'delete_time_entry', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    const entry = await removeEntry(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock.now());
    if (entry.open)
      await tellTimeEntryWatch(ctx.deps.timeEntryWatch, { tenantId: ctx.actor.tenant.id, entryId: entry.id }, ctx.log);
    return { entry };
  },
});
