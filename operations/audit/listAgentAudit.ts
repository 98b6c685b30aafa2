import { z } from 'zod';
import { listAuditRecords } from '../../engines/audit/listRecords';
import { auditOutcomes } from '../../engines/audit/recordHash';
import { defineOperation } from '../defineOperation';
import { pageCursor } from '../pageCursor';
import { AuditRecord } from './auditSchemas';

const timestamp = z.iso.datetime({ offset: true });

export const listAgentAudit = defineOperation({
  name: 'list_agent_audit',
  method: 'GET',
  path: '/api/v1/agent/audit',
  access: 'audit:read',
  tag: 'Agent audit',
  summary: 'List audit records, newest first',
  description:
    'Every REST write, MCP call and agent step leaves a record: who (user, credential), what (operation, ' +
    'arguments without secrets), when, the outcome and the request id. HR managers, admins and owners see the ' +
    "whole workspace's records; everyone else sees the records of their own calls.",
  input: {
    query: z.strictObject({
      from: timestamp.optional().describe('only records that occurred at or after this time (ISO 8601)'),
      to: timestamp.optional().describe('only records that occurred before this time (ISO 8601)'),
      userId: z.uuid().optional().describe("only this user's records"),
      runId: z
        .uuid()
        .optional()
        .describe("only records of this agent run: the agent's steps and actions, and people's calls on the run"),
      operation: z.string().min(1).max(200).optional().describe('only calls of this operation or MCP tool'),
      outcome: z.enum(auditOutcomes).optional().describe('only successes or only failures'),
      cursor: pageCursor(Number.MAX_SAFE_INTEGER).optional().describe('nextCursor of the previous page'),
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
    }),
  },
  output: z.object({
    records: z.array(AuditRecord).describe('the page, newest first'),
    nextCursor: z.string().nullable().describe('pass as cursor for the next page; null on the last page'),
  }),
  handler: async (ctx, { query }) => {
    // Records still pending would be missing from the page: the caller's own last call, most often.
    await ctx.deps.auditSequencer.flush(ctx.actor.tenant.id);
    return listAuditRecords(ctx.deps.prisma, ctx.actor, {
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
      userId: query.userId,
      runId: query.runId?.toLowerCase(),
      operation: query.operation,
      outcome: query.outcome,
      beforeSeq: query.cursor === undefined ? undefined : Number(query.cursor),
      limit: query.limit,
    });
  },
});
