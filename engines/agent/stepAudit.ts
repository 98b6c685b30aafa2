import type { Prisma } from '../../db/models';
import { appendAuditRecord } from '../audit/append';
import type { RunRow } from './runs';

/**
 * The audit operations of an agent run's own steps, besides the tool calls (audited as their registry operation,
 * surface `agent`) and the REST calls that decide, answer or cancel (audited by the API):
 * - `agent_step`: one model call; arguments `{ step, model, outcome: reply | question | tool_calls, tools? }`;
 * - `agent_action_requested`, `agent_action_decided`, `agent_action_started`, `agent_action_finished`: an action's
 *   life, arguments `{ actionId, tool, ... }`; finished is a `failure` when the call failed, with its code;
 * - `agent_run_ended`: the workflow ended the run `cancelled`, `expired` or `failed` (a reply completes it in its
 *   `agent_step`).
 * Never the conversation's text: a step names its outcome and the tools it chose, not what was said.
 */
export type RunAuditOperation =
  | 'agent_step'
  | 'agent_action_requested'
  | 'agent_action_decided'
  | 'agent_action_started'
  | 'agent_action_finished'
  | 'agent_run_ended';

export interface RunAuditEntry {
  operation: RunAuditOperation;
  arguments: Record<string, unknown>;
  outcome?: 'success' | 'failure';
  errorCode?: string | undefined;
  /** What ties the record to the step: `<runId>:step:<n>`, or the action's idempotency key. */
  requestId: string;
  /** Who acted, when not the run acting as its user: the person who decided an action, with their credential. */
  by?: { userId: string; credentialId: string; credentialKind: string };
}

/**
 * Appends the audit record of a step in the caller's transaction, so the record exists exactly when the change it
 * records does (a retried activity that finds the change made writes neither twice). It names the run's user and
 * the credential that started the run, as the run's tool calls do. The sequencer chains it at its next sweep.
 */
export async function auditRunStep(tx: Prisma.TransactionClient, run: RunRow, entry: RunAuditEntry): Promise<void> {
  const credential = !entry.by && run.credentialId ? await credentialKindOf(tx, run.credentialId) : null;
  await appendAuditRecord(tx, {
    tenantId: run.tenantId,
    userId: entry.by?.userId ?? run.userId,
    credentialId: entry.by?.credentialId ?? run.credentialId,
    credentialKind: entry.by?.credentialKind ?? credential?.kind ?? null,
    surface: 'agent',
    operation: entry.operation,
    arguments: entry.arguments,
    outcome: entry.outcome ?? 'success',
    errorCode: entry.errorCode ?? null,
    requestId: entry.requestId,
    runId: run.id,
  });
}

// A credential's kind is fixed when it is made, so a process reads it once per credential, not once per record (a
// run writes several per step); bounded, as a long-lived worker sees many credentials.
const credentialKinds = new Map<string, string>();
const CREDENTIAL_KINDS_KEPT = 10_000;

async function credentialKindOf(tx: Prisma.TransactionClient, id: string): Promise<{ kind: string } | null> {
  const known = credentialKinds.get(id);
  if (known !== undefined) return { kind: known };
  const row = await tx.credential.findUnique({ where: { id }, select: { kind: true } });
  if (!row) return null;
  if (credentialKinds.size >= CREDENTIAL_KINDS_KEPT) credentialKinds.clear();
  credentialKinds.set(id, row.kind);
  return row;
}

/** The error code of a failed tool result (`{ error: { code } }`), for the record's errorCode. */
export function resultErrorCode(result: unknown): string | undefined {
  const code = (result as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}
