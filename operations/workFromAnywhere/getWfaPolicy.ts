import { z } from 'zod';
import { wfaPolicyOf } from '../../engines/workFromAnywhere/wfaPolicy';
import { defineOperation } from '../defineOperation';
import { WfaPolicyView, wfaOperation } from './wfaSchemas';

export const getWorkFromAnywherePolicy = defineOperation({
  ...wfaOperation,
  name: 'get_work_from_anywhere_policy',
  method: 'GET',
  path: '/api/work-from-anywhere/policy',
  access: 'work-from-anywhere:read',
  summary: 'The workspace’s Work From Anywhere policy: days per year and the countries allowed',
  description:
    'Use it before asking to work from abroad: how many days a year are allowed and from which countries, so a request can be checked against it.',
  input: {},
  output: z.object({ policy: WfaPolicyView }),
  mcp: { tool: 'get_work_from_anywhere_policy', annotations: { readOnlyHint: true } },
  handler: async (ctx) => ({ policy: await wfaPolicyOf(ctx.deps.prisma, ctx.actor.tenant.id) }),
});
