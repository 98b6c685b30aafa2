import { z } from 'zod';
import { getTemplate } from '../../engines/lifecycle/templates';
import { defineOperation } from '../defineOperation';
import { IdParam, TemplateView, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const getOffboardingTemplate = defineOperation({
  ...lifecycleOperation('offboarding'),
  name: 'get_offboarding_template',
  method: 'GET',
  path: '/api/offboarding/templates/{id}',
  access: 'offboarding:read',
  summary: 'One offboarding template (HR)',
  description:
    'Use it to read the tasks a new offboarding process starts with: each task with who does it and the day it is due relative to the start, the template name, its department and whether it is the default. HR_MANAGER, ADMIN and OWNER only.',
  input: { params: IdParam },
  output: z.object({ template: TemplateView }),
  mcp: { tool: 'get_offboarding_template', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    template: await getTemplate(ctx.deps.prisma, ctx.actor, 'offboarding', params.id),
  }),
});
