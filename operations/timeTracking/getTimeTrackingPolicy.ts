import { z } from 'zod';
import { timeTrackingPolicyOf } from '../../engines/timeTracking/timePolicy';
import { defineOperation } from '../defineOperation';
import { TimeTrackingPolicyView, timeOperation } from './timeSchemas';

export const getTimeTrackingPolicy = defineOperation({
  ...timeOperation,
  name: 'get_time_tracking_policy',
  method: 'GET',
  path: '/api/time-tracking/policy',
  access: 'time-tracking:read',
  summary: 'The workspace’s working-time rules: daily target, daily and weekly limits, breaks, forgotten clock-out',
  description:
    'Use it to explain why a time entry was flagged: the daily target, the daily and weekly limits, the minimum break, when an open clock-in counts as forgotten and the overtime rate.',
  input: {},
  output: z.object({ policy: TimeTrackingPolicyView }),
  mcp: { tool: 'get_time_tracking_policy', annotations: { readOnlyHint: true } },
  handler: async (ctx) => ({ policy: await timeTrackingPolicyOf(ctx.deps.prisma, ctx.actor.tenant.id) }),
});
