import { z } from 'zod';
import { listTemplates } from '../../engines/lifecycle/templates';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { PageQuery, TemplateTaskView, TemplateView, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const listOnboardingTemplates = defineOperation({
  ...lifecycleOperation('onboarding'),
  name: 'list_onboarding_templates',
  method: 'GET',
  path: '/api/onboarding/templates',
  access: 'onboarding:read',
  summary: 'The workspace’s onboarding templates, and the built-in list used when none is the default (HR)',
  description:
    'HR_MANAGER, ADMIN and OWNER only. A new onboarding follows the default template of the person’s department, else ' +
    'the default one for everyone, else the built-in list (`builtIn`).',
  input: { query: z.strictObject(PageQuery) },
  output: z.object({
    templates: z.array(TemplateView),
    builtIn: z.object({ name: z.string(), tasks: z.array(TemplateTaskView) }),
    nextCursor: NextCursor,
  }),
  mcp: { tool: 'list_onboarding_templates', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listTemplates(ctx.deps.prisma, ctx.actor, 'onboarding', { limit: query.limit, after: query.cursor }),
});
