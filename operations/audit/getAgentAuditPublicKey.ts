import { z } from 'zod';
import { defineOperation } from '../defineOperation';

export const getAgentAuditPublicKey = defineOperation({
  name: 'get_agent_audit_public_key',
  method: 'GET',
  path: '/api/v1/agent/audit/public-key',
  access: 'public',
  tag: 'Agent audit',
  summary: 'The public key that audit checkpoints are signed with',
  description:
    'Ed25519, SPKI PEM. Auditors verify exports with it (docs/audit.md); keep a copy from a trusted channel ' +
    'rather than trusting the key inside an export.',
  input: {},
  output: z.object({
    keyId: z.string().describe("SHA-256 (hex) of the key's SPKI DER encoding, as checkpoints name it"),
    algorithm: z.literal('Ed25519').describe('the signature algorithm'),
    publicKeyPem: z.string().describe('the public key, SPKI PEM'),
    retired: z
      .array(z.object({ keyId: z.string(), publicKeyPem: z.string() }))
      .describe('keys that signed earlier checkpoints, still trusted by verify_agent_audit (key rotation)'),
  }),
  handler: async (ctx) => ({
    keyId: ctx.deps.auditKey.keyId,
    algorithm: 'Ed25519' as const,
    publicKeyPem: ctx.deps.auditKey.publicKeyPem,
    retired: ctx.deps.auditKey.retiredPublicKeys.map(({ keyId, publicKeyPem }) => ({ keyId, publicKeyPem })),
  }),
});
