import type { Prisma } from '../../db/models';
import { appendRunEvent } from '../../engines/agent/events';
import { appendMessage, listMessages, toModelMessages } from '../../engines/agent/messages';
import { askQuestion } from '../../engines/agent/questions';
import { loadRunActor } from '../../engines/agent/runActor';
import { lockRun, setRunStatus, type RunRow } from '../../engines/agent/runs';
import { tenantToday } from '../../engines/leave/tenantCalendar';
import type { AgentTool, ModelStep } from '../../model/types';
import type { AgentActivityDeps, PlannedCall, RunRef, StepOutcome } from './deps';
import { toolCatalogue } from './tools';

/**
 * One planning step of a run: the thread's conversation and the tools the run's user may use (role read now) go
 * to the model, and its answer is stored with the step's events in one transaction: a reply completes the run, a
 * question waits for the answer, tool calls go back to the workflow. A retried step whose answer was stored
 * answers what was stored, without asking the model again.
 */
export function createPlanStep(deps: AgentActivityDeps) {
  const { prisma, model } = deps;
  return async function planAgentStep(ref: RunRef & { step: number }): Promise<StepOutcome> {
    const run = await prisma.agentRun.findUniqueOrThrow({ where: { id: ref.runId } });
    if (run.stepCount >= ref.step) return recordedOutcome(deps, run, ref.step);
    await prisma.$transaction(async (tx) =>
      appendRunEvent(tx, await lockRun(tx, run.id), 'run.step.started', { step: ref.step }),
    );

    const actor = await loadRunActor(prisma, run);
    const tools = toolCatalogue(actor);
    const { today, timeZone } = await tenantToday(prisma, run.tenantId);
    const next = await model.next({
      messages: toModelMessages(await listMessages(prisma, run.threadId)),
      tools,
      today,
      timeZone,
      user: { name: actor.user.name, role: actor.user.role },
    });
    return prisma.$transaction(async (tx) => {
      const locked = await lockRun(tx, run.id);
      const outcome = await storeStep(tx, locked, ref.step, next, tools);
      await tx.agentRun.update({ where: { id: run.id }, data: { stepCount: ref.step } });
      await appendRunEvent(tx, locked, 'run.step.completed', { step: ref.step, type: next.type });
      if (outcome.kind === 'completed') await setRunStatus(tx, locked, 'completed');
      return outcome;
    });
  };
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
      const calls: PlannedCall[] = next.calls.map((call) => ({
        ...call,
        kind: tools.find((t) => t.name === call.tool)?.kind ?? 'read',
      }));
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

/** The outcome of a step that was stored before (its activity is being retried), read back from its message. */
async function recordedOutcome(deps: AgentActivityDeps, run: RunRow, step: number): Promise<StepOutcome> {
  const messages = await deps.prisma.agentMessage.findMany({ where: { runId: run.id }, orderBy: { seq: 'desc' } });
  const message = messages.find((m) => (m.data as { step?: number } | null)?.step === step);
  const data = (message?.data ?? {}) as { questionId?: string; calls?: PlannedCall[] };
  if (message?.role === 'question' && data.questionId) return { kind: 'question', questionId: data.questionId };
  if (message?.role === 'assistant_tool_calls') return { kind: 'tools', calls: data.calls ?? [] };
  return { kind: 'completed' };
}
