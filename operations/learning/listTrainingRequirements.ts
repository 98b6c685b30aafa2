import { z } from 'zod';
import { listTrainingRequirements as list } from '../../engines/learning/trainingRequirements';
import { defineOperation } from '../defineOperation';
import { Cursor, Limit, NextCursor, RequirementView, learningOperation } from './learningSchemas';

export const listTrainingRequirements = defineOperation({
  ...learningOperation,
  name: 'list_training_requirements',
  method: 'GET',
  path: '/api/learning/requirements',
  access: 'learning:read',
  summary: 'The required trainings: which course, of whom (role, department), due within how many days',
  description:
    'Use it to explain why someone was enrolled in a course: the rules that require a course of a role or a department, and the days allowed to complete it.',
  input: {
    query: z.strictObject({
      courseId: z.uuid().optional().describe('only this course’s'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ requirements: z.array(RequirementView), nextCursor: NextCursor }),
  mcp: { tool: 'list_training_requirements', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, { courseId: query.courseId, limit: query.limit, after: query.cursor }),
});
