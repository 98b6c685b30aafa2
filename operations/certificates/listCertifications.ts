import { z } from 'zod';
import { listCertifications as list } from '../../engines/certificates/certifications';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { NextCursor } from '../organization/organizationSchemas';
import { CertificationView, ListCursor, ListLimit, certificatesOperation } from './certificateSchemas';

export const listCertifications = defineOperation({
  ...certificatesOperation,
  name: 'list_certifications',
  method: 'GET',
  path: '/api/certificates/certifications',
  access: 'certificates:read',
  summary: 'Certifications and licences you may read, newest first: yours, your line’s, everyone’s for HR',
  description:
    'Visible to the holder, their managers up the line, and HR_MANAGER, ADMIN, OWNER. `expiresBefore=2026-12-31` ' +
    'keeps those expiring before that day; `expired=true` those whose expiry date has begun, `false` the others.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this person’s'),
      expiresBefore: IsoDateString.optional().describe('YYYY-MM-DD: only those expiring before this day'),
      expired: z
        .enum(['true', 'false'])
        .optional()
        .describe('true: only expired ones; false: only valid ones (or without expiry)'),
      limit: ListLimit,
      cursor: ListCursor,
    }),
  },
  output: z.object({ certifications: z.array(CertificationView), nextCursor: NextCursor }),
  mcp: { tool: 'list_certifications', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(
      ctx.deps.prisma,
      ctx.actor,
      {
        employeeId: query.employeeId,
        expiresBefore: query.expiresBefore,
        expired: query.expired === undefined ? undefined : query.expired === 'true',
        limit: query.limit,
        after: query.cursor,
      },
      ctx.deps.config.clock,
    ),
});
