import { z } from 'zod';
import { createTimeEntry as postEntry } from '../../engines/timeTracking/manualEntries';
import { defineOperation } from '../defineOperation';
import { EmployeeIdInput, EntryAnswer, Note, Timestamp, timeOperation } from './timeSchemas';

export const createTimeEntry = defineOperation({
  ...timeOperation,
  name: 'create_time_entry',
  method: 'POST',
  path: '/api/time-tracking/entries',
  access: 'time-tracking:write',
  summary: 'Post a past stretch of work, closed (you forgot to clock, or had no device)',
  description:
    'Ended before now, at most 24 hours long, breaks no longer than the entry. 409 when it overlaps another entry ' +
    'of the person, when its day lies in a week whose timesheet is submitted or approved (ask for a correction), or ' +
    'in a closed pay period. It counts on the tenant calendar day it began.',
  input: {
    body: z.strictObject({
      employeeId: EmployeeIdInput,
      startedAt: Timestamp.describe('when the work began, ISO 8601 (2026-11-18T08:00:00.000Z)'),
      endedAt: Timestamp.describe('when it ended, before now, at most 24 hours later'),
      breakMinutes: z.number().int().min(0).max(1440).optional().describe('minutes of breaks within it, default 0'),
      note: Note,
    }),
  },
  output: EntryAnswer,
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_time_entry', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => postEntry(ctx.deps.prisma, ctx.actor, body, ctx.deps.config.clock.now()),
});
