import type { FastifyRequest } from 'fastify';
import type { Actor } from '../engines/access/actor';
import type { ErrorCode } from '../engines/appError';
import type { AppDeps } from './context';

export interface CallRecord {
  actor: Actor;
  /** `auditBody` (defineOperation) rewrites a body holding secrets under names the redaction cannot know. */
  op: { name: string; auditBody?: (body: unknown) => unknown };
  request: Pick<FastifyRequest, 'id' | 'params' | 'query' | 'body'>;
  surface: 'rest' | 'mcp' | 'agent';
  outcome: 'success' | 'failure';
  code?: ErrorCode;
  /** The agent run that made the call (surface `agent`). */
  runId?: string;
}

/**
 * Appends the audit record of one authenticated call (who, what, when, outcome, request id) and returns its
 * id for the X-Audit-Id header. Arguments are redacted by the audit engine; secrets never reach the trail.
 * The record is durable when this returns, and joins the chain moments later (engines/audit/sequencer.ts).
 */
export async function recordCall(deps: Pick<AppDeps, 'auditSequencer'>, call: CallRecord): Promise<string> {
  const { actor } = call;
  const { id } = await deps.auditSequencer.append({
    tenantId: actor.tenant.id,
    userId: actor.user.id,
    credentialId: actor.credential.id,
    credentialKind: actor.credential.kind,
    surface: call.surface,
    operation: call.op.name,
    arguments: {
      params: call.request.params ?? {},
      query: call.request.query ?? {},
      body: (call.op.auditBody ? call.op.auditBody(call.request.body) : call.request.body) ?? null,
    },
    outcome: call.outcome,
    ...(call.code ? { errorCode: call.code } : {}),
    requestId: call.request.id,
    ...(call.runId ? { runId: call.runId } : {}),
  });
  return id;
}
