import { z } from 'zod';
import { listApplications as list } from '../../engines/ats/applications';
import { defineOperation } from '../defineOperation';
import { ApplicationView, Cursor, Limit, NextCursor, StageSchema, atsOperation } from './atsSchemas';

export const listApplications = defineOperation({
  ...atsOperation,
  name: 'list_applications',
  method: 'GET',
  path: '/api/ats/applications',
  access: 'ats:read',
  summary: 'Applications you may read, newest first: of an opening, at a stage, of a candidate',
  description:
    'HR reads all; the recruiters and hiring manager of an opening its applications; an interviewer the ' +
    'applications they interview for. Nobody else, whatever their role.',
  input: {
    query: z.strictObject({
      openingId: z.uuid().optional().describe('only this opening’s'),
      stage: StageSchema.optional().describe('only applications at this stage'),
      candidateId: z.uuid().optional().describe('only this candidate’s'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ applications: z.array(ApplicationView), nextCursor: NextCursor }),
  mcp: { tool: 'list_applications', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, {
      openingId: query.openingId,
      stage: query.stage,
      candidateId: query.candidateId,
      limit: query.limit,
      after: query.cursor,
    }),
});
