import type { Actor } from '../engines/access/actor';
import type { ErrorCode } from '../engines/appError';
import type { AppDeps } from './context';

/** A call's input as received: path parameters, query and body (never an upload's bytes). */
export interface CallRequest {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** Who an audit record names: an authenticated caller's, or whom a public call made known (auditedAs). */
export interface AuditedIdentity {
  tenantId: string;
  userId: string;
  credentialId: string;
  credentialKind: string;
}

/** The identity of an authenticated caller, as its audit records name it. */
export function identityOf(actor: Actor): AuditedIdentity {
  return {
    tenantId: actor.tenant.id,
    userId: actor.user.id,
    credentialId: actor.credential.id,
    credentialKind: actor.credential.kind,
  };
}

export interface CallRecord {
  who: AuditedIdentity;
  /** `auditBody` (defineOperation) rewrites a body holding secrets under names the redaction cannot know. */
  op: { name: string; auditBody?: (body: unknown) => unknown };
  request: CallRequest & { id: string };
  surface: 'rest' | 'mcp' | 'agent';
  outcome: 'success' | 'failure';
  code?: ErrorCode;
  /** The agent run that made the call (surface `agent`), or that a REST call acted on (runIdOfCall). */
  runId?: string | undefined;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const runPathPrefix = '/api/v1/agent/runs/{id}';

/**
 * The agent run a REST call acted on, so that a run's trail (list_agent_audit with runId) holds people's calls on it,
 * such as who approved an action, beside the agent's own records: the `{id}` of an operation under
 * /api/v1/agent/runs/{id}, or the run a call started (send_agent_message answers its runId).
 */
export function runIdOfCall(op: { path: string }, params: unknown, value?: unknown): string | undefined {
  const candidate = op.path.startsWith(runPathPrefix)
    ? (params as { id?: unknown } | undefined)?.id
    : (value as { runId?: unknown } | undefined)?.runId;
  // Lower case, as run ids are stored: PostgreSQL's uuid type takes either case in a path, run_id is text.
  return typeof candidate === 'string' && uuidPattern.test(candidate) ? candidate.toLowerCase() : undefined;
}

/**
 * Appends the audit record of one authenticated call (who, what, when, outcome, request id) and returns its
 * id for the X-Audit-Id header. Arguments are redacted by the audit engine; secrets never reach the trail.
 * The record is durable when this returns, and joins the chain moments later (engines/audit/sequencer.ts).
 */
export async function recordCall(deps: Pick<AppDeps, 'auditSequencer'>, call: CallRecord): Promise<string> {
  const { who } = call;
  const { id } = await deps.auditSequencer.append({
    tenantId: who.tenantId,
    userId: who.userId,
    credentialId: who.credentialId,
    credentialKind: who.credentialKind,
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
