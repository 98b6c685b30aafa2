import { z } from 'zod';
import { listArtifacts } from '../../engines/artifacts/artifacts';
import { defineOperation } from '../defineOperation';
import { Artifact } from './artifactSchemas';

export const listAgentArtifacts = defineOperation({
  name: 'list_agent_artifacts',
  method: 'GET',
  path: '/api/v1/agent/artifacts',
  access: 'agent:artifacts',
  tag: 'Agent artifacts',
  summary: 'List the files your agent runs delivered, newest first',
  description:
    "Only the artifacts of your own runs (a run is its user's alone). Filter by run, thread, media type and " +
    'creation time; page with limit and nextCursor.',
  input: {
    query: z.strictObject({
      runId: z.uuid().optional().describe('only the artifacts of this run'),
      threadId: z.uuid().optional().describe('only the artifacts of the runs of this thread'),
      contentType: z
        .string()
        .trim()
        .toLowerCase()
        .max(200)
        .optional()
        .describe('only artifacts of this media type, e.g. text/csv'),
      createdFrom: z.iso.datetime().optional().describe('only artifacts created at or after this instant (ISO 8601)'),
      createdTo: z.iso.datetime().optional().describe('only artifacts created before this instant (ISO 8601)'),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(100)
        .default(50)
        .describe('at most this many artifacts, 1 to 100, default 50'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({
    artifacts: z.array(Artifact).describe('your artifacts'),
    nextCursor: z.string().optional().describe('pass as cursor for the next page; absent on the last page'),
  }),
  handler: async (ctx, { query }) =>
    listArtifacts(ctx.deps.prisma, ctx.actor, {
      ...query,
      createdFrom: query.createdFrom ? new Date(query.createdFrom) : undefined,
      createdTo: query.createdTo ? new Date(query.createdTo) : undefined,
    }),
});
