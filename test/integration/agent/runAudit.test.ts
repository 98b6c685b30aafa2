import type { RunView } from '../../../engines/agent/runView';
import type { Actor } from '../../../engines/access/actor';
import { authenticate } from '../../../engines/tokens/authenticate';
import { freeWorkingDay } from '../../support/leave';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * Each step of an agent run is in the audit trail, as list_agent_audit shows it to the run's user: every model call
 * (`agent_step`: the model, the step and the tools it chose, never the text), every action's request, decision,
 * start and finish, the tool call itself (its registry operation, surface `agent`), and how the workflow ended a run
 * it did not complete. Each record names the run, its user and the credential that started it.
 */
let kit: AgentKit;
let alice: Actor;

beforeAll(async () => {
  kit = await startAgentKit();
  alice = await authenticate(kit.db.prisma, await kit.token('alice'));
});

afterAll(async () => {
  await kit?.close();
});

interface Record {
  seq: number;
  userId: string | null;
  credentialId: string | null;
  credentialKind: string | null;
  surface: string;
  operation: string;
  arguments: { [key: string]: unknown };
  outcome: string;
  errorCode: string | null;
  requestId: string | null;
  runId: string | null;
}

/** The run's trail, oldest first, as alice lists it through the API (list_agent_audit with runId). */
async function trailOf(runId: string): Promise<Record[]> {
  const res = await kit.call('alice', 'GET', `/api/v1/agent/audit?runId=${runId}&limit=200`);
  expect(res.statusCode).toBe(200);
  const records = res.json<{ data: { records: Record[] } }>().data.records;
  expect(records.every((r) => r.runId === runId)).toBe(true);
  return records.sort((a, b) => a.seq - b.seq);
}

/** The records the agent wrote for the run (its steps and actions), oldest first. */
async function auditOf(runId: string): Promise<Record[]> {
  return (await trailOf(runId)).filter((r) => r.surface === 'agent');
}

const waitingForApproval = (run: RunView) =>
  run.status === 'requires_action' && run.requiredAction?.kind === 'approval';

async function bookingWaiting(days: number): Promise<{ day: string; runId: string; actionId: string }> {
  const day = await freeWorkingDay(kit.db.prisma, alice, days);
  const { runId } = await startConversation(kit, 'alice', `Book annual leave from ${day} to ${day} for a family trip`);
  const run = await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);
  const actionId = run.requiredAction?.kind === 'approval' ? run.requiredAction.actions[0]!.id : '';
  return { day, runId, actionId };
}

const approve = async (runId: string) =>
  expect(
    (await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' })).statusCode,
  ).toBe(200);

describe('the audit trail of an agent run', () => {
  it('records each step of an approved booking once, as the run’s user, without the conversation’s text', async () => {
    const { runId, actionId } = await bookingWaiting(60);
    await approve(runId);
    await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
    const reply = await kit.db.prisma.agentMessage.findFirstOrThrow({ where: { runId, role: 'assistant' } });

    const records = await auditOf(runId);
    expect(records.map((r) => [r.operation, r.outcome])).toEqual([
      ['agent_step', 'success'],
      ['agent_action_requested', 'success'],
      ['agent_action_decided', 'success'],
      ['agent_action_started', 'success'],
      ['create_leave_request', 'success'],
      ['agent_action_finished', 'success'],
      ['agent_step', 'success'],
    ]);
    for (const record of records) {
      expect(record).toMatchObject({
        surface: 'agent',
        userId: alice.user.id,
        credentialId: alice.credential.id,
        credentialKind: 'personal_access_token',
        errorCode: null,
      });
    }
    const [plan, requested, decided, started, call, finished, answer] = records;
    expect(plan!.arguments).toEqual({
      step: 1,
      model: 'builtin',
      outcome: 'tool_calls',
      tools: ['create_leave_request'],
    });
    expect(plan!.requestId).toBe(`${runId}:step:1`);
    expect(requested!.arguments).toMatchObject({ actionId, tool: 'create_leave_request', system: 'svc-hr' });
    expect(decided!.arguments).toEqual({ actionId, tool: 'create_leave_request', decision: 'approve' });
    expect(started!.arguments).toEqual({ actionId, tool: 'create_leave_request' });
    expect(call!.requestId).toBe(`${runId}:${actionId}`);
    expect(finished!.arguments).toEqual({ actionId, tool: 'create_leave_request', status: 'succeeded' });
    expect(answer!.arguments).toEqual({ step: 2, model: 'builtin', outcome: 'reply' });
    // People's calls on the run are in its trail too, in order: who started it and who approved, with what.
    const calls = (await trailOf(runId)).filter((r) => r.surface === 'rest');
    expect(calls.map((r) => [r.operation, r.userId, r.outcome])).toEqual([
      ['send_agent_message', alice.user.id, 'success'],
      ['decide_agent_run', alice.user.id, 'success'],
    ]);
    expect(calls[1]!.arguments).toMatchObject({ params: { id: runId }, body: { decision: 'approve' } });
    // The user's message and the model's reply are in the thread, not in the trail.
    const steps = JSON.stringify([plan, answer]);
    expect(steps).not.toContain('family trip');
    expect(steps).not.toContain(reply.text!.slice(0, 20));
  });

  it('records a declined action as decided and never started, and a call the engine refused as a failure', async () => {
    const declined = await bookingWaiting(62);
    expect(
      (
        await kit.call('alice', 'POST', `/api/v1/agent/runs/${declined.runId}/decisions`, {
          decision: 'reject',
          comment: 'not now',
        })
      ).statusCode,
    ).toBe(200);
    await kit.waitForRun('alice', declined.runId, 'completes', (r) => r.status === 'completed');
    const declinedOps = (await auditOf(declined.runId)).map((r) => r.operation);
    expect(declinedOps).toEqual(['agent_step', 'agent_action_requested', 'agent_action_decided', 'agent_step']);
    expect((await auditOf(declined.runId))[2]!.arguments).toMatchObject({ decision: 'reject' });

    // The day is booked meanwhile: the approved action's call fails with the engine's validation error.
    const refused = await bookingWaiting(64);
    const direct = await kit.call('alice', 'POST', '/api/v1/leave/requests', {
      start_date: refused.day,
      end_date: refused.day,
    });
    expect(direct.statusCode).toBe(201);
    await approve(refused.runId);
    await kit.waitForRun('alice', refused.runId, 'completes', (r) => r.status === 'completed');
    const records = await auditOf(refused.runId);
    const failed = records.filter((r) => r.outcome === 'failure');
    expect(failed.map((r) => [r.operation, r.errorCode])).toEqual([
      ['create_leave_request', 'validation_error'],
      ['agent_action_finished', 'validation_error'],
    ]);
    expect(failed[1]!.arguments).toMatchObject({ status: 'failed' });
  });

  it('records how the workflow ended a run it cancelled', async () => {
    const { runId } = await bookingWaiting(66);
    expect(
      (await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/cancel`, { reason: 'changed my mind' })).statusCode,
    ).toBe(200);
    await kit.waitForRun('alice', runId, 'is cancelled', (r) => r.status === 'cancelled');
    const records = await auditOf(runId);
    expect(records.map((r) => r.operation)).toEqual(['agent_step', 'agent_action_requested', 'agent_run_ended']);
    expect(records[2]).toMatchObject({
      outcome: 'success',
      arguments: { status: 'cancelled', code: 'cancelled' },
      requestId: `${runId}:end`,
    });
  });
});
