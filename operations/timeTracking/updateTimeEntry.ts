import { z } from 'zod';
import { updateTimeEntry as changeEntry } from '../../engines/timeTracking/manualEntries';
import { defineOperation } from '../defineOperation';
import { EntryAnswer, EntryId, Timestamp, timeOperation } from './timeSchemas';

export const updateTimeEntry = defineOperation({
  ...timeOperation,
  name: 'update_time_entry',
  method: 'PATCH',
  path: '/api/time-tracking/entries/{id}',
  access: 'time-tracking:write',
  summary: 'Change an entry’s times, breaks or note: your own, or anyone’s as HR',
  description:
    'The rules of a posted entry hold for the result. Of an open entry only the note changes (409 for its times). ' +
    '409 on a day of a submitted or approved week (ask for a correction) or of a closed pay period.',
  input: {
    params: EntryId,
    body: z.strictObject({
      startedAt: Timestamp.optional().describe('the new start, ISO 8601'),
      endedAt: Timestamp.optional().describe('the new end, ISO 8601, before now'),
      breakMinutes: z.number().int().min(0).max(1440).optional().describe('the new break minutes'),
      note: z.string().trim().max(500).nullable().optional().describe('the new note; null clears it'),
    }),
  },
  output: EntryAnswer,
  idempotent: true,
  mcp: { tool: 'update_time_entry', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) =>
    changeEntry(ctx.deps.prisma, ctx.actor, params.id, body, ctx.deps.config.clock.now()),
});
