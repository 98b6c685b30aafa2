import type { Db } from '../../db/handle';
import type { AgentAction, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { createPendingActions, finishAction, markExecuting, type ActionRow, type PlannedWrite } from './actions';
import { appendRunEvent } from './events';
import { appendMessage } from './messages';
import { lockRun, setRequiresAction, type RunRow } from './runs';
import { requiredActionView } from './runView';

/** What a tool call gave back to the model: the REST answer's data, or the REST error body. */
export interface ToolOutcome {
  ok: boolean;
  result: unknown;
}

/**
 * The steps of a run's tool calls, each one transaction on the locked run, so that a retried activity finds what
 * the first attempt committed and does nothing twice. The activities (activities/agent/actionSteps.ts, outbound.ts)
 * decide what to call; these record it.
 */

/** Has the run's thread a result for this tool call already? */
export async function hasToolResult(db: Db, runId: string, toolCallId: string): Promise<boolean> {
  const results = await db.agentMessage.findMany({ where: { runId, role: 'tool' }, select: { data: true } });
  return results.some((m) => (m.data as { toolCallId?: string } | null)?.toolCallId === toolCallId);
}

/** Records a tool call's outcome as a `tool` message of the thread, with its `message.completed` event. */
export async function recordToolResult(
  prisma: PrismaClient,
  runId: string,
  call: { id: string; tool: string },
  outcome: ToolOutcome,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    const message = await appendMessage(tx, { ...run, runId: run.id }, 'tool', {
      data: { toolCallId: call.id, tool: call.tool, ok: outcome.ok, result: outcome.result, ...extra },
    });
    await appendRunEvent(tx, run, 'message.completed', { messageId: message.id, role: 'tool', toolCallId: call.id });
  });
}

/**
 * Turns planned writes into pending actions and marks the run `requires_action` (kind approval); answers the action
 * ids. `describe` says what the approver is shown, read in the same transaction. A run being cancelled (its
 * workflow did not hear of it: the signal lost) asks for nothing and answers no ids: the workflow, with nothing to
 * wait for, plans its next step, which ends the run cancelled (planStep.ts).
 */
export async function requestApproval(
  prisma: PrismaClient,
  runId: string,
  describe: (db: Db) => Promise<PlannedWrite[]>,
): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.status === 'cancelling') return [];
    const actions = await createPendingActions(tx, run, await describe(tx));
    const actionIds = actions.map((a) => a.id);
    const stored = { kind: 'approval' as const, actionIds };
    await setRequiresAction(tx, run, stored, await requiredActionView(tx, { ...run, requiredAction: stored }));
    return actionIds;
  });
}

/** Marks an approved action `executing`, before its call is made (so a retry knows a call may have happened). */
export async function beginAction(prisma: PrismaClient, runId: string, actionId: string): Promise<ActionRow> {
  return prisma.$transaction(async (tx) => markExecuting(tx, await lockRun(tx, runId), actionId));
}

/**
 * Records the end of an approved or executing action once: `succeeded` or `failed` with its event, and the tool
 * message for the model. Answers the action, or undefined when it had already ended (a retry: nothing is written).
 * `andThen` runs last in the same transaction, on the locked run (the next step's start, settleThenPlan.ts), so that
 * the end of the action and what follows it cost one transaction, not two; it does not run on a retry.
 */
export async function completeAction(
  prisma: PrismaClient,
  runId: string,
  actionId: string,
  outcome: ToolOutcome,
  andThen?: (tx: Prisma.TransactionClient, run: RunRow) => Promise<void>,
): Promise<AgentAction | undefined> {
  return prisma.$transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    const row = await finishAction(tx, run, actionId, outcome);
    if (!row) return undefined;
    const message = await appendMessage(tx, { ...run, runId: run.id }, 'tool', {
      data: { toolCallId: row.toolCallId, tool: row.tool, ok: outcome.ok, result: outcome.result, actionId: row.id },
    });
    await appendRunEvent(tx, run, 'message.completed', {
      messageId: message.id,
      role: 'tool',
      toolCallId: row.toolCallId,
    });
    await andThen?.(tx, run);
    return row;
  });
}
