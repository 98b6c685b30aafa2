import { z } from 'zod';
import { updateKeyResult as update } from '../../engines/performance/goals';
import { defineOperation } from '../defineOperation';
import { GoalView, KrNumber, performanceOperation } from './performanceSchemas';

export const updateKeyResult = defineOperation({
  ...performanceOperation,
  name: 'update_key_result',
  method: 'PATCH',
  path: '/api/performance/goals/{id}/key-results/{keyResultId}',
  access: 'performance:write',
  summary: 'Record where a key result stands now; answers the goal with its new progress',
  description: 'The goal’s person, their managers and HR (403 otherwise); 409 once the goal is completed or cancelled.',
  input: {
    params: z.object({ id: z.uuid().describe('the goal'), keyResultId: z.uuid().describe('its key result') }),
    body: z.strictObject({ currentValue: KrNumber.describe('the value now') }),
  },
  output: z.object({ goal: GoalView }),
  idempotent: true,
  mcp: { tool: 'update_key_result', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    goal: await update(ctx.deps.prisma, ctx.actor, params.id, params.keyResultId, body.currentValue),
  }),
});
