import { z } from 'zod';
import { updateTemplate } from '../../engines/lifecycle/templates';
import { defineOperation } from '../defineOperation';
import { IdParam, TemplateView, lifecycleOperation, templateFields } from '../lifecycle/lifecycleSchemas';

export const updateOnboardingTemplate = defineOperation({
  ...lifecycleOperation('onboarding'),
  name: 'update_onboarding_template',
  method: 'PATCH',
  path: '/api/onboarding/templates/{id}',
  access: 'onboarding:write',
  summary: 'Change an onboarding template (HR): its name, department, default mark or tasks',
  description: 'HR_MANAGER, ADMIN and OWNER only. Processes already started keep their tasks.',
  input: {
    params: IdParam,
    body: z
      .strictObject({
        name: templateFields.name.optional(),
        departmentId: templateFields.departmentId,
        isDefault: templateFields.isDefault,
        tasks: templateFields.tasks.optional(),
      })
      .refine((b) => Object.keys(b).length > 0, 'send at least one field to change'),
  },
  output: z.object({ template: TemplateView }),
  idempotent: true,
  mcp: { tool: 'update_onboarding_template', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    template: await updateTemplate(ctx.deps.prisma, ctx.actor, 'onboarding', params.id, body),
  }),
});
