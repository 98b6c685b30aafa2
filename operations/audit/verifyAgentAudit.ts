import { z } from 'zod';
import { verifyFailureReasons } from '../../engines/audit/chainVerifier';
import { verifyAuditTrail } from '../../engines/audit/verify';
import { requireWholeTrailAccess } from '../../engines/audit/visibility';
import { defineOperation } from '../defineOperation';

export const verifyAgentAudit = defineOperation({
  name: 'verify_agent_audit',
  method: 'POST',
  path: '/api/v1/agent/audit/verify',
  access: 'audit:read',
  tag: 'Agent audit',
  summary: "Verify the workspace's stored audit trail; report the first broken record",
  description:
    'Recomputes every record hash, follows every chain link, checks that no seq is missing and that the head ' +
    'names the last record, and checks each signed checkpoint (signature, by the current key or a retired one, and ' +
    'Merkle root). Needs the ' +
    'HR_MANAGER, ADMIN or OWNER role, since it reads every record; others can export their own records and ' +
    'verify the export offline. Records of calls made while it runs may still wait to be chained: they are ' +
    'counted as pending, not verified.',
  input: { body: z.strictObject({}).describe('no fields: send {} or no body') },
  output: z.object({
    ok: z.boolean().describe('true when nothing was altered, removed, reordered or inserted'),
    records: z.number().int().describe('records verified (before the break, when there is one)'),
    checkpoints: z.number().int().describe('signed checkpoints verified'),
    brokenAt: z
      .object({
        seq: z.number().int().describe('seq of the first broken record'),
        id: z.uuid().optional().describe('its id, when the record exists'),
        checkpointId: z.uuid().optional().describe('the checkpoint that failed, when one did'),
      })
      .optional()
      .describe('present when ok is false'),
    reason: z.enum(verifyFailureReasons).optional().describe('why it is broken; present when ok is false'),
    message: z.string().optional().describe('the same in words; present when ok is false'),
    pending: z
      .number()
      .int()
      .describe('records appended but not yet chained when the walk ended (calls made meanwhile); not an error'),
  }),
  handler: async (ctx) => {
    requireWholeTrailAccess(ctx.actor);
    await ctx.deps.auditSequencer.flush(ctx.actor.tenant.id);
    const { publicKey, retiredPublicKeys } = ctx.deps.auditKey;
    const trusted = [publicKey, ...retiredPublicKeys.map((k) => k.publicKey)];
    return verifyAuditTrail(ctx.deps.prisma, trusted, ctx.actor.tenant.id);
  },
});
