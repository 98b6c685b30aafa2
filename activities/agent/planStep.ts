import type { Prisma } from '../../db/models';
import type { Actor } from '../../engines/access/actor';
import { appendRunEvent } from '../../engines/agent/events';
import { appendMessage, listMessages, toModelMessages } from '../../engines/agent/messages';
import { attachmentsForModel } from '../../engines/attachments/attachmentText';
import { blobStoreFor } from '../../engines/blobs/blobStores';
import { askQuestion } from '../../engines/agent/questions';
import { loadRunActor } from '../../engines/agent/runActor';
import { lockRun, setRunStatus, type RunRow } from '../../engines/agent/runs';
import { auditRunStep, type RunAuditEntry } from '../../engines/agent/stepAudit';
import { tenantToday } from '../../engines/leave/tenantCalendar';
import type { AgentTool, ModelStep } from '../../model/types';
import { storeRunSummary } from './artifacts';
import type { AgentActivityDeps, PlannedCall, RunRef, StepOutcome } from './deps';
import { appendReplyDeltas, createDeltaWriter } from './replyDeltas';
import { outboundCatalogue, plannedKind } from './outboundCatalogue';
import { toolCatalogue } from './tools';
import { allOrFirstError } from '../../lib/allOrFirstError';

/**
 * One planning step of a run: the thread's conversation and the tools the run's user may use (role read now) go
 * to the model, and its answer is stored with the step's events in one transaction: a reply completes the run, a
 * question waits for the answer, tool calls go back to the workflow. A retried step whose answer was stored
 * answers what was stored, without asking the model again.
 */
export function createPlanStep(deps: AgentActivityDeps) {
  const { prisma, model } = deps;
  /**
   * `begun`: the step's start was written already, in the transaction that ended the action before it
   * (settleThenPlan.ts), on this run, whose actor that action has just loaded: neither is read again.
   */
  return async function planAgentStep(ref: RunRef & { step: number }, begun?: BegunStep): Promise<StepOutcome> {
    const run = begun?.run ?? (await prisma.agentRun.findUniqueOrThrow({ where: { id: ref.runId } }));
    if (!begun && run.stepCount >= ref.step) return recordedOutcome(deps, run, ref.step);
    // A cancel the workflow has not heard of (its signal lost): no model call for a run that ends here.
    if (!begun && run.status === 'cancelling') return cancelledOutcome(run);
    // The step's start is written while what the model reads is read beside it: none of those reads depends on it.
    const [, actor, outbound, { today, timeZone }, rows] = await allOrFirstError([
      begun ? Promise.resolve() : prisma.$transaction(async (tx) => beginStep(tx, await lockRun(tx, run.id), ref.step)),
      begun ? Promise.resolve(begun.actor) : loadRunActor(prisma, run),
      // The allow-listed MCP servers' tools (`mcp__<server>__<tool>`, always approved).
      outboundCatalogue(deps, run.tenantId),
      tenantToday(prisma, run.tenantId, deps.toolDeps.config.clock),
      listMessages(prisma, run.threadId),
    ] as const);
    // Our registry tools, then the MCP servers' tools.
    const tools = [...toolCatalogue(actor), ...outbound];
    const attachments = await attachmentsForModel(
      prisma,
      blobStoreFor(deps.toolDeps.config),
      rows.filter((row) => row.role === 'user').map((row) => row.id),
    );
    // A model that streams has its text written as `message.delta` events on the way (replyDeltas.ts).
    const deltas = createDeltaWriter(prisma, run.id, ref.step);
    const next = await model.next(
      {
        messages: toModelMessages(rows, attachments),
        tools,
        today,
        timeZone,
        user: { name: actor.user.name, role: actor.user.role },
      },
      { onTextDelta: (text) => deltas.push(text) },
    );
    await deltas.finish();
    // Stored before the run completes, so a client that sees `completed` finds the summary too.
    if (next.type === 'reply') await storeRunSummary(deps, run, next.text);
    return prisma.$transaction(async (tx) => {
      const locked = await lockRun(tx, run.id);
      // A reply that did not stream (the built-in model's) still reaches clients as deltas, a sentence or so each.
      if (next.type === 'reply' && !deltas.streamed) await appendReplyDeltas(tx, locked, ref.step, next.text);
      const outcome = await storeStep(tx, locked, ref.step, next, tools);
      await auditRunStep(tx, locked, stepAuditEntry(run.id, ref.step, model.name, next));
      await tx.agentRun.update({ where: { id: run.id }, data: { stepCount: ref.step } });
      await appendRunEvent(tx, locked, 'run.step.completed', { step: ref.step, type: next.type });
      // Cancelled while this step planned (the API answered 200 and `cancelling`): the cancel wins over the reply,
      // the question or the tool calls (kept in the thread, never run).
      if (locked.status === 'cancelling') return cancelledOutcome(locked);
      if (outcome.kind === 'completed') await setRunStatus(tx, locked, 'completed');
      return outcome;
    });
  };
}

/** A step whose start is written, on its run as locked then, with the actor its run acts as. */
export interface BegunStep {
  run: RunRow;
  actor: Actor;
}

/**
 * Writes the start of step `step` on a locked run: `queued → in_progress` at the first step, `requires_action →
 * in_progress` after an approval (the workflow asks for no separate activity since the `agent-local-steps` patch;
 * before it, these are no-ops), and `run.step.started`.
 */
export async function beginStep(tx: Prisma.TransactionClient, locked: RunRow, step: number): Promise<void> {
  if (locked.status === 'queued' || locked.status === 'requires_action') await setRunStatus(tx, locked, 'in_progress');
  await appendRunEvent(tx, locked, 'run.step.started', { step });
}

/** Whether step `step` is to be planned now: not when it was planned before (a retry) or the run is being cancelled. */
export function stepIsDue(run: Pick<RunRow, 'stepCount' | 'status'>, step: number): boolean {
  return run.stepCount < step && run.status !== 'cancelling';
}

async function storeStep(
  tx: Prisma.TransactionClient,
  run: RunRow,
  step: number,
  next: ModelStep,
  tools: readonly AgentTool[],
): Promise<StepOutcome> {
  const at = { tenantId: run.tenantId, threadId: run.threadId, runId: run.id };
  switch (next.type) {
    case 'reply': {
      const message = await appendMessage(tx, at, 'assistant', { text: next.text, data: { step } });
      await appendRunEvent(tx, run, 'message.completed', { messageId: message.id, role: 'assistant', text: next.text });
      return { kind: 'completed' };
    }
    case 'question': {
      const questionId = await askQuestion(tx, run, { text: next.text, choices: next.choices }, { step });
      return { kind: 'question', questionId };
    }
    case 'tool_calls': {
      // A tool the catalogue does not offer runs as a read, whose result tells the model it is not available.
      const calls: PlannedCall[] = next.calls.map((call) => ({ ...call, kind: plannedKind(call.tool, tools) }));
      const message = await appendMessage(tx, at, 'assistant_tool_calls', { text: next.text, data: { step, calls } });
      await appendRunEvent(tx, run, 'message.completed', {
        messageId: message.id,
        role: 'assistant_tool_calls',
        ...(next.text ? { text: next.text } : {}),
        calls,
      });
      return { kind: 'tools', calls };
    }
  }
}

function cancelledOutcome(run: RunRow): StepOutcome {
  const error = run.error as { message?: string } | null;
  return { kind: 'cancelled', reason: error?.message ?? 'Cancelled by the user' };
}

/** The outcome of a step that was stored before (its activity is being retried), read back from its message. */
async function recordedOutcome(deps: AgentActivityDeps, run: RunRow, step: number): Promise<StepOutcome> {
  if (run.status === 'cancelling') return cancelledOutcome(run);
  const messages = await deps.prisma.agentMessage.findMany({ where: { runId: run.id }, orderBy: { seq: 'desc' } });
  const message = messages.find((m) => (m.data as { step?: number } | null)?.step === step);
  const data = (message?.data ?? {}) as { questionId?: string; calls?: PlannedCall[] };
  if (message?.role === 'question' && data.questionId) return { kind: 'question', questionId: data.questionId };
  if (message?.role === 'assistant_tool_calls') return { kind: 'tools', calls: data.calls ?? [] };
  return { kind: 'completed' };
}

/** The audit record of one model call: the model, the step and what it chose (tool names), never the text. */
function stepAuditEntry(runId: string, step: number, model: string, next: ModelStep): RunAuditEntry {
  return {
    operation: 'agent_step',
    arguments: {
      step,
      model,
      outcome: next.type,
      ...(next.type === 'tool_calls' ? { tools: next.calls.map((call) => call.tool) } : {}),
    },
    requestId: `${runId}:step:${step}`,
  };
}
