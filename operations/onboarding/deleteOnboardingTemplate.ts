import { deleteTemplate } from '../../engines/lifecycle/templates';
import { defineOperation } from '../defineOperation';
import { Deleted } from '../organization/organizationSchemas';
import { IdParam, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const deleteOnboardingTemplate = defineOperation({
  ...lifecycleOperation('onboarding'),
  name: 'delete_onboarding_template',
  method: 'DELETE',
  path: '/api/onboarding/templates/{id}',
  access: 'onboarding:write',
  summary: 'Delete a onboarding template (HR)',
  description: 'HR_MANAGER, ADMIN and OWNER only. Processes made from it keep their tasks.',
  input: { params: IdParam },
  output: Deleted,
  idempotent: true,
  mcp: { tool: 'delete_onboarding_template', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    await deleteTemplate(ctx.deps.prisma, ctx.actor, 'onboarding', params.id);
    return { id: params.id };
  },
});
