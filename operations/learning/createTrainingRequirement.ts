import { z } from 'zod';
import { createTrainingRequirement as create } from '../../engines/learning/trainingRequirements';
import { defineOperation } from '../defineOperation';
import { RequirementView, RoleName, learningOperation } from './learningSchemas';

export const createTrainingRequirement = defineOperation({
  ...learningOperation,
  name: 'create_training_requirement',
  method: 'POST',
  path: '/api/learning/requirements',
  access: 'learning:write',
  summary: 'Require a course of a role and/or department (HR): assigned at once, with a due date, to whom it applies',
  description:
    'HR_MANAGER, ADMIN and OWNER only. Every active employee it applies to (their role and department, where ' +
    'given; neither: everyone) without an active enrolment or a valid completion is enrolled, due `dueWithinDays` ' +
    'from today, and told; people who join or move later are assigned by the daily sweep, which also reminds them ' +
    'and their manager once a training is overdue. 409 for an inactive course or the same requirement twice.',
  input: {
    body: z.strictObject({
      courseId: z.uuid().describe('the course (GET /api/learning/courses)'),
      role: RoleName.optional().describe('only people whose user has this role'),
      departmentId: z.uuid().optional().describe('only people of this department'),
      dueWithinDays: z.number().int().min(1).max(3650).describe('days from being assigned to the due date'),
    }),
  },
  output: z.object({
    requirement: RequirementView,
    assigned: z.number().describe('how many people it was assigned to now'),
  }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_training_requirement', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => create(ctx.deps.prisma, ctx.actor, body, ctx.deps.config.clock),
});
