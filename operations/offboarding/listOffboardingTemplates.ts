import { z } from 'zod';
import { listTemplates } from '../../engines/lifecycle/templates';
import { defineOperation } from '../defineOperation';
import { NextCursor } from '../organization/organizationSchemas';
import { PageQuery, TemplateTaskView, TemplateView, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const listOffboardingTemplates = defineOperation({
  ...lifecycleOperation('offboarding'),
  name: 'list_offboarding_templates',
  method: 'GET',
  path: '/api/offboarding/templates',
  access: 'offboarding:read',
  summary: 'The workspace’s offboarding templates, and the built-in list used when none is the default (HR)',
  description:
    'HR_MANAGER, ADMIN and OWNER only. A new offboarding follows the default template of the person’s department, else ' +
    'the default one for everyone, else the built-in list (`builtIn`).',
  input: { query: z.strictObject(PageQuery) },
  output: z.object({
    templates: z.array(TemplateView),
    builtIn: z.object({ name: z.string(), tasks: z.array(TemplateTaskView) }),
    nextCursor: NextCursor,
  }),
  mcp: { tool: 'list_offboarding_templates', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listTemplates(ctx.deps.prisma, ctx.actor, 'offboarding', { limit: query.limit, after: query.cursor }),
});
