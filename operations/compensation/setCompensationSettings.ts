import { z } from 'zod';
import { setCompensationSettings as setSettings } from '../../engines/compensation/compensationSettings';
import { defineOperation } from '../defineOperation';
import { CurrencyCode, SettingsView, compensationOperation } from './compensationSchemas';

export const setCompensationSettings = defineOperation({
  ...compensationOperation,
  name: 'set_compensation_settings',
  method: 'PUT',
  path: '/api/compensation/settings',
  access: 'compensation:write',
  summary: 'Set the compensation settings (HR): the default currency, whether managers read their team’s pay',
  description: 'HR_MANAGER, ADMIN and OWNER only (403 otherwise).',
  input: {
    body: z.strictObject({
      defaultCurrency: CurrencyCode.describe('ISO 4217: the currency of people without a salary yet'),
      managersSeeTeamCompensation: z
        .boolean()
        .describe('true: managers and directors read the salaries of the people they see'),
    }),
  },
  output: z.object({ settings: SettingsView }),
  idempotent: true,
  mcp: { tool: 'set_compensation_settings', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ settings: await setSettings(ctx.deps.prisma, ctx.actor, body) }),
});
