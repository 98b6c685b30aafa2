import { leaveDaysText } from '../../../engines/leave/leaveSummary';
import type { RunView } from '../../../engines/agent/runView';
import { addDays, dayOfWeek, type IsoDate } from '../../../engines/leave/dates';
import { authenticate } from '../../../engines/tokens/authenticate';
import type { DemoKey } from '../../support/identity';
import { cleanWeek, freeWorkingDay, idsOf, todayOf } from '../../support/leave';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * Issue 22's leave about someone else, asked of the agent over the HTTP API: a real worker runs the agentRun
 * workflow with the built-in model, on the tests' calendar. The model finds the named person with list_people, then
 * the company leave tools take their id; reads answer at once, a booking waits for approval, and an employee may
 * not book for a colleague.
 */
let kit: AgentKit;
let bobId: string;

beforeAll(async () => {
  kit = await startAgentKit();
  bobId = (await idsOf(kit.db.prisma, 'bob')).employeeId;
});

afterAll(async () => {
  await kit?.close();
});

interface LeaveRequestBody {
  id: string;
  status: string;
  start_date: string;
  end_date: string;
  total_days: number;
}

async function lastReply(who: DemoKey, threadId: string): Promise<string> {
  const thread = await kit.call(who, 'GET', `/api/v1/agent/threads/${threadId}`);
  const messages = thread.json<{ data: { messages: Array<{ role: string; text?: string }> } }>().data.messages;
  return messages[messages.length - 1]?.text ?? '';
}

/** The tools the run called, in order, with their arguments (as the thread stores them). */
async function toolCallsOf(runId: string): Promise<Array<[string, unknown]>> {
  const rows = await kit.db.prisma.agentMessage.findMany({
    where: { runId, role: 'assistant_tool_calls' },
    orderBy: { seq: 'asc' },
  });
  return rows.flatMap((row) =>
    ((row.data as { calls?: Array<{ tool: string; arguments: unknown }> } | null)?.calls ?? []).map(
      (c) => [c.tool, c.arguments] as [string, unknown],
    ),
  );
}

const waitingForApproval = (run: RunView) =>
  run.status === 'requires_action' && run.requiredAction?.kind === 'approval';
const completed = (run: RunView) => run.status === 'completed';

/** The Monday of next week on the tests' calendar. */
async function nextMonday(): Promise<IsoDate> {
  let day = addDays(await todayOf(kit.db.prisma, 'manager'), 1);
  while (dayOfWeek(day) !== 1) day = addDays(day, 1);
  return day;
}

/** A PENDING one-day annual leave request of Bob's on the Wednesday of next week, made over REST as Bob. */
let bobsNextWeek: LeaveRequestBody | undefined;
async function bobIsOffNextWeek(): Promise<LeaveRequestBody> {
  if (bobsNextWeek) return bobsNextWeek;
  const { monday } = await cleanWeek(kit.db.prisma, 'bob', 1);
  // The request must fall in next week itself, or "next week" would not find it.
  expect(monday).toBe(await nextMonday());
  const created = await kit.call('bob', 'POST', '/api/v1/leave/requests', { start_date: addDays(monday, 2) });
  expect(created.statusCode).toBe(201);
  bobsNextWeek = created.json<{ data: LeaveRequestBody }>().data;
  expect(bobsNextWeek.status).toBe('PENDING');
  return bobsNextWeek;
}

describe("the agent on others' leave", () => {
  it('answers whether Bob is off next week from his requests, reading only', async () => {
    const request = await bobIsOffNextWeek();
    const { threadId, runId } = await startConversation(kit, 'manager', 'is Bob off next week?');
    const run = await kit.waitForRun('manager', runId, 'completes', completed);
    expect(run.requiredAction).toBeUndefined();
    const reply = await lastReply('manager', threadId);
    expect(reply).toContain('Bob Brown');
    expect(reply).toContain(leaveDaysText(request.start_date as IsoDate, request.end_date as IsoDate));
    const calls = await toolCallsOf(runId);
    expect(calls.map(([tool]) => tool)).toEqual(['list_people', 'list_company_leave_requests']);
    expect(calls[1]?.[1]).toMatchObject({ employeeId: bobId });
  });

  it("states Bob's annual leave left as the company balances endpoint reads it", async () => {
    const { threadId, runId } = await startConversation(kit, 'manager', 'how many days does Bob have left');
    await kit.waitForRun('manager', runId, 'completes', completed);
    const read = await kit.call('manager', 'GET', `/api/leave/balances?employeeId=${bobId}`);
    expect(read.statusCode).toBe(200);
    const { year, balances } = read.json<{
      data: { year: number; balances: Array<{ policyName: string; remaining: number }> };
    }>().data;
    const annual = balances.find((b) => b.policyName === 'Annual leave')!;
    const reply = await lastReply('manager', threadId);
    expect(reply).toContain(`Bob Brown's leave balances for ${year}:`);
    expect(reply).toMatch(new RegExp(`- Annual leave: ${annual.remaining} days? left \\(`));
  });

  it('books sick leave for Bob only once the manager approves the card', async () => {
    const bob = await authenticate(kit.db.prisma, await kit.token('bob'));
    const today = await todayOf(kit.db.prisma, 'bob');
    const day = await freeWorkingDay(kit.db.prisma, bob, 1);
    // "tomorrow" when tomorrow is a free working day on the tests' calendar, else the day itself.
    const when = day === addDays(today, 1) ? 'tomorrow' : `on ${day}`;
    const { threadId, runId } = await startConversation(kit, 'manager', `book sick leave for Bob ${when}`);
    const waiting = await kit.waitForRun('manager', runId, 'waits for approval', waitingForApproval);
    const actions = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions : [];
    expect(actions.map((a) => a.tool)).toEqual(['create_company_leave_request']);
    expect(actions[0]?.arguments).toMatchObject({ employeeId: bobId });
    expect(actions[0]?.description).toBe(`Sick leave for Bob Brown, ${leaveDaysText(day, day)}, 1 working day`);
    const onDay = { employeeId: bobId, startDate: new Date(`${day}T00:00:00Z`) };
    expect(await kit.db.prisma.leaveRequest.count({ where: onDay })).toBe(0);

    const decided = await kit.call('manager', 'POST', `/api/v1/agent/runs/${runId}/decisions`, {
      decision: 'approve',
    });
    expect(decided.statusCode).toBe(200);
    await kit.waitForRun('manager', runId, 'completes', completed);
    const sick = await kit.db.prisma.leavePolicy.findFirstOrThrow({
      where: { tenantId: bob.tenant.id, name: 'Sick leave' },
    });
    const made = await kit.db.prisma.leaveRequest.findMany({ where: onDay });
    expect(made.map((r) => [r.policyId, r.endDate])).toEqual([[sick.id, onDay.startDate]]);
    expect(await lastReply('manager', threadId)).toMatch(/^I've requested Sick leave for Bob Brown /);
  });

  it('refuses an employee booking leave for a colleague, proposing nothing', async () => {
    const { threadId, runId } = await startConversation(kit, 'alice', 'book leave for Bob on Friday');
    const run = await kit.waitForRun('alice', runId, 'completes', completed);
    expect(run.requiredAction).toBeUndefined();
    expect(await kit.db.prisma.agentAction.count({ where: { runId } })).toBe(0);
    expect(await lastReply('alice', threadId)).toMatch(/only HR or their manager may request leave/);
  });

  it("lists Bob's request when the manager asks who is off next week, reading only", async () => {
    const request = await bobIsOffNextWeek();
    const { threadId, runId } = await startConversation(kit, 'manager', 'who is off next week?');
    const run = await kit.waitForRun('manager', runId, 'completes', completed);
    expect(run.requiredAction).toBeUndefined();
    expect(await kit.db.prisma.agentAction.count({ where: { runId } })).toBe(0);
    const reply = await lastReply('manager', threadId);
    const days = leaveDaysText(request.start_date as IsoDate, request.end_date as IsoDate);
    expect(reply).toMatch(new RegExp(`- Bob Brown: .*${days}`));
  });
});
