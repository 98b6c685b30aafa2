import { z } from 'zod';
import { setTimeTrackingPolicy as setPolicy } from '../../engines/timeTracking/timePolicy';
import { defineOperation } from '../defineOperation';
import { TimeTrackingPolicyView, timeOperation } from './timeSchemas';

const minutes = (max: number, what: string) => z.number().int().min(0).max(max).describe(what);

export const setTimeTrackingPolicy = defineOperation({
  ...timeOperation,
  name: 'set_time_tracking_policy',
  method: 'PUT',
  path: '/api/time-tracking/policy',
  access: 'time-tracking:write',
  summary: 'Set the working-time rules (HR): target, limits, minimum break, forgotten clock-out, overtime rate',
  description:
    'HR_MANAGER, ADMIN and OWNER only (403 otherwise). Limits warn, never refuse. Timesheets already submitted ' +
    'keep their figures; the new forgotten clock-out delay applies to clock-ins from now on.',
  input: {
    body: z.strictObject({
      dailyTargetMinutes: minutes(1440, 'minutes expected on a working day (480: eight hours)'),
      dailyLimitMinutes: minutes(1440, 'worked minutes a day above which a day warns; at least the target'),
      weeklyLimitMinutes: minutes(10080, 'worked minutes an ISO week above which the week warns'),
      minBreakMinutes: minutes(720, 'break minutes a day of more than six hours needs, else it warns'),
      forgottenAfterMinutes: z
        .number()
        .int()
        .min(30)
        .max(10080)
        .describe('an entry still open this long after it began is flagged as a forgotten clock-out (30 to 10080)'),
      overtimeRatePercent: z
        .number()
        .int()
        .min(100)
        .max(400)
        .describe('overtime pay as a percentage of the hourly rate (125: time and a quarter)'),
    }),
  },
  output: z.object({ policy: TimeTrackingPolicyView }),
  idempotent: true,
  mcp: { tool: 'set_time_tracking_policy', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ policy: await setPolicy(ctx.deps.prisma, ctx.actor, body) }),
});
