import { z } from 'zod';
import { ownBalances } from '../../engines/leave/ownBalances';
import { defineOperation } from '../defineOperation';

export const getLeaveBalances = defineOperation({
  name: 'get_leave_balances',
  method: 'GET',
  path: '/api/v1/leave/balances',
  access: 'leave:read',
  tag: 'Leave',
  summary: 'Your own leave balances per policy for a year',
  description: 'remaining_days = allocated_days - used_days - pending_days: what a new request may still take.',
  input: {
    query: z.strictObject({
      year: z.coerce.number().int().min(2000).max(2100).optional().describe('balance year; default the current year'),
    }),
  },
  output: z.object({
    year: z.number().int().describe('balance year'),
    balances: z.array(
      z.object({
        policy: z.string().describe('leave policy name'),
        policy_id: z.uuid(),
        kind: z.string().describe('annual, sick, unpaid, parental or other'),
        allocated_days: z.number().describe('yearly allocation plus carry-over and adjustments'),
        used_days: z.number().describe('days of approved, running or taken leave'),
        pending_days: z.number().describe('days reserved by requests awaiting a decision'),
        remaining_days: z.number().describe('allocated - used - pending'),
      }),
    ),
  }),
  handler: async (ctx, { query }) => {
    const { year, balances } = await ownBalances(ctx.deps.prisma, ctx.actor, query.year, ctx.deps.config.clock);
    return {
      year,
      balances: balances.map((b) => ({
        policy: b.policyName,
        policy_id: b.policyId,
        kind: b.kind,
        allocated_days: b.allocated,
        used_days: b.used,
        pending_days: b.pending,
        remaining_days: b.remaining,
      })),
    };
  },
});
