import { deleteCertification as remove } from '../../engines/certificates/certifications';
import { defineOperation } from '../defineOperation';
import { Deleted } from '../organization/organizationSchemas';
import { expiryHooks } from './expiryHooks';
import { IdParam, certificatesOperation } from './certificateSchemas';

export const deleteCertification = defineOperation({
  ...certificatesOperation,
  name: 'delete_certification',
  method: 'DELETE',
  path: '/api/certificates/certifications/{id}',
  access: 'certificates:write',
  summary: 'Delete a certification or licence (HR)',
  description: 'HR_MANAGER, ADMIN and OWNER only; its pending reminders end with it. Its document stays uploaded.',
  input: { params: IdParam },
  output: Deleted,
  idempotent: true,
  mcp: { tool: 'delete_certification', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => remove(ctx.deps.prisma, ctx.actor, params.id, expiryHooks(ctx).notify),
});
