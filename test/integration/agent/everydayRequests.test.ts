import { leaveDaysText } from '../../../engines/leave/leaveSummary';
import type { RunView } from '../../../engines/agent/runView';
import { addDays, dayOfWeek, type IsoDate } from '../../../engines/leave/dates';
import type { DemoKey } from '../../support/identity';
import { nextFreeLeaveDay, todayOf } from '../../support/leave';
import { replayRunHistory, startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * Issue 22's four everyday requests, made to the agent over the HTTP API: a real worker runs the agentRun workflow
 * with the built-in model on the test Temporal server, on the tests' calendar. Reads answer at once with the API's
 * own figures; writes (cancelling one's own request, deciding one waiting for you) wait for approval, as every write
 * of the agent does, and change the request only once approved.
 */
let kit: AgentKit;

beforeAll(async () => {
  kit = await startAgentKit();
});

afterAll(async () => {
  await kit?.close();
});

interface LeaveRequestBody {
  id: string;
  status: string;
  employee_name: string;
  start_date: string;
  end_date: string;
  total_days: number;
}

async function lastReply(who: DemoKey, threadId: string): Promise<string> {
  const thread = await kit.call(who, 'GET', `/api/v1/agent/threads/${threadId}`);
  const messages = thread.json<{ data: { messages: Array<{ role: string; text?: string }> } }>().data.messages;
  return messages[messages.length - 1]?.text ?? '';
}

/** Sends a follow-up in the same thread; answers the new run's id. */
async function followUp(who: DemoKey, threadId: string, message: string): Promise<string> {
  const sent = await kit.call(who, 'POST', `/api/v1/agent/threads/${threadId}/messages`, { message });
  expect(sent.statusCode).toBe(201);
  return sent.json<{ data: { runId: string } }>().data.runId;
}

const waitingForApproval = (run: RunView) =>
  run.status === 'requires_action' && run.requiredAction?.kind === 'approval';
const completed = (run: RunView) => run.status === 'completed';

async function leaveRequest(who: DemoKey, body: Record<string, unknown>): Promise<LeaveRequestBody> {
  const created = await kit.call(who, 'POST', '/api/v1/leave/requests', body);
  expect(created.statusCode).toBe(201);
  return created.json<{ data: LeaveRequestBody }>().data;
}

/** A leave request's status as stored (what the decision or cancel left). */
async function statusOf(id: string): Promise<string> {
  return (await kit.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id } })).status;
}

async function approvalsOf(who: DemoKey): Promise<LeaveRequestBody[]> {
  const read = await kit.call(who, 'GET', '/api/v1/leave/approvals');
  expect(read.statusCode).toBe(200);
  return read.json<{ data: { requests: LeaveRequestBody[] } }>().data.requests;
}

/** Empties the manager's inbox through the API (the demo data may leave requests waiting for them). */
async function clearApprovals(who: DemoKey): Promise<void> {
  for (const request of await approvalsOf(who)) {
    const decided = await kit.call(who, 'POST', `/api/v1/leave/requests/${request.id}/decision`, {
      decision: 'reject',
    });
    expect(decided.statusCode).toBe(200);
  }
  expect(await approvalsOf(who)).toEqual([]);
}

/** A PENDING unpaid-leave request of Carol's (routed to Sam Salazar, her manager), on a day of its own. */
async function carolAsksForADay(): Promise<LeaveRequestBody> {
  const request = await leaveRequest('carol', {
    start_date: await nextFreeLeaveDay(kit.db.prisma),
    policy: 'Unpaid leave',
  });
  expect(request.status).toBe('PENDING');
  return request;
}

describe('the agent on everyday requests', () => {
  it('answers how many days of annual leave are left with the balance the API reads', async () => {
    const { threadId, runId } = await startConversation(kit, 'alice', 'How many days of annual leave do I have left?');
    await kit.waitForRun('alice', runId, 'completes', completed);
    const read = await kit.call('alice', 'GET', '/api/v1/leave/balances');
    const { year, balances } = read.json<{
      data: { year: number; balances: { policy: string; remaining_days: number }[] };
    }>().data;
    const annual = balances.find((b) => b.policy === 'Annual leave')!;
    const reply = await lastReply('alice', threadId);
    expect(reply).toMatch(new RegExp(`^You have ${annual.remaining_days} days? of Annual leave left for ${year} \\(`));
    expect(reply).not.toMatch(/access|sorry/i);
    // A read-only run's history (planned and read in local activities since the agent-local-plan patch) replays.
    await replayRunHistory(kit, runId, 'agentRun-read-balance');
  });

  it('cancels the request covering 24 June after approval, and not before', async () => {
    // "24 June" is the next 24 June on the tests' calendar (today's when today is the 24th).
    const today = await todayOf(kit.db.prisma, 'alice');
    const year = Number(today.slice(0, 4));
    const june24: IsoDate = `${year}-06-24` >= today ? `${year}-06-24` : `${year + 1}-06-24`;
    // A request from the 23rd to the 25th always holds a working day, whatever weekday the 24th falls on.
    const start = june24 === today ? june24 : addDays(june24, -1);
    expect([0, 6].includes(dayOfWeek(start)) && [0, 6].includes(dayOfWeek(addDays(june24, 1)))).toBe(false);
    const request = await leaveRequest('alice', { start_date: start, end_date: addDays(june24, 1) });
    expect(request.status).toBe('PENDING');

    const { threadId, runId } = await startConversation(kit, 'alice', 'cancel my leave request for 24 June');
    const waiting = await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);
    const actions = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions : [];
    expect(actions.map((a) => [a.tool, a.arguments])).toEqual([['cancel_leave_request', { id: request.id }]]);
    // The card says what will happen in words: the request's own days and how many working days it holds.
    const days = `${leaveDaysText(start, addDays(june24, 1))}, ${request.total_days} working day`;
    expect(actions[0]?.description).toContain(`Cancel your annual leave, ${days}`);
    expect(await statusOf(request.id)).toBe('PENDING');

    const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    await kit.waitForRun('alice', runId, 'completes', completed);
    expect(await statusOf(request.id)).toBe('CANCELLED');
    expect(await lastReply('alice', threadId)).toMatch(/^I've cancelled your Annual leave .* It is now CANCELLED\.$/);
  });

  it('lists what waits for the manager, then approves it as the follow-up, after approval', async () => {
    await clearApprovals('salesManager');
    const request = await carolAsksForADay();

    const { threadId, runId } = await startConversation(kit, 'salesManager', 'what is waiting for my approval?');
    await kit.waitForRun('salesManager', runId, 'completes', completed);
    const listed = await lastReply('salesManager', threadId);
    expect(listed).toContain('Carol Chen');
    expect(listed).toContain('Unpaid leave');

    const approveRun = await followUp('salesManager', threadId, 'approve it');
    const waiting = await kit.waitForRun('salesManager', approveRun, 'waits for approval', waitingForApproval);
    const actions = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions : [];
    expect(actions.map((a) => [a.tool, a.arguments])).toEqual([
      ['decide_leave_request', { id: request.id, decision: 'approve' }],
    ]);
    // The approver's card names the person and the leave, not an id.
    expect(actions[0]?.description).toMatch(
      /^Approve Carol Chen's unpaid leave, \w{3} \d{1,2} \w{3} \d{4}, 1 working day$/,
    );
    expect(await statusOf(request.id)).toBe('PENDING');

    const decided = await kit.call('salesManager', 'POST', `/api/v1/agent/runs/${approveRun}/decisions`, {
      decision: 'approve',
    });
    expect(decided.statusCode).toBe(200);
    await kit.waitForRun('salesManager', approveRun, 'completes', completed);
    expect(await statusOf(request.id)).toBe('APPROVED');
    expect(await approvalsOf('salesManager')).toEqual([]);
  });

  it('asks which one when several wait and the follow-up says "approve it"', async () => {
    await clearApprovals('salesManager');
    const first = await carolAsksForADay();
    const second = await carolAsksForADay();

    const { threadId, runId } = await startConversation(kit, 'salesManager', 'what is waiting for my approval?');
    await kit.waitForRun('salesManager', runId, 'completes', completed);
    const approveRun = await followUp('salesManager', threadId, 'approve it');
    const asking = await kit.waitForRun(
      'salesManager',
      approveRun,
      'asks which',
      (run) => run.status === 'requires_action' && run.requiredAction?.kind === 'question',
    );
    const question = asking.requiredAction?.kind === 'question' ? asking.requiredAction.question : undefined;
    expect(question).toMatchObject({ text: '2 requests are waiting for your decision. Which one?' });
    expect(await statusOf(first.id)).toBe('PENDING');
    expect(await statusOf(second.id)).toBe('PENDING');
  });
});
