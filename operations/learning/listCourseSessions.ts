import { z } from 'zod';
import { listCourseSessions as list } from '../../engines/learning/courseSessions';
import { defineOperation } from '../defineOperation';
import { IdParam, SessionView, learningOperation } from './learningSchemas';

export const listCourseSessions = defineOperation({
  ...learningOperation,
  name: 'list_course_sessions',
  method: 'GET',
  path: '/api/learning/courses/{id}/sessions',
  access: 'learning:read',
  summary: 'A course’s sessions, earliest first, with the seats left',
  description: '404 for a course the workspace does not have.',
  input: { params: IdParam },
  output: z.object({ sessions: z.array(SessionView) }),
  mcp: { tool: 'list_course_sessions', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ sessions: await list(ctx.deps.prisma, ctx.actor, params.id) }),
});
