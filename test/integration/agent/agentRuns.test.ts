import { leaveDaysText } from '../../../engines/leave/leaveSummary';
import type { RunView } from '../../../engines/agent/runView';
import { decideActions } from '../../../engines/agent/actions';
import { authenticate } from '../../../engines/tokens/authenticate';
import { freeWorkingDay } from '../../support/leave';
import { replayRunHistory, startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * Agent runs as a user drives them over the API: a real worker runs the agentRun workflow with the built-in model
 * on the test Temporal server, against the real database; nothing of ours is mocked.
 */
let kit: AgentKit;
const since = new Date();

beforeAll(async () => {
  // A short recheck, so that the test of a lost signal does not wait five minutes.
  kit = await startAgentKit({ env: { SVC_HR_AGENT_RECHECK_AFTER: '500ms' } });
});

afterAll(async () => {
  await kit?.close();
});

const waitingForApproval = (run: RunView) =>
  run.status === 'requires_action' && run.requiredAction?.kind === 'approval';

/** A free working day for alice at least `days` ahead, and a booking message for it. */
async function bookingFor(days: number): Promise<{ day: string; message: string }> {
  const alice = await authenticate(kit.db.prisma, await kit.token('alice'));
  const day = await freeWorkingDay(kit.db.prisma, alice, days);
  return { day, message: `Book annual leave from ${day} to ${day} for a family trip` };
}

/** Alice's requests on `day` made by these tests (the demo seed has cancelled requests of its own on some days). */
async function leaveRequestsOn(day: string) {
  const alice = await authenticate(kit.db.prisma, await kit.token('alice'));
  return kit.db.prisma.leaveRequest.findMany({
    where: { employeeId: alice.employee?.id, startDate: new Date(`${day}T00:00:00Z`), createdAt: { gte: since } },
  });
}

describe('agent runs through the API', () => {
  it('asks for approval of create_leave_request with the dates and reason of the message', async () => {
    const { day, message } = await bookingFor(20);
    const { runId } = await startConversation(kit, 'alice', message);
    const run = await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);
    expect(run.requiredAction).toEqual({
      kind: 'approval',
      actions: [
        expect.objectContaining({
          tool: 'create_leave_request',
          system: 'svc-hr',
          status: 'pending',
          arguments: expect.objectContaining({ start_date: day, reason: 'family trip' }),
          // The card speaks to the person in words, not in the tool's terms.
          description: expect.stringContaining(`leave for Alice Anders, ${leaveDaysText(day, day)}, 1 working day`),
        }),
      ],
    });
    // A single day may be planned without end_date (the single day start_date).
    const args = run.requiredAction?.kind === 'approval' ? run.requiredAction.actions[0]?.arguments : undefined;
    expect(args?.end_date ?? day).toBe(day);
    expect(await leaveRequestsOn(day)).toHaveLength(0);
    await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/cancel`, {});
  });

  it('creates the leave request once when the action is approved, routed to the manager, and completes with a reply', async () => {
    const { day, message } = await bookingFor(30);
    const { threadId, runId } = await startConversation(kit, 'alice', message);
    const waiting = await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);
    const actionId = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions[0]?.id : undefined;

    const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/actions/${actionId}/decisions`, {
      decision: 'approve',
      comment: 'go ahead',
    });
    expect(decided.statusCode).toBe(200);
    const done = await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
    expect(done.completedAt).toBeDefined();

    const requests = await leaveRequestsOn(day);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: 'PENDING', routedTo: 'MANAGER' });
    const action = await kit.db.prisma.agentAction.findUniqueOrThrow({ where: { id: actionId } });
    expect(action).toMatchObject({ status: 'succeeded', idempotencyKey: `${runId}:${actionId}` });

    const thread = await kit.call('alice', 'GET', `/api/v1/agent/threads/${threadId}`);
    const messages = thread.json<{ data: { messages: Array<{ role: string; text?: string }> } }>().data.messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant_tool_calls', 'tool', 'assistant']);
    expect(messages[3]?.text).toBeTruthy();

    // The run's history replays against the workflow code (and is kept as a fixture with SVC_HR_RECORD_HISTORIES=1).
    await replayRunHistory(kit, runId, 'agentRun-booking-approved');
  });

  it('writes nothing when the action is rejected, and tells the model it was declined', async () => {
    const { day, message } = await bookingFor(40);
    const { threadId, runId } = await startConversation(kit, 'alice', message);
    await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);

    const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'reject' });
    expect(decided.statusCode).toBe(200);
    await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');

    expect(await leaveRequestsOn(day)).toHaveLength(0);
    const tool = await kit.db.prisma.agentMessage.findFirstOrThrow({ where: { threadId, role: 'tool' } });
    expect(tool.data).toMatchObject({ ok: false, result: { error: { code: 'rejected_by_user' } } });
  });

  it('asks a question about an ambiguous message, and the answer resumes the run', async () => {
    const { day } = await bookingFor(50);
    const { runId } = await startConversation(kit, 'alice', 'I need some time off');
    const asked = await kit.waitForRun(
      'alice',
      runId,
      'asks a question',
      (r) => r.status === 'requires_action' && r.requiredAction?.kind === 'question',
    );
    expect(asked.requiredAction).toEqual({
      kind: 'question',
      question: expect.objectContaining({ text: expect.any(String) }),
    });

    const answered = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/answers`, {
      answer: `From ${day} to ${day}`,
    });
    expect(answered.statusCode).toBe(200);
    const next = await kit.waitForRun('alice', runId, 'moves on', (r) => r.requiredAction?.kind !== 'question');
    expect(['in_progress', 'requires_action', 'completed']).toContain(next.status);
    await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/cancel`, {});
  });

  it('ends cancelled with nothing written when cancelled during a pending approval', async () => {
    const { day, message } = await bookingFor(60);
    const { runId } = await startConversation(kit, 'alice', message);
    const waiting = await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);

    const cancelled = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/cancel`, {
      reason: 'changed my mind',
    });
    expect(cancelled.statusCode).toBe(200);
    const done = await kit.waitForRun('alice', runId, 'ends cancelled', (r) => r.status === 'cancelled');
    expect(done.error).toEqual({ code: 'cancelled', message: 'changed my mind' });

    expect(await leaveRequestsOn(day)).toHaveLength(0);
    const actionId = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions[0]?.id : undefined;
    const action = await kit.db.prisma.agentAction.findUniqueOrThrow({ where: { id: actionId } });
    expect(action.status).toBe('cancelled');
  });

  it('carries out a decision whose signal was lost, once the run rechecks the database', async () => {
    const { day, message } = await bookingFor(75);
    const { runId } = await startConversation(kit, 'alice', message);
    await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);

    // Committed as the API does, but the workflow is never signalled.
    const alice = await authenticate(kit.db.prisma, await kit.token('alice'));
    await decideActions(kit.db.prisma, alice, runId, { decision: 'approve' });
    await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
    expect(await leaveRequestsOn(day)).toHaveLength(1);
  });

  it('starts one run for two sends with the same Idempotency-Key', async () => {
    const { message } = await bookingFor(70);
    const thread = await kit.call('alice', 'POST', '/api/v1/agent/threads', { title: 'Twice' });
    const threadId = thread.json<{ data: { thread: { id: string } } }>().data.thread.id;
    const send = () =>
      kit.call(
        'alice',
        'POST',
        `/api/v1/agent/threads/${threadId}/messages`,
        { message },
        { 'idempotency-key': `send-${threadId}` },
      );
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await kit.db.prisma.agentRun.count({ where: { threadId } })).toBe(1);
    await kit.call(
      'alice',
      'POST',
      `/api/v1/agent/runs/${first.json<{ data: { runId: string } }>().data.runId}/cancel`,
      {},
    );
  });

  it('answers 409 conflict to a second message while the thread has an active run', async () => {
    const { message } = await bookingFor(80);
    const { threadId, runId } = await startConversation(kit, 'alice', message);
    const again = await kit.call('alice', 'POST', `/api/v1/agent/threads/${threadId}/messages`, { message });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict' } });
    await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/cancel`, {});
  });

  it("answers 404 to another user asking for someone's thread or run", async () => {
    const { message } = await bookingFor(90);
    const { threadId, runId } = await startConversation(kit, 'alice', message);
    await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);
    expect((await kit.call('bob', 'GET', `/api/v1/agent/threads/${threadId}`)).statusCode).toBe(404);
    expect((await kit.call('admin', 'GET', `/api/v1/agent/runs/${runId}`)).statusCode).toBe(404);
    expect(
      (await kit.call('bob', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' })).statusCode,
    ).toBe(404);
    expect((await kit.call('bob', 'POST', `/api/v1/agent/runs/${runId}/cancel`, {})).statusCode).toBe(404);
    expect((await kit.call('bob', 'POST', `/api/v1/agent/runs/${runId}/answers`, { answer: 'yes' })).statusCode).toBe(
      404,
    );
    // Nothing of theirs reached the run: it is still alice's, waiting for her decision.
    const run = await kit.call('alice', 'GET', `/api/v1/agent/runs/${runId}`);
    expect(waitingForApproval(run.json().data.run)).toBe(true);
    await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/cancel`, {});
  });
});
