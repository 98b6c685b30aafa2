import { z } from 'zod';
import { tenantToday } from '../../engines/leave/tenantCalendar';
import { orgChart } from '../../engines/organization/orgChart';
import { defineOperation } from '../defineOperation';
import { organizationOperation } from './organizationSchemas';

export const getOrgChart = defineOperation({
  ...organizationOperation,
  name: 'get_org_chart',
  method: 'GET',
  path: '/api/organization/chart',
  access: 'organization:read',
  summary: 'The org chart: reporting lines as a flat list of nodes, from the top or below one person',
  description:
    'Each node names its manager (managerId) and counts its direct reports, so a client lays out the tree. Current ' +
    'employees only, and only the people you may see (your role decides). rootId starts at that person; depth ' +
    'limits the levels below it (0: the root alone).',
  input: {
    query: z.strictObject({
      rootId: z.uuid().optional().describe('the person at the top of the chart; default: the whole workspace'),
      depth: z.coerce.number().int().min(0).max(50).default(50).describe('levels below the root, 0 to 50'),
    }),
  },
  output: z.object({
    nodes: z.array(
      z.object({
        id: z.uuid(),
        employeeId: z.number().int(),
        name: z.string(),
        jobTitle: z.string(),
        managerId: z.uuid().nullable(),
        department: z.string().nullable(),
        level: z.number().int().describe('levels below the root'),
        directReports: z.number().int(),
      }),
    ),
  }),
  mcp: { tool: 'get_org_chart', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const { today } = await tenantToday(ctx.deps.prisma, ctx.actor.tenant.id, ctx.deps.config.clock);
    return orgChart(ctx.deps.prisma, ctx.actor, { rootId: query.rootId, depth: query.depth, today });
  },
});
