import { z } from 'zod';
import { listUnacknowledged } from '../../engines/playbook/acknowledgements';
import { defineOperation } from '../defineOperation';
import { IdParam, Limit, NextCursor, NumberCursor, playbookOperation } from './playbookSchemas';

export const listPlaybookUnacknowledged = defineOperation({
  ...playbookOperation,
  name: 'list_playbook_unacknowledged',
  method: 'GET',
  path: '/api/playbook/documents/{id}/unacknowledged',
  access: 'playbook:read',
  summary: 'Who still has not acknowledged the current version of a policy, among the people you see',
  description:
    'Computed now from the current version’s scope (every employee, or its departments; people hired since ' +
    'included, people whose last day has passed not), by employee number: HR sees everyone, a manager their ' +
    'team, a director their department, anyone else themself. 409 for a page or a version that asks nobody.',
  input: { params: IdParam, query: z.strictObject({ limit: Limit, cursor: NumberCursor }) },
  output: z.object({
    versionNumber: z.number().int().describe('the current version, the one these people have not acknowledged'),
    total: z.number().int().describe('how many, over all pages'),
    employees: z.array(
      z.object({
        employeeId: z.uuid(),
        employeeNumber: z.number().int(),
        name: z.string(),
        departmentId: z.uuid().nullable(),
      }),
    ),
    nextCursor: NextCursor,
  }),
  mcp: { tool: 'list_playbook_unacknowledged', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params, query }) =>
    listUnacknowledged(
      ctx.deps.prisma,
      ctx.actor,
      params.id,
      { limit: query.limit, after: query.cursor },
      ctx.deps.config.clock,
    ),
});
