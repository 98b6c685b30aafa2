import { z } from 'zod';
import { listVersions } from '../../engines/playbook/documents';
import { defineOperation } from '../defineOperation';
import { IdParam, Limit, NextCursor, NumberCursor, PlaybookVersionView, playbookOperation } from './playbookSchemas';

export const listPlaybookVersions = defineOperation({
  ...playbookOperation,
  name: 'list_playbook_versions',
  method: 'GET',
  path: '/api/playbook/documents/{id}/versions',
  access: 'playbook:read',
  summary: 'The versions of a page or policy, newest first: the published ones (HR: the draft too)',
  description:
    "Use it to see how a page or policy changed: each version's number, status, title, text, whether it must be acknowledged, the departments in scope and when it was published.",
  input: { params: IdParam, query: z.strictObject({ limit: Limit, cursor: NumberCursor }) },
  output: z.object({ versions: z.array(PlaybookVersionView), nextCursor: NextCursor }),
  mcp: { tool: 'list_playbook_versions', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params, query }) =>
    listVersions(ctx.deps.prisma, ctx.actor, params.id, { limit: query.limit, after: query.cursor }),
});
