import { z } from 'zod';
import { createTemplate } from '../../engines/lifecycle/templates';
import { defineOperation } from '../defineOperation';
import { TemplateView, lifecycleOperation, templateFields } from '../lifecycle/lifecycleSchemas';

export const createOnboardingTemplate = defineOperation({
  ...lifecycleOperation('onboarding'),
  name: 'create_onboarding_template',
  method: 'POST',
  path: '/api/onboarding/templates',
  access: 'onboarding:write',
  summary: 'Create a template of onboarding tasks (HR): who does each, due days from the start date',
  description:
    'HR_MANAGER, ADMIN and OWNER only. A name taken answers 409. Made the default, it takes the mark from the ' +
    'template that had it for the same department (or everyone). Processes already started keep their tasks.',
  input: { body: z.strictObject(templateFields) },
  output: z.object({ template: TemplateView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_onboarding_template', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    template: await createTemplate(ctx.deps.prisma, ctx.actor, 'onboarding', body),
  }),
});
