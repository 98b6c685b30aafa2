import type { RunView } from '../../../engines/agent/runView';
import { addDays, dayOfWeek, type IsoDate } from '../../../engines/leave/dates';
import { nextFreeLeaveDay } from '../../support/leave';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * Follow-ups in one thread (issue 22, item 2) over the HTTP API, with the built-in model on a real worker and the test
 * Temporal server: a booking, then "make it Tuesday instead" (the new day requested and the booking cancelled, each
 * behind approval), then "cancel that". Each follow-up is a new run reading the thread's conversation.
 */
let kit: AgentKit;

beforeAll(async () => {
  kit = await startAgentKit();
});

afterAll(async () => {
  await kit?.close();
});

const waitingForApproval = (run: RunView) =>
  run.status === 'requires_action' && run.requiredAction?.kind === 'approval';
const completed = (run: RunView) => run.status === 'completed';

/** Approves every action of the run's step and waits for the run to complete; answers the approved actions. */
async function approveAll(runId: string): Promise<Array<[string, Record<string, unknown>]>> {
  const waiting = await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);
  const actions = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions : [];
  const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
  expect(decided.statusCode).toBe(200);
  await kit.waitForRun('alice', runId, 'completes', completed);
  return actions.map((a) => [a.tool, a.arguments]);
}

async function followUp(threadId: string, message: string): Promise<string> {
  const sent = await kit.call('alice', 'POST', `/api/v1/agent/threads/${threadId}/messages`, { message });
  expect(sent.statusCode).toBe(201);
  return sent.json<{ data: { runId: string } }>().data.runId;
}

async function alicesRequestsOn(day: IsoDate): Promise<Array<{ id: string; status: string }>> {
  const alice = await kit.db.prisma.employee.findFirstOrThrow({ where: { email: 'alice@acme.test' } });
  return kit.db.prisma.leaveRequest.findMany({
    where: { employeeId: alice.id, startDate: new Date(`${day}T00:00:00Z`) },
    select: { id: true, status: true },
  });
}

describe('follow-ups in a thread', () => {
  it('books a day, moves it to the Tuesday, then cancels that, each write approved', async () => {
    // A free Monday of the tests' calendar, and the Tuesday after it (free too: the days come one after another).
    let monday = await nextFreeLeaveDay(kit.db.prisma);
    while (dayOfWeek(monday) !== 1) monday = await nextFreeLeaveDay(kit.db.prisma);
    const tuesday = addDays(monday, 1);
    expect(await nextFreeLeaveDay(kit.db.prisma)).toBe(tuesday);

    const { threadId, runId } = await startConversation(kit, 'alice', `book unpaid leave on ${monday}`);
    expect(await approveAll(runId)).toEqual([
      ['create_leave_request', expect.objectContaining({ start_date: monday, policy: 'Unpaid leave' })],
    ]);
    const [booked] = await alicesRequestsOn(monday);
    expect(booked?.status).not.toBe('CANCELLED');

    const changed = await followUp(threadId, 'make it Tuesday instead');
    expect(await approveAll(changed)).toEqual([
      [
        'create_leave_request',
        expect.objectContaining({ start_date: tuesday, end_date: tuesday, policy: 'Unpaid leave' }),
      ],
      ['cancel_leave_request', { id: booked!.id }],
    ]);
    expect(await alicesRequestsOn(monday)).toEqual([{ id: booked!.id, status: 'CANCELLED' }]);
    const [moved] = await alicesRequestsOn(tuesday);
    expect(moved?.status).not.toBe('CANCELLED');

    const cancelled = await followUp(threadId, 'cancel that');
    expect(await approveAll(cancelled)).toEqual([['cancel_leave_request', { id: moved!.id }]]);
    expect(await alicesRequestsOn(tuesday)).toEqual([{ id: moved!.id, status: 'CANCELLED' }]);
  });

  it('after a run cancelled at its approval, "cancel that" says nothing was booked', async () => {
    const day = await nextFreeLeaveDay(kit.db.prisma);
    const { threadId, runId } = await startConversation(kit, 'alice', `book unpaid leave on ${day}`);
    await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);
    const cancel = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/cancel`, {});
    expect(cancel.statusCode).toBeLessThan(300);
    await kit.waitForRun('alice', runId, 'is cancelled', (run) => run.status === 'cancelled');

    // The booking's call has no result in the thread; the next run reads it as not run.
    const next = await followUp(threadId, 'cancel that');
    await kit.waitForRun('alice', next, 'completes', completed);
    const thread = await kit.call('alice', 'GET', `/api/v1/agent/threads/${threadId}`);
    const messages = thread.json<{ data: { messages: Array<{ role: string; text?: string }> } }>().data.messages;
    expect(messages[messages.length - 1]).toMatchObject({
      role: 'assistant',
      text: 'That booking was not made, so there is nothing to cancel.',
    });
    expect(await alicesRequestsOn(day)).toEqual([]);
  });
});
