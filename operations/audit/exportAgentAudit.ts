import { z } from 'zod';
import { exportAuditTrail } from '../../engines/audit/export';
import { EXPORT_CONTENT_TYPE } from '../../engines/audit/exportFormat';
import { auditUserFilter } from '../../engines/audit/visibility';
import { defineOperation } from '../defineOperation';

export const exportAgentAudit = defineOperation({
  name: 'export_agent_audit',
  method: 'GET',
  path: '/api/v1/agent/audit/export',
  access: 'audit:read',
  tag: 'Agent audit',
  summary: 'Export the audit trail as NDJSON, with inclusion proofs, for offline verification',
  description:
    'Signs a checkpoint over every record, then streams a header line (format, public key, the signed ' +
    'checkpoint), one line per record with its RFC 6962 inclusion proof, and an end line with the count. ' +
    'Verify it offline with `node scripts/verifyAuditExport.js <file> <public-key.pem>`; the procedure and ' +
    'every format are in docs/audit.md. HR managers, admins and owners export the whole workspace, everyone ' +
    'else the records of their own calls.',
  input: {},
  output: z
    .object({
      contentType: z.literal(EXPORT_CONTENT_TYPE).describe('application/x-ndjson'),
      body: z.custom<AsyncIterable<string>>().describe('the NDJSON lines'),
      filename: z.string().describe('the download name: svc-hr-audit-<tenantId>.ndjson'),
    })
    .describe('an NDJSON stream: header, records with proofs, end (docs/audit.md)'),
  // Who took a copy of the trail is itself worth recording.
  audit: true,
  response: 'stream',
  produces: EXPORT_CONTENT_TYPE,
  handler: async (ctx) => {
    // The checkpoint the export is signed under covers every record of the tenant, pending ones included.
    await ctx.deps.auditSequencer.flush(ctx.actor.tenant.id);
    return {
      contentType: EXPORT_CONTENT_TYPE,
      body: await exportAuditTrail(ctx.deps.prisma, ctx.deps.auditKey, auditUserFilter(ctx.actor)),
      filename: `svc-hr-audit-${ctx.actor.tenant.id}.ndjson`,
    };
  },
});
