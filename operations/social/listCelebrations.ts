import { z } from 'zod';
import { listCelebrations as list, MAX_CELEBRATION_DAYS } from '../../engines/social/celebrations';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { MAX_INT32, pageCursor } from '../pageCursor';
import { CelebrationView, Limit, NextCursor, socialOperation } from './socialSchemas';

export const listCelebrations = defineOperation({
  ...socialOperation,
  name: 'list_celebrations',
  method: 'GET',
  path: '/api/social/celebrations',
  access: 'social:read',
  summary: 'Birthdays (of those who allow it) and work anniversaries in a date range, of the people you see',
  description:
    `From People, by your role’s visibility of people. A range of at most ${MAX_CELEBRATION_DAYS} days; default ` +
    'today and the next 30 days of the workspace’s calendar. A birthday is shown only where the person turned ' +
    '`showBirthday` on (PUT /api/social/birthday-consent), as its day in the range: never the year of birth or an ' +
    'age. Someone born or hired on 29 February is celebrated on 28 February in other years.',
  input: {
    query: z.strictObject({
      from: IsoDateString.optional().describe('first day, YYYY-MM-DD; default today'),
      to: IsoDateString.optional().describe(
        `last day, YYYY-MM-DD; default from + 30 days; at most ${MAX_CELEBRATION_DAYS} days`,
      ),
      type: z.enum(['birthday', 'work_anniversary']).optional().describe('only one kind'),
      limit: Limit,
      cursor: pageCursor(MAX_INT32).optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({
    from: z.string().describe('the range’s first day'),
    to: z.string().describe('the range’s last day'),
    celebrations: z.array(CelebrationView).describe('by date, then name'),
    nextCursor: NextCursor,
  }),
  mcp: { tool: 'list_celebrations', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(
      ctx.deps.prisma,
      ctx.actor,
      {
        from: query.from,
        to: query.to,
        type: query.type,
        limit: query.limit,
        offset: query.cursor ? Number(query.cursor) : 0,
      },
      ctx.deps.config.clock,
    ),
});
