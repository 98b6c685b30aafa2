import {
  condition,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setCurrentDetails,
  setHandler,
  TimeoutFailure,
  upsertSearchAttributes,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { PlannedCall, StepOutcome } from '../../activities/agent/deps';
import type { RunEnding } from '../../activities/agent/lifecycle';
import type { OutboundOutcome } from '../../activities/agent/outbound';
import type { CallConnectorTool } from '../../lib/connector/queue';
import { svcHrStatus } from '../searchAttributes';
import {
  actionDecidedSignal,
  answeredSignal,
  cancelRequestedSignal,
  type AgentRunInput,
  type AgentRunResult,
} from './messages';
import { AgentRunState } from './state';

// Each activity is a short transaction around one engine call; a database that is briefly down must not end a run,
// but a bug must not retry for ever either: after the attempts, the run fails with the reason. The activities
// heartbeat while they run (activities/agent/heartbeat.ts), so an attempt on a worker that died is retried after
// the heartbeat timeout, not the start-to-close one. (Activity options are not part of replay: the recorded
// histories in test/fixtures/histories replay unchanged.)
const options: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
};
// Local activities (run by the worker that holds the workflow task) have no heartbeat: the worker keeps the task alive.
const localOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
} as const;
// One proxy per activity, each with the summary an operator reads in the Temporal UI's event history.
const { planAgentStep } = proxyActivities<Activities>({
  ...options,
  startToCloseTimeout: '3 minutes',
  summary: 'Ask the model for the next step',
});
const { runReadTool } = proxyActivities<Activities>({ ...options, summary: 'Run a read tool as the run’s user' });
const { requestAgentActions } = proxyActivities<Activities>({ ...options, summary: 'Ask the user to approve writes' });
const { settleAgentAction } = proxyActivities<Activities>({ ...options, summary: 'Carry out a decided action' });
const { prepareOutboundCall } = proxyActivities<Activities>({
  ...options,
  summary: 'Check the approval of an outbound MCP call and route it',
});
const { recordOutboundOutcome } = proxyActivities<Activities>({
  ...options,
  summary: 'Record the outcome of an outbound MCP call',
});
const { beginAgentRun } = proxyActivities<Activities>({ ...options, summary: 'Mark the run in progress' });
const { resumeAgentRun } = proxyActivities<Activities>({ ...options, summary: 'Resume after the approval' });
const { endAgentRun } = proxyActivities<Activities>({ ...options, summary: 'End the run' });
// Runs started after the `agent-local-steps` patch take fewer round trips through the server: planAgentStep itself
// moves the run to `in_progress` (from `queued` at the start, from `requires_action` after an approval), so no
// beginAgentRun or resumeAgentRun activity (and no workflow task after it) stands between the start or the last
// action and the model; and the pending actions are written by a local activity on the worker that holds the
// workflow task, so `run.requires_action` is not held up by an activity task's schedule, dispatch and the
// workflow task after it. Runs recorded before (no marker) keep their activity tasks on replay.
const { requestAgentActions: requestAgentActionsLocally } = proxyLocalActivities<Activities>({
  ...localOptions,
  summary: 'Ask the user to approve writes',
});
const fewerRoundTrips = () => patched('agent-local-steps');
// Runs that reach an approved action after the `agent-local-settle` patch carry it out in a local activity too: the
// workflow task woken by the decision runs it and schedules the next planning step in the same completion, so no
// activity task and no workflow task after it stand between the decision and the model. Safe to retry as a whole
// (a local activity is re-run when its workflow task is): the action is marked `executing` before its call, and a
// retry looks for what the call did first (activities/agent/actionSteps.ts, executedEffect.ts). Runs that settled
// an action before the patch keep their activity task on replay.
const { settleAgentAction: settleAgentActionLocally } = proxyLocalActivities<Activities>({
  ...localOptions,
  summary: 'Carry out a decided action',
});
const settleLocally = () => patched('agent-local-settle');
// Runs of a model that answers in milliseconds (the built-in one: `input.localPlanning`), started after the
// `agent-local-plan` patch, plan and run their reads in local activities too: the workflow task that starts the run
// plans the step and writes the pending actions; the one woken by a decision carries the action out and plans the
// reply. No activity task's schedule, dispatch and following workflow task stands between a message or a decision
// and its event. A model that may take seconds (an AI SDK provider) keeps planning in activity tasks, which
// heartbeat. Runs without the flag, or recorded before the patch, keep their activity tasks on replay.
const { planAgentStep: planAgentStepLocally } = proxyLocalActivities<Activities>({
  ...localOptions,
  summary: 'Ask the model for the next step',
});
const { runReadTool: runReadToolLocally } = proxyLocalActivities<Activities>({
  ...localOptions,
  summary: 'Run a read tool as the run’s user',
});
const planLocally = (input: AgentRunInput) => input.localPlanning === true && patched('agent-local-plan');
// Such runs, after the `agent-settle-then-plan` patch, carry out the last decided action of a step and plan the next
// step in one local activity (activities/agent/settleThenPlan.ts): the hand-over between two local activities (the
// worker's completion, a workflow activation, the next schedule) no longer stands between the write and the reply.
// A cancel that arrives meanwhile is seen by the planning step, which reads the run first. Runs recorded before the
// patch keep their two local activities on replay.
const { settleThenPlanAgentStep: settleThenPlanLocally } = proxyLocalActivities<Activities>({
  ...localOptions,
  summary: 'Carry out a decided action, then ask the model for the next step',
});
const settleThenPlan = (input: AgentRunInput) => planLocally(input) && patched('agent-settle-then-plan');
const { readAgentRunWaits } = proxyActivities<Activities>({
  ...options,
  summary: 'Read the decisions, answer and cancel request from the database',
});

/**
 * Waits until `ready` holds (answers true) or `timeoutMs` passed (false). Every `recheckMs` it reads the run's
 * waits from the database into `state`: the API commits before it signals, so a lost signal costs minutes, not the
 * run.
 */
async function waitUntil(
  state: AgentRunState,
  ready: () => boolean,
  timeouts: { timeoutMs: number; recheckMs: number },
  summary: string,
  waits: { runId: string; actionIds?: string[]; questionId?: string },
): Promise<boolean> {
  const { timeoutMs, recheckMs } = timeouts;
  for (let remaining = timeoutMs; remaining > 0; remaining -= recheckMs) {
    if (await condition(ready, Math.min(remaining, recheckMs), { summary })) return true;
    const read = await readAgentRunWaits(waits);
    state.noteDecided(read.decided);
    if (read.answered && waits.questionId) state.noteAnswered(waits.questionId);
    if (read.cancel && !state.cancelRequested) state.requestCancel(read.cancel.reason);
    if (ready()) return true;
  }
  return false;
}

/**
 * One agent run (id `run/<tenant>/<run>`): plan a step with the model; a reply completes the run, a question waits
 * for the answer, read tools run at once, writes wait for the user's approval and then run (or are reported
 * declined), and the loop plans again. A cancel takes effect at the next safe point (never inside a write); a wait
 * that outlasts its timeout expires the run; more than `maxSteps` steps fail it. Every change is written by an
 * activity, in the database with its event, so the workflow itself keeps no state an operator cannot read.
 */
export async function agentRun(input: AgentRunInput): Promise<AgentRunResult> {
  const state = new AgentRunState();
  setHandler(actionDecidedSignal, ({ actionIds }) => state.noteDecided(actionIds));
  setHandler(answeredSignal, ({ questionId }) => state.noteAnswered(questionId));
  setHandler(cancelRequestedSignal, ({ reason }) => state.requestCancel(reason));
  const ref = { runId: input.runId };

  const show = (status: string, details: string) => {
    upsertSearchAttributes([{ key: svcHrStatus, value: status }]);
    setCurrentDetails(`${status}: ${details}`);
  };
  const end = async (ending: RunEnding): Promise<AgentRunResult> => {
    await endAgentRun({ ...ref, ...ending });
    show(ending.status, ending.error.message);
    return { status: ending.status };
  };

  try {
    if (!fewerRoundTrips()) await beginAgentRun(ref);
    // A step planned by the activity that carried out the last action (the `agent-settle-then-plan` patch).
    let planned: StepOutcome | undefined;
    for (let step = 1; ; step++) {
      let outcome: StepOutcome;
      if (planned) {
        // Already planned, after the checks below: the step ran as a fresh one would, and its outcome stands.
        outcome = planned;
        planned = undefined;
      } else {
        if (state.cancelRequested) return await end({ status: 'cancelled', error: state.cancelError });
        if (step > input.maxSteps) {
          const message = `The run reached its limit of ${input.maxSteps} planning steps`;
          return await end({ status: 'failed', error: { code: 'max_steps_exceeded', message } });
        }
        show('in_progress', `planning step ${step}`);
        outcome = await (planLocally(input) ? planAgentStepLocally : planAgentStep)({ ...ref, step });
      }
      // A reply whose step ended after a cancel request: the run ends cancelled (no new commands for runs that were
      // never cancelled mid-step, so recorded histories replay unchanged).
      if (outcome.kind === 'cancelled')
        return await end({ status: 'cancelled', error: { code: 'cancelled', message: outcome.reason } });
      if (outcome.kind === 'completed') {
        show('completed', 'replied');
        return { status: 'completed' };
      }
      if (outcome.kind === 'question') {
        show('requires_action', `waiting for the answer to question ${outcome.questionId}`);
        const woke = await waitUntil(
          state,
          () => state.isAnswered(outcome.questionId) || state.cancelRequested,
          { timeoutMs: input.questionTimeoutMs, recheckMs: input.recheckMs },
          'Wait for the user’s answer',
          { ...ref, questionId: outcome.questionId },
        );
        if (!woke)
          return await end({
            status: 'expired',
            error: { code: 'question_timeout', message: 'No answer came in time' },
          });
        continue;
      }
      const result = await runTools(outcome.calls, state, input, show, step + 1);
      if (result && 'ended' in result) return await end(result.ended);
      planned = result?.planned;
    }
  } catch (err) {
    // An activity that failed all its attempts: the run fails with the reason, rather than hanging.
    const message = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    return await end({ status: 'failed', error: { code: 'internal_error', message } });
  }
}

/**
 * Runs a step's tool calls: reads at once, then the writes after the user's decisions. Answers how the run ends
 * when it ends here (cancelled or expired while waiting), the next step's outcome when the activity that carried
 * out the last action planned it too, or undefined to plan the next step.
 */
async function runTools(
  calls: PlannedCall[],
  state: AgentRunState,
  input: AgentRunInput,
  show: (status: string, details: string) => void,
  nextStep: number,
): Promise<{ ended: RunEnding } | { planned: StepOutcome } | undefined> {
  const ref = { runId: input.runId };
  for (const call of calls.filter((c) => c.kind === 'read')) {
    show('in_progress', `reading ${call.tool}`);
    await (planLocally(input) ? runReadToolLocally : runReadTool)({ ...ref, call });
  }
  const writes = calls.filter((c) => c.kind !== 'read');
  if (writes.length === 0) return undefined;
  if (state.cancelRequested) return { ended: { status: 'cancelled', error: state.cancelError } };

  const request = { ...ref, calls: writes };
  const actionIds = await (fewerRoundTrips() ? requestAgentActionsLocally(request) : requestAgentActions(request));
  show(
    'requires_action',
    `waiting for approval of ${writes.map((w) => w.tool).join(', ')} (actions ${actionIds.join(', ')})`,
  );
  const woke = await waitUntil(
    state,
    () => state.allDecided(actionIds) || state.cancelRequested,
    { timeoutMs: input.approvalTimeoutMs, recheckMs: input.recheckMs },
    'Wait for the user’s decisions',
    { ...ref, actionIds },
  );
  if (!woke) {
    return { ended: { status: 'expired', error: { code: 'approval_timeout', message: 'No decision came in time' } } };
  }
  // Cancelled before anything ran: nothing is written.
  if (state.cancelRequested) return { ended: { status: 'cancelled', error: state.cancelError } };
  const outbound = writes.some((w) => w.kind === 'external');
  for (const [index, actionId] of actionIds.entries()) {
    show('in_progress', `carrying out action ${actionId}`);
    // Runs from before outbound MCP calls never take this path, so their histories replay as they were recorded.
    if (outbound && patched('outbound-connector-call')) await carryOutOutbound(input.runId, actionId);
    else if (index === actionIds.length - 1 && nextStep <= input.maxSteps && settleThenPlan(input)) {
      return { planned: await settleThenPlanLocally({ ...ref, actionId, step: nextStep }) };
    } else await (settleLocally() ? settleAgentActionLocally : settleAgentAction)({ ...ref, actionId });
  }
  if (!fewerRoundTrips()) await resumeAgentRun(ref);
  return undefined;
}

/**
 * Carries out a decided action of a step that holds outbound MCP calls. The approval is checked by an activity
 * (prepareOutboundCall, the gate); a call through a connector then runs on that connector's own task queue, polled
 * only by the API replica that holds its socket: a connector offline past `scheduleToStartTimeoutMs` fails the
 * action (reported to the model and as `action.failed`) and the run goes on. Everything else (URL servers, our
 * own tools, rejections) is carried out by settleAgentAction as before.
 */
async function carryOutOutbound(runId: string, actionId: string): Promise<void> {
  const route = await prepareOutboundCall({ runId, actionId });
  if (route.via === 'settle') {
    await settleAgentAction({ runId, actionId });
    return;
  }
  const { callConnectorTool } = proxyActivities<{ callConnectorTool: CallConnectorTool }>({
    taskQueue: route.taskQueue,
    scheduleToStartTimeout: route.scheduleToStartTimeoutMs,
    startToCloseTimeout: '2 minutes',
    // The hub's activity heartbeats while it waits for the connector: a replica that died mid-call is noticed soon.
    heartbeatTimeout: '10 seconds',
    retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 3 },
    summary: `Call ${route.call.tool} through connector ${route.call.connectorId}`,
  });
  let outcome: OutboundOutcome;
  try {
    outcome = { result: await callConnectorTool(route.call) };
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    const offline = cause instanceof TimeoutFailure && cause.timeoutType === 'SCHEDULE_TO_START';
    const message = offline
      ? `The connector is offline: it did not take the call within ${route.scheduleToStartTimeoutMs / 1000}s`
      : `The connector did not complete the call: ${cause instanceof Error ? cause.message : String(cause)}`;
    outcome = { failure: { code: 'unavailable', message } };
  }
  await recordOutboundOutcome({ runId, actionId, outcome });
}
