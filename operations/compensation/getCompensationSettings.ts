import { z } from 'zod';
import { compensationSettingsOf } from '../../engines/compensation/compensationSettings';
import { defineOperation } from '../defineOperation';
import { SettingsView, compensationOperation } from './compensationSchemas';

export const getCompensationSettings = defineOperation({
  ...compensationOperation,
  name: 'get_compensation_settings',
  method: 'GET',
  path: '/api/compensation/settings',
  access: 'compensation:read',
  summary: 'The workspace’s compensation settings: its default currency, whether managers read their team’s pay',
  description:
    "Use it to learn the currency salaries are written in by default, and whether managers may see their team's pay.",
  input: {},
  output: z.object({ settings: SettingsView }),
  mcp: { tool: 'get_compensation_settings', annotations: { readOnlyHint: true } },
  handler: async (ctx) => ({ settings: await compensationSettingsOf(ctx.deps.prisma, ctx.actor.tenant.id) }),
});
