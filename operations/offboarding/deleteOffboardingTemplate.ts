import { deleteTemplate } from '../../engines/lifecycle/templates';
import { defineOperation } from '../defineOperation';
import { Deleted } from '../organization/organizationSchemas';
import { IdParam, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const deleteOffboardingTemplate = defineOperation({
  ...lifecycleOperation('offboarding'),
  name: 'delete_offboarding_template',
  method: 'DELETE',
  path: '/api/offboarding/templates/{id}',
  access: 'offboarding:write',
  summary: 'Delete a offboarding template (HR)',
  description: 'HR_MANAGER, ADMIN and OWNER only. Processes made from it keep their tasks.',
  input: { params: IdParam },
  output: Deleted,
  idempotent: true,
  mcp: { tool: 'delete_offboarding_template', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    await deleteTemplate(ctx.deps.prisma, ctx.actor, 'offboarding', params.id);
    return { id: params.id };
  },
});
