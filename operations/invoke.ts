import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../engines/access/actor';
import { requireAccess } from '../engines/access/requireAccess';
import { AppError } from '../engines/appError';
import { asAppError } from '../engines/databaseErrors';
import { identityOf, recordCall, runIdOfCall, type CallRequest } from './auditTrail';
import { createOperationContext, type AppDeps } from './context';
import type { Operation, ReceivedUpload } from './defineOperation';
import { withIdempotency } from './idempotency';
import { parseOperationInput } from './validation';
import { notAWorkspaceId, tenantIdOf } from './tenantHeader';

/** Where a call came from; it names the call's audit records. */
export type Surface = 'rest' | 'mcp' | 'agent';

/** What every surface's calls share: the process's dependencies and the OpenAPI document derived at start. */
export interface Invoker {
  deps: AppDeps;
  openapi: Record<string, unknown>;
}

/** A file body received after the access check (REST uploads), and how to drop it if the call does not keep it. */
export type StagedUpload = ReceivedUpload & { discard(): Promise<void> };

/** One call as a surface received it, before any check. */
export interface Call {
  surface: Surface;
  requestId: string;
  log: FastifyBaseLogger;
  clientAddress?: string;
  /** The origin the request was addressed to (`http://host:port`, REST only; behind a trusted proxy, the forwarded one). */
  origin?: string;
  /** Path parameters, query, body and headers as received (a tool's arguments split into the same parts). */
  request: CallRequest & { headers?: unknown };
  /** Receives a file body, once the caller may make the call (REST uploads only). */
  receiveUpload?: () => Promise<StagedUpload>;
  /** The workspace the client says it acts in (`x-tenant-id`): when given, it must be the credential's own. */
  tenantId?: unknown;
  /** The client's `Idempotency-Key` (a REST header, or MCP `_meta["svc-hr/idempotency-key"]`). */
  idempotencyKey?: unknown;
  /** The agent run making the call (surface `agent`). */
  runId?: string;
}

/** The answer of one call. A failure carries what was thrown; `appError` is its contract error when it has one. */
export type Invocation =
  | { ok: true; value: unknown; auditId?: string; replayed: boolean }
  | { ok: false; error: unknown; appError?: AppError; auditId?: string };

/** The credential kinds a surface takes: MCP is for personal access tokens (api/mcpRoute.ts says so first). */
function credentialsOf(op: Operation, surface: Surface) {
  return surface === 'mcp' ? (['personal_access_token'] as const) : op.credentials;
}

/** An `envelope` answer is the output schema's view of the value (unknown keys dropped); other kinds pass as they are. */
function answerOf(op: Operation, value: unknown): unknown {
  return (op.response ?? 'envelope') === 'envelope' ? op.output.parse(value) : value;
}

/**
 * Runs one call of a registry operation, the same way for every surface (REST, MCP, the agent's tools):
 *   x-tenant-id → scope and credential kind → (upload) → validate → idempotency → handler → output, audited.
 * A rule added here holds on every surface at once. Public operations (REST only) skip the actor's steps.
 * The call's failures come back in the Invocation, which the surface renders in its own shape; only an audit record
 * that cannot be written is thrown (the surface answers 500 or 503 for it, as for any failure of its own).
 */
export async function invoke(
  invoker: Invoker,
  op: Operation,
  actor: Actor | undefined,
  call: Call,
): Promise<Invocation> {
  const { deps, openapi } = invoker;
  const context = (who?: Actor, prisma = deps.prisma) =>
    createOperationContext({
      deps: prisma === deps.prisma ? deps : { ...deps, prisma },
      openapi,
      requestId: call.requestId,
      log: call.log,
      ...(call.clientAddress === undefined ? {} : { clientAddress: call.clientAddress }),
      ...(call.origin === undefined ? {} : { origin: call.origin }),
      ...(who ? { actor: who } : {}),
    });

  if (op.access === 'public') {
    if (call.surface !== 'rest') return failed(new AppError('forbidden', 'Not a tool'));
    let value: unknown;
    try {
      value = await op.handler(context(), parseOperationInput(op, call.request));
    } catch (err) {
      return failed(err);
    }
    // A public call that made someone known (an invitation accepted) is recorded as them; one that did not has
    // no workspace whose trail could hold it.
    if (!op.auditedAs) return { ok: true, value: answerOf(op, value), replayed: false };
    const auditId = await recordCall(deps, {
      who: op.auditedAs(value),
      op,
      request: { id: call.requestId, params: call.request.params, query: call.request.query, body: call.request.body },
      surface: call.surface,
      outcome: 'success',
    });
    return { ok: true, value: answerOf(op, value), replayed: false, auditId };
  }
  if (!actor) return failed(new AppError('unauthorized', 'This operation needs a credential'));
  // Before anything is recorded: a client that meant another workspace learns it at once.
  if (call.tenantId !== undefined) {
    const tenantId = tenantIdOf(call.tenantId);
    if (tenantId === undefined) return failed(notAWorkspaceId());
    if (tenantId !== actor.tenant.id) {
      return failed(new AppError('forbidden', "x-tenant-id does not name this credential's workspace"));
    }
  }

  let request = call.request;
  let upload: StagedUpload | undefined;
  let outcome: Invocation;
  try {
    requireAccess(actor, op.access, credentialsOf(op, call.surface));
    if (call.receiveUpload) {
      upload = await call.receiveUpload();
      // What identifies the upload, for the idempotency fingerprint and the audit record: never the bytes.
      request = {
        ...request,
        body: { filename: upload.filename, contentType: upload.contentType, sha256: upload.sha256 },
      };
    }
    const input = parseOperationInput(op, upload ? { ...request, upload } : request);
    // Under an Idempotency-Key the handler runs on a client that marks its writes (operations/idempotentWrites.ts).
    const execute = (prisma = deps.prisma) => op.handler(context(actor, prisma), input);
    const ran = op.idempotent
      ? await withIdempotency(deps, actor, op, call.idempotencyKey, request, execute)
      : { value: await execute(), replayed: false };
    outcome = { ok: true, value: answerOf(op, ran.value), replayed: ran.replayed };
  } catch (err) {
    outcome = failed(err);
  } finally {
    // A no-op once the handler committed it; otherwise nothing of a failed upload stays behind.
    await upload?.discard();
  }

  // REST reads leave no record (the trail is of changes); every tool call is recorded, reads included.
  const audited = call.surface !== 'rest' || (op.audit ?? op.method !== 'GET');
  if (!audited) return outcome;
  const runId = call.runId ?? runIdOfCall(op, request.params, outcome.ok ? outcome.value : undefined);
  const auditId = await recordCall(deps, {
    who: identityOf(actor),
    op,
    // Only what the call named: never its headers (credentials) or an upload's bytes.
    request: { id: call.requestId, params: request.params, query: request.query, body: request.body },
    surface: call.surface,
    ...(outcome.ok ? { outcome: 'success' } : { outcome: 'failure', code: outcome.appError?.code ?? 'internal_error' }),
    runId,
  });
  return { ...outcome, auditId };
}

function failed(error: unknown): Invocation & { ok: false } {
  const appError = asAppError(error);
  return { ok: false, error, ...(appError ? { appError } : {}) };
}
