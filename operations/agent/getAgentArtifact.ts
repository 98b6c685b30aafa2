import { z } from 'zod';
import { findRunArtifact, toArtifactView } from '../../engines/artifacts/artifacts';
import { defineOperation } from '../defineOperation';
import { Artifact, RunArtifactParams } from './artifactSchemas';

export const getAgentArtifact = defineOperation({
  name: 'get_agent_artifact',
  method: 'GET',
  path: '/api/v1/agent/runs/{id}/artifacts/{artifactId}',
  access: 'agent:artifacts',
  tag: 'Agent artifacts',
  summary: 'Read the metadata of a file one of your runs delivered',
  description: "404 for an artifact of another user's run, as for one that does not exist.",
  input: { params: RunArtifactParams },
  output: z.object({ artifact: Artifact }),
  otherResponses: { 404: 'not_found: no such artifact among your runs' },
  handler: async (ctx, { params }) => ({
    artifact: toArtifactView(await findRunArtifact(ctx.deps.prisma, ctx.actor, params.id, params.artifactId)),
  }),
});
