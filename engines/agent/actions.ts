import { randomUUID } from 'node:crypto';
import type { AgentAction, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { appendRunEvent } from './events';
import { lockOwnRun, type RunRow, type StoredRequiredAction } from './runs';
import { auditRunStep, resultErrorCode } from './stepAudit';
import type { Db } from '../../db/handle';

export interface ActionRow {
  id: string;
  runId: string;
  toolCallId: string;
  tool: string;
  system: string;
  description: string;
  arguments: unknown;
  status: string;
  comment: string | null;
  result: unknown;
  idempotencyKey: string;
  updatedAt: Date;
}

/** An action as get_agent_run's requiredAction lists it. */
export interface ActionView {
  id: string;
  tool: string;
  system: string;
  description: string;
  arguments: Record<string, unknown>;
  status: string;
  comment?: string;
}

export function toActionView(row: ActionRow): ActionView {
  return {
    id: row.id,
    tool: row.tool,
    system: row.system,
    description: row.description,
    arguments: (row.arguments ?? {}) as Record<string, unknown>,
    status: row.status,
    ...(row.comment ? { comment: row.comment } : {}),
  };
}

/** A write the model planned, as it becomes an action. */
export interface PlannedWrite {
  toolCallId: string;
  tool: string;
  system: string;
  description: string;
  arguments: Record<string, unknown>;
}

/**
 * Creates a pending action per planned write of a locked run, writing `action.requested` for each. A retried
 * activity finds the actions it created before (one per run and tool call) and creates nothing twice.
 * Each action's idempotency key is `<runId>:<actionId>`, so a retried execution sends the same key.
 */
export async function createPendingActions(
  tx: Prisma.TransactionClient,
  run: RunRow,
  writes: readonly PlannedWrite[],
): Promise<ActionRow[]> {
  const rows: ActionRow[] = [];
  for (const write of writes) {
    const existing = await tx.agentAction.findUnique({
      where: { runId_toolCallId: { runId: run.id, toolCallId: write.toolCallId } },
    });
    if (existing) {
      rows.push(existing);
      continue;
    }
    const id = randomUUID();
    const row = await tx.agentAction.create({
      data: {
        id,
        tenantId: run.tenantId,
        runId: run.id,
        toolCallId: write.toolCallId,
        tool: write.tool,
        system: write.system,
        description: write.description,
        arguments: write.arguments as Prisma.InputJsonValue,
        status: 'pending',
        idempotencyKey: `${run.id}:${id}`,
      },
    });
    await appendRunEvent(tx, run, 'action.requested', { action: toActionView(row) });
    await auditRunStep(tx, run, {
      operation: 'agent_action_requested',
      arguments: { actionId: row.id, tool: row.tool, system: row.system, arguments: write.arguments },
      requestId: row.idempotencyKey,
    });
    rows.push(row);
  }
  return rows;
}

/** The actions of a run by id, in the order given. */
export async function findActions(db: Db, runId: string, ids: readonly string[]): Promise<ActionRow[]> {
  const rows = await db.agentAction.findMany({ where: { runId, id: { in: [...ids] } } });
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

export type Decision = 'approve' | 'reject';

/**
 * The run's user decides pending actions of their own run (the pipeline has checked agent:approve): `actionId`
 * one, or every pending action when absent. 404 for another user's run or an unknown action; 409 `conflict` when
 * the run is not waiting for an approval or the action was already decided. Answers the decided actions.
 */
export async function decideActions(
  prisma: PrismaClient,
  actor: Actor,
  runId: string,
  decision: { decision: Decision; comment?: string | undefined; actionId?: string | undefined },
): Promise<ActionView[]> {
  return prisma.$transaction(async (tx) => {
    const run = await lockOwnRun(tx, actor, runId);
    const required = run.requiredAction as StoredRequiredAction | null;
    if (run.status !== 'requires_action' || required?.kind !== 'approval') {
      throw new AppError('conflict', `The run is ${run.status}, not waiting for an approval`);
    }
    const actions = await findActions(tx, run.id, required.actionIds);
    let targets = actions.filter((a) => a.status === 'pending');
    if (decision.actionId !== undefined) {
      const action = actions.find((a) => a.id === decision.actionId);
      if (!action) throw new AppError('not_found', 'No such action in this run');
      if (action.status !== 'pending') throw new AppError('conflict', `The action was already ${action.status}`);
      targets = [action];
    }
    if (targets.length === 0) throw new AppError('conflict', 'No action of this run is pending');
    const status = decision.decision === 'approve' ? 'approved' : 'rejected';
    const decided: ActionView[] = [];
    for (const action of targets) {
      const row = await tx.agentAction.update({
        where: { id: action.id },
        data: { status, decidedByUserId: actor.user.id, decidedAt: new Date(), comment: decision.comment ?? null },
      });
      await appendRunEvent(tx, run, 'action.decided', { action: toActionView(row), decision: decision.decision });
      await auditRunStep(tx, run, {
        operation: 'agent_action_decided',
        arguments: { actionId: row.id, tool: row.tool, decision: decision.decision },
        requestId: row.idempotencyKey,
        by: { userId: actor.user.id, credentialId: actor.credential.id, credentialKind: actor.credential.kind },
      });
      decided.push(toActionView(row));
    }
    return decided;
  });
}

/** Marks an approved action `executing` (writing `action.executing`); its updatedAt then tells when it began. */
export async function markExecuting(tx: Prisma.TransactionClient, run: RunRow, actionId: string): Promise<ActionRow> {
  const row = await tx.agentAction.update({ where: { id: actionId }, data: { status: 'executing' } });
  await appendRunEvent(tx, run, 'action.executing', { action: toActionView(row) });
  await auditRunStep(tx, run, {
    operation: 'agent_action_started',
    arguments: { actionId: row.id, tool: row.tool },
    requestId: row.idempotencyKey,
  });
  return row;
}

/**
 * Records the outcome of an action still `approved` or `executing` with its result or error (`action.succeeded` or
 * `action.failed`), and answers it; answers undefined, writing nothing, when it had ended already (a retry). The
 * status check and the write are one statement.
 */
export async function finishAction(
  tx: Prisma.TransactionClient,
  run: RunRow,
  actionId: string,
  outcome: { ok: boolean; result: unknown },
): Promise<AgentAction | undefined> {
  const [row] = await tx.agentAction.updateManyAndReturn({
    where: { id: actionId, status: { in: ['approved', 'executing'] } },
    data: outcome.ok
      ? { status: 'succeeded', result: outcome.result as Prisma.InputJsonValue }
      : { status: 'failed', error: outcome.result as Prisma.InputJsonValue },
  });
  if (!row) return undefined;
  await appendRunEvent(tx, run, outcome.ok ? 'action.succeeded' : 'action.failed', {
    action: toActionView(row),
    result: outcome.result,
  });
  await auditRunStep(tx, run, {
    operation: 'agent_action_finished',
    arguments: { actionId: row.id, tool: row.tool, status: row.status },
    outcome: outcome.ok ? 'success' : 'failure',
    errorCode: outcome.ok ? undefined : resultErrorCode(outcome.result),
    requestId: row.idempotencyKey,
  });
  return row;
}

/** Closes every still pending action of a locked run as `cancelled` or `expired` (the run is ending). */
export async function closePendingActions(
  tx: Prisma.TransactionClient,
  run: RunRow,
  status: 'cancelled' | 'expired',
): Promise<void> {
  await tx.agentAction.updateMany({
    where: { runId: run.id, status: { in: ['pending', 'approved'] } },
    data: { status },
  });
}
