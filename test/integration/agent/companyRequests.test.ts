import { addDays, dayOfWeek } from '../../../engines/leave/dates';
import type { RunView } from '../../../engines/agent/runView';
import { authenticate } from '../../../engines/tokens/authenticate';
import { todayOf } from '../../support/leave';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * The company API's everyday requests (issue 19, item 6) as a person makes them to the agent over the HTTP API: a
 * real worker runs the agentRun workflow with the built-in model on the test Temporal server, against the real
 * database. Writes wait for the person's approval and then happen once; reads are answered at once.
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

/** Waits for the run's one action, approves it, and waits for the run to complete. */
async function approveOnlyAction(runId: string): Promise<{ tool: string; arguments: Record<string, unknown> }> {
  const waiting = await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);
  const actions = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions : [];
  expect(actions).toHaveLength(1);
  const action = actions[0]!;
  const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/actions/${action.id}/decisions`, {
    decision: 'approve',
  });
  expect(decided.statusCode).toBe(200);
  await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
  return { tool: action.tool, arguments: action.arguments as Record<string, unknown> };
}

/** The thread's last message: the model's reply. */
async function lastReply(threadId: string): Promise<string> {
  const thread = await kit.call('alice', 'GET', `/api/v1/agent/threads/${threadId}`);
  const messages = thread.json<{ data: { messages: Array<{ role: string; text?: string }> } }>().data.messages;
  const last = messages[messages.length - 1];
  expect(last?.role).toBe('assistant');
  return last?.text ?? '';
}

async function aliceEmployeeId(): Promise<string> {
  const alice = await authenticate(kit.db.prisma, await kit.token('alice'));
  return alice.employee!.id;
}

/** The wall-clock time of an instant in a time zone, read with Intl (not with the model's own code). */
function wallClock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
}

describe('the agent on the company requests', () => {
  it('submits "a 42.50 EUR taxi expense from Tuesday" once approved: a SUBMITTED claim of 42.50 EUR', async () => {
    const today = await todayOf(kit.db.prisma, 'alice');
    const tuesday = addDays(today, -((dayOfWeek(today) - 2 + 7) % 7 || 7));
    const { threadId, runId } = await startConversation(kit, 'alice', 'submit a 42.50 EUR taxi expense from Tuesday');
    const before = await kit.db.prisma.expenseClaim.count({ where: { employeeId: await aliceEmployeeId() } });

    const action = await approveOnlyAction(runId);
    expect(action).toEqual({
      tool: 'create_expense_claim',
      arguments: expect.objectContaining({
        submit: true,
        lines: [expect.objectContaining({ category: 'Taxi', date: tuesday, amountMinor: 4250, currency: 'EUR' })],
      }),
    });
    const claims = await kit.db.prisma.expenseClaim.findMany({
      where: { employeeId: await aliceEmployeeId() },
      orderBy: { createdAt: 'desc' },
    });
    expect(claims).toHaveLength(before + 1);
    expect(claims[0]).toMatchObject({ status: 'SUBMITTED', currency: 'EUR', totalMinor: 4250n });
    const reply = await lastReply(threadId);
    expect(reply).toContain('42.50 EUR');
    expect(reply).toContain('SUBMITTED');
  });

  it('records "I worked 9 to 5 yesterday, I forgot to clock" at 09:00 and 17:00 on the tenant clock', async () => {
    const today = await todayOf(kit.db.prisma, 'alice');
    const tenant = await kit.db.prisma.tenant.findFirstOrThrow({
      where: { employees: { some: { id: await aliceEmployeeId() } } },
    });
    const { runId } = await startConversation(kit, 'alice', 'I worked 9 to 5 yesterday, I forgot to clock');
    const action = await approveOnlyAction(runId);
    expect(action.tool).toBe('create_time_entry');

    const entries = await kit.db.prisma.timeEntry.findMany({ where: { employeeId: await aliceEmployeeId() } });
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry.date.toISOString().slice(0, 10)).toBe(addDays(today, -1));
    expect([wallClock(entry.startedAt, tenant.timeZone), wallClock(entry.endedAt!, tenant.timeZone)]).toEqual([
      '09:00',
      '17:00',
    ]);
  });

  it('clocks in on "clock me in" once approved, and tells the time', async () => {
    const { threadId, runId } = await startConversation(kit, 'alice', 'clock me in');
    expect((await approveOnlyAction(runId)).tool).toBe('clock_in');
    const open = await kit.db.prisma.timeEntry.findMany({
      where: { employeeId: await aliceEmployeeId(), endedAt: null },
    });
    expect(open).toHaveLength(1);
    expect(await lastReply(threadId)).toMatch(/^You're clocked in since \d\d:\d\d\.$/);
  });

  it('answers "who is abroad this week" at once, naming who, where and when', async () => {
    const today = await todayOf(kit.db.prisma, 'alice');
    const asked = await kit.call('alice', 'POST', '/api/work-from-anywhere/requests', {
      country: 'PT',
      city: 'Lisbon',
      startDate: today,
      endDate: today,
    });
    expect(asked.statusCode).toBe(201);
    const approvalId = asked.json<{ data: { request: { approvalId: string } } }>().data.request.approvalId;
    const approved = await kit.call('manager', 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect(approved.statusCode).toBe(200);

    const { threadId, runId } = await startConversation(kit, 'alice', 'who is abroad this week');
    const done = await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
    expect(done.requiredAction).toBeUndefined();
    const monday = addDays(today, -((dayOfWeek(today) + 6) % 7));
    const call = await kit.db.prisma.agentMessage.findFirstOrThrow({
      where: { threadId, role: 'assistant_tool_calls' },
    });
    expect(call.data).toMatchObject({
      calls: [{ tool: 'list_people_abroad', arguments: { from: monday, to: addDays(monday, 6) }, kind: 'read' }],
    });
    expect(await lastReply(threadId)).toMatch(/^1 person is abroad between .+:\n- Alice Anders: Lisbon, Portugal, /);
  });

  it('answers "show my payslip for October" at once, plainly when there is none', async () => {
    const { threadId, runId } = await startConversation(kit, 'alice', 'show my payslip for October');
    await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
    expect(await lastReply(threadId)).toMatch(
      /^You have no payslip for October \d{4} yet: a payslip shows here once its payroll run is paid\.$/,
    );
  });
});
