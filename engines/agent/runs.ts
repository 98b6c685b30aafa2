import { randomUUID } from 'node:crypto';
import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { findOwnAttachments, linkMessageAttachments } from '../attachments/attachments';
import { appendRunEvent } from './events';
import { appendMessage } from './messages';
import { terminalRunStatuses, type RunStatus } from './runStates';
import { findOwnThread } from './threads';
import type { Db } from '../../db/handle';

/** The run row as the engine uses it. */
export interface RunRow {
  id: string;
  tenantId: string;
  threadId: string;
  userId: string;
  credentialId: string | null;
  scopes: string[];
  status: string;
  requiredAction: unknown;
  error: unknown;
  stepCount: number;
  workflowId: string;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

/** What a run waits for while `requires_action`, as stored: ids only, resolved to current views on read. */
export type StoredRequiredAction = { kind: 'approval'; actionIds: string[] } | { kind: 'question'; questionId: string };

/** The workflow id of a run (DESIGN.md section 5): one workflow per run, readable in the Temporal UI. */
export function agentRunWorkflowId(tenantId: string, runId: string): string {
  return `run/${tenantId}/${runId}`;
}

/**
 * Locks the run's row for the rest of the transaction and reads it. Every state change of a run (and every event
 * of it) happens under this lock, which serialises the run's writers: the API deciding, the workflow's activities.
 */
export async function lockRun(tx: Prisma.TransactionClient, runId: string): Promise<RunRow> {
  return lockRunWhere(tx, runId, Prisma.empty);
}

/**
 * lockRun for the actor's own run, or 404 (as findOwnRun): the API's decisions, answers and cancels check the owner
 * in the statement that locks, not in a read before their transaction. Another user's run is neither read nor locked.
 */
export async function lockOwnRun(tx: Prisma.TransactionClient, actor: Actor, runId: string): Promise<RunRow> {
  return lockRunWhere(
    tx,
    runId,
    Prisma.sql`AND tenant_id = ${actor.tenant.id}::uuid AND user_id = ${actor.user.id}::uuid`,
  );
}

async function lockRunWhere(tx: Prisma.TransactionClient, runId: string, owner: Prisma.Sql): Promise<RunRow> {
  // One statement locks and reads (a run's transactions each start here: four on an approved booking's way).
  const [run] = await tx.$queryRaw<RunRow[]>`
    SELECT id::text AS id, tenant_id::text AS "tenantId", thread_id::text AS "threadId", user_id::text AS "userId",
           credential_id::text AS "credentialId", scopes, status, required_action AS "requiredAction", error,
           step_count AS "stepCount", workflow_id AS "workflowId", created_at AS "createdAt",
           updated_at AS "updatedAt", completed_at AS "completedAt"
      FROM agent_runs WHERE id = ${runId}::uuid ${owner} FOR UPDATE`;
  if (!run) throw new AppError('not_found', 'No such run');
  return run;
}

/**
 * Starts a run for the actor's message in their own thread: stores the message and a `queued` run, in one
 * transaction, with the thread's row locked so that two sends cannot both pass the check. A thread has one active
 * run at a time: 409 `conflict` while another is not over. The run keeps the credential's scopes, and never uses more.
 */
export async function createRun(
  prisma: PrismaClient,
  actor: Actor,
  threadId: string,
  text: string,
  attachmentIds: readonly string[] = [],
): Promise<RunRow> {
  return prisma.$transaction(async (tx) => {
    const thread = await findOwnThread(tx, actor, threadId);
    // The message may reference only the sender's own attachments (404 for any other id, before anything is written).
    const attachments = await findOwnAttachments(tx, actor, attachmentIds);
    await tx.$queryRaw`SELECT id FROM agent_threads WHERE id = ${thread.id}::uuid FOR UPDATE`;
    const active = await tx.agentRun.findFirst({
      where: { threadId: thread.id, status: { notIn: [...terminalRunStatuses] } },
      select: { id: true, status: true },
    });
    if (active) {
      throw new AppError(
        'conflict',
        `Run ${active.id} of this thread is still ${active.status}; wait for it or cancel it`,
        {
          runId: active.id,
        },
      );
    }
    const id = randomUUID();
    const run = await tx.agentRun.create({
      data: {
        id,
        tenantId: actor.tenant.id,
        threadId: thread.id,
        userId: actor.user.id,
        credentialId: actor.credential.id,
        scopes: [...actor.credential.scopes],
        status: 'queued',
        workflowId: agentRunWorkflowId(actor.tenant.id, id),
      },
    });
    const message = await appendMessage(tx, { tenantId: run.tenantId, threadId: run.threadId, runId: run.id }, 'user', {
      text,
      ...(attachments.length > 0 ? { data: { attachmentIds: attachments.map((a) => a.id) } } : {}),
    });
    await linkMessageAttachments(tx, message.id, attachments);
    await appendRunEvent(tx, run, 'run.queued', { threadId: run.threadId, messageId: message.id });
    return run;
  });
}

/** The actor's own run, or 404 (a run is its user's alone, like its thread). */
export async function findOwnRun(db: Db, actor: Actor, runId: string): Promise<RunRow> {
  const run = await db.agentRun.findFirst({ where: { id: runId, tenantId: actor.tenant.id, userId: actor.user.id } });
  if (!run) throw new AppError('not_found', 'No such run');
  return run;
}

/** The runs of a thread, oldest first. */
export async function listThreadRuns(db: Db, threadId: string): Promise<RunRow[]> {
  return db.agentRun.findMany({ where: { threadId }, orderBy: { createdAt: 'asc' } });
}

/**
 * Moves a locked run to `status`, writing the matching `run.<status>` event. A terminal status stamps
 * `completedAt` and clears what the run waited for.
 */
export async function setRunStatus(
  tx: Prisma.TransactionClient,
  run: RunRow,
  status: Exclude<RunStatus, 'queued' | 'cancelling' | 'requires_action'>,
  extra: { error?: { code: string; message: string }; data?: Record<string, unknown> } = {},
): Promise<void> {
  const terminal = (terminalRunStatuses as readonly string[]).includes(status);
  await tx.agentRun.update({
    where: { id: run.id },
    data: {
      status,
      ...(terminal ? { completedAt: new Date() } : {}),
      requiredAction: Prisma.DbNull,
      ...(extra.error ? { error: extra.error } : {}),
    },
  });
  await appendRunEvent(tx, run, `run.${status}` as 'run.completed', {
    status,
    ...(extra.error ? { error: extra.error } : {}),
    ...extra.data,
  });
}

/**
 * Marks a locked run `requires_action`, waiting for `required`, and writes `run.requires_action` with its view. A
 * run being cancelled stays `cancelling`: its workflow may not have heard of the cancel yet (the signal lost with
 * Temporal down), and learns it from that status (readRunWaits, the reconciler's signal), which asking would
 * overwrite, leaving the run waiting for an approval nobody can give (bench/chaos, seed 50).
 */
export async function setRequiresAction(
  tx: Prisma.TransactionClient,
  run: RunRow,
  required: StoredRequiredAction,
  view: unknown,
): Promise<void> {
  if (run.status === 'cancelling') return;
  await tx.agentRun.update({
    where: { id: run.id },
    data: { status: 'requires_action', requiredAction: required as Prisma.InputJsonValue },
  });
  await appendRunEvent(tx, run, 'run.requires_action', { requiredAction: view });
}
