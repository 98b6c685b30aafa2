import { z } from 'zod';
import { setWfaPolicy } from '../../engines/workFromAnywhere/wfaPolicy';
import { defineOperation } from '../defineOperation';
import { WfaCountry, WfaPolicyView, wfaOperation } from './wfaSchemas';

export const setWorkFromAnywherePolicy = defineOperation({
  ...wfaOperation,
  name: 'set_work_from_anywhere_policy',
  method: 'PUT',
  path: '/api/work-from-anywhere/policy',
  access: 'work-from-anywhere:write',
  summary: 'Set the Work From Anywhere policy (HR): days per year, the countries allowed',
  description:
    'HR_MANAGER, ADMIN and OWNER only (403 otherwise). A request over the allowance or to another country is a ' +
    'policy breach: the built-in approval flow asks HR after the manager. Requests already made keep their routing.',
  input: {
    body: z.strictObject({
      daysPerYear: z.number().int().min(0).max(366).describe('calendar days a person may work from elsewhere a year'),
      allowedCountries: z.array(WfaCountry).max(250).describe('ISO 3166-1 alpha-2 codes; empty: every country'),
    }),
  },
  output: z.object({ policy: WfaPolicyView }),
  idempotent: true,
  mcp: { tool: 'set_work_from_anywhere_policy', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ policy: await setWfaPolicy(ctx.deps.prisma, ctx.actor, body) }),
});
