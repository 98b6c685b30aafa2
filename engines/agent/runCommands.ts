import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { decideActions, type Decision } from './actions';
import { requestCancel } from './cancelRun';
import { answerQuestion } from './questions';
import { notifyRun, type AgentRunPort, type RunPortFailureLog } from './runPort';
import { agentRunWords } from './runSummary';
import { agentRunWorkflowId, createRun, findOwnRun, lockRun, setRunStatus, type RunRow } from './runs';

/**
 * What a person's change to a run needs: the database, where it is committed first, and the port to the run's
 * workflow, told afterwards (absent where Temporal does not run). The leave engine does the same with its
 * approval port: the engine owns "commit, then tell Temporal", the operations only call it.
 */
export interface RunCommandDeps {
  prisma: PrismaClient;
  port: AgentRunPort | undefined;
  log: RunPortFailureLog & { error(obj: object, msg: string): void };
}

/**
 * A new run answering `message` in one of the actor's threads, with its workflow started. Without a port, 503
 * before anything is written; when the start fails, the run fails at once (nothing else would ever move it), so the
 * thread is free for a retry, and the caller gets 503.
 */
export async function startRun(
  deps: RunCommandDeps,
  actor: Actor,
  threadId: string,
  message: string,
  attachmentIds?: readonly string[],
): Promise<RunRow> {
  const { port } = deps;
  if (!port) throw new AppError('unavailable', 'Agent runs need Temporal, which this process does not reach');
  const run = await createRun(deps.prisma, actor, threadId, message, attachmentIds);
  // The run in words for the operators' view of its workflow; a failure to read them leaves the ids.
  const words = await agentRunWords(deps.prisma, run, actor.user.name);
  try {
    await port.start({
      tenantId: run.tenantId,
      runId: run.id,
      threadId: run.threadId,
      userId: run.userId,
      workflowId: run.workflowId,
      words,
    });
  } catch (err) {
    deps.log.error({ err, runId: run.id }, 'agent run workflow not started');
    await deps.prisma.$transaction(async (tx) =>
      setRunStatus(tx, await lockRun(tx, run.id), 'failed', {
        error: { code: 'unavailable', message: 'The run could not be started' },
      }),
    );
    throw new AppError('unavailable', 'The run could not be started; try again');
  }
  return run;
}

/** Decides one pending action (`actionId`) or all of them, then tells the workflow; answers the run. */
export async function decideRun(
  deps: RunCommandDeps,
  actor: Actor,
  runId: string,
  decision: { decision: Decision; comment?: string | undefined; actionId?: string | undefined },
): Promise<RunRow> {
  const decided = await decideActions(deps.prisma, actor, runId, decision);
  const ids = decided.map((action) => action.id);
  // The workflow is told at once, while the run is read back for the answer: the signal is what the run waits for.
  // Its id is the one the run was created with (createRun): the actor's workspace and the run's id, lower case.
  const workflow = { workflowId: agentRunWorkflowId(actor.tenant.id, runId.toLowerCase()) };
  const [run] = await Promise.all([
    findOwnRun(deps.prisma, actor, runId),
    deps.port ? notifyRun(deps.log, workflow, () => deps.port!.actionsDecided(workflow, ids)) : undefined,
  ]);
  return run;
}

/** Answers the run's open question, then tells the workflow; answers the run. */
export async function answerRun(deps: RunCommandDeps, actor: Actor, runId: string, answer: string): Promise<RunRow> {
  const { questionId } = await answerQuestion(deps.prisma, actor, runId, answer);
  const run = await findOwnRun(deps.prisma, actor, runId);
  if (deps.port) await notifyRun(deps.log, run, () => deps.port!.answered(run, questionId));
  return run;
}

/** Asks the run to cancel (it becomes `cancelling`), then tells the workflow; answers the run. */
export async function cancelRun(
  deps: RunCommandDeps,
  actor: Actor,
  runId: string,
  reason: string | undefined,
): Promise<RunRow> {
  const run = await requestCancel(deps.prisma, actor, runId, reason);
  if (deps.port) await notifyRun(deps.log, run, () => deps.port!.cancelRequested(run, reason));
  return run;
}
