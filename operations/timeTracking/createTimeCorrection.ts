import { z } from 'zod';
import { startApprovalFlowWorkflow } from '../../engines/approvalFlows/approvalPort';
import { createTimeCorrection as askCorrection } from '../../engines/timeTracking/timeCorrections';
import { defineOperation } from '../defineOperation';
import { EmployeeIdInput, TimeCorrectionView, Timestamp, timeOperation } from './timeSchemas';

export const createTimeCorrection = defineOperation({
  ...timeOperation,
  name: 'create_time_correction',
  method: 'POST',
  path: '/api/time-tracking/corrections',
  access: 'time-tracking:write',
  summary: 'Ask to correct an entry, or to add a missing one, with a reason: yours, or anyone’s as HR',
  description:
    'The way to change a week already submitted or approved. The times follow the rules of a posted entry (400 ' +
    'naming the field); 409 when they overlap another entry, touch a closed pay period, or the entry already has a ' +
    'pending correction. Decided through /api/approval-flows (request type `time_correction`, the manager by ' +
    'default); the last approval applies it and recomputes the week’s timesheet.',
  input: {
    body: z.strictObject({
      employeeId: EmployeeIdInput,
      entryId: z.uuid().optional().describe('the entry to change (closed); absent: add a missing entry'),
      startedAt: Timestamp.describe('the corrected start, ISO 8601'),
      endedAt: Timestamp.describe('the corrected end, ISO 8601, before now, at most 24 hours later'),
      breakMinutes: z.number().int().min(0).max(1440).describe('the corrected break minutes'),
      reason: z.string().trim().min(1).max(500).describe('why, for the approvers'),
    }),
  },
  output: z.object({ correction: TimeCorrectionView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_time_correction', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    correction: await askCorrection(ctx.deps.prisma, ctx.actor, body, {
      now: ctx.deps.config.clock.now(),
      start: async (ref) => {
        await startApprovalFlowWorkflow(ctx.deps.prisma, ctx.deps.approvalFlows, ref, ctx.log);
      },
    }),
  }),
});
