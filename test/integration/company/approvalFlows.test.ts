import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { approvalOf, cleanWeek, idsOf } from '../../support/leave';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * The Approval Flows area (company-api.md, "Approval Flows") through the HTTP API, without Temporal: flows by
 * request type, the inbox, approve/reject/delegate, and leave routing as the first flow (a two-step flow of a
 * manager, then HR above 10 days). The workflow side (reminders, escalation, a killed worker) is in
 * test/integration/approvalFlows/.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const everything = ['approval-flows:read', 'approval-flows:write', 'leave:read', 'leave:write'] as const;
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, [...everything]));
function send(headers: Record<string, string>, method: string, url: string, payload?: object) {
  return h.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
}
const twoStep = {
  name: 'Manager, then HR for long leave',
  steps: [
    { name: 'Manager', approver: 'manager' },
    { name: 'HR', approver: 'hr', when: { daysAbove: 10 } },
  ],
};

/** Alice asks for unpaid leave: `days` calendar days from a clean Monday at least `after` days ahead. */
async function aliceAsks(days: number, after: number): Promise<{ requestId: string; approvalId: string }> {
  const { monday } = await cleanWeek(h.db.prisma, 'alice', after, { days });
  const res = await send(await as('alice'), 'POST', '/api/v1/leave/requests', {
    start_date: monday,
    end_date: addDays(monday, days - 1),
    policy: 'Unpaid leave',
  });
  expect(res.statusCode).toBe(201);
  const requestId = res.json().data.id as string;
  return { requestId, approvalId: await approvalOf(h.db.prisma, requestId) };
}

const inboxOf = async (who: DemoKey) =>
  (await send(await as(who), 'GET', '/api/approval-flows/approvals'))
    .json()
    .data.approvals.map((a: { id: string }) => a.id);
const requestStatus = async (id: string) =>
  (await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id } })).status;
const approvalRows = async () => ({
  flows: await h.db.prisma.approvalFlow.count(),
  instances: await h.db.prisma.approvalInstance.count(),
  assignments: await h.db.prisma.approvalAssignment.count(),
  notifications: await h.db.prisma.notification.count(),
});

describe('a two-step leave flow: the manager, then HR above 10 days', () => {
  beforeAll(async () => {
    const res = await send(await as('hr'), 'PUT', '/api/approval-flows/flows/leave', twoStep);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.flow).toMatchObject({ requestType: 'leave', configured: true, steps: twoStep.steps });
  });
  afterAll(async () => {
    const res = await send(await as('hr'), 'DELETE', '/api/approval-flows/flows/leave');
    expect(res.json().data.flow).toMatchObject({ configured: false, steps: [{ approver: 'manager' }] });
  });

  it('asks the manager first, then HR, and approves the request only after both', async () => {
    const { requestId, approvalId } = await aliceAsks(19, 70); // 15 working days
    const hr = await idsOf(h.db.prisma, 'hr');
    expect(await inboxOf('manager')).toContain(approvalId);
    expect(await inboxOf('hr')).not.toContain(approvalId);

    const first = await send(await as('manager'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {
      comment: 'fine by me',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ outcome: 'waiting', approval: { status: 'PENDING', currentStep: 1 } });
    expect(first.json().data.approval.steps.map((s: { status: string }) => s.status)).toEqual(['approved', 'pending']);
    expect(await requestStatus(requestId)).toBe('PENDING');
    expect((await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id: requestId } })).routedTo).toBe('HR');
    expect(await inboxOf('manager')).not.toContain(approvalId);
    expect(await inboxOf('hr')).toContain(approvalId);
    const told = await h.db.prisma.notification.findMany({
      where: { kind: 'leave.approval_needed', data: { path: ['requestId'], equals: requestId } },
    });
    expect(told.map((n) => n.userId)).toContain(hr.userId);

    // His step is done: the manager cannot decide HR's (the state moved on: 409, not 403).
    const again = await send(await as('manager'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', reason: expect.stringContaining('no longer waits for you') });
    // Never asked, not HR: 403.
    const director = await send(
      await as('director'),
      'POST',
      `/api/approval-flows/approvals/${approvalId}/approve`,
      {},
    );
    expect([director.statusCode, director.json().error]).toEqual([403, 'forbidden']);

    const second = await send(await as('hr'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect(second.json().data).toMatchObject({
      outcome: 'approved',
      approval: { status: 'APPROVED', currentStep: null },
    });
    expect(await requestStatus(requestId)).toBe('APPROVED');
    const approved = await h.db.prisma.notification.findMany({
      where: { kind: 'leave.approved', data: { path: ['requestId'], equals: requestId } },
    });
    expect(approved).toHaveLength(1);
    const done = await send(await as('hr'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect([done.statusCode, done.json().reason]).toEqual([409, 'This approval is already APPROVED']);
  });

  it('refuses to hand HR’s step to the manager who approved the first: one person never clears two steps', async () => {
    const { requestId, approvalId } = await aliceAsks(19, 110);
    const manager = await idsOf(h.db.prisma, 'manager');
    const first = await send(await as('manager'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect(first.json().data.outcome).toBe('waiting');
    const before = await approvalRows();
    const handed = await send(await as('hr'), 'POST', `/api/approval-flows/approvals/${approvalId}/delegate`, {
      userId: manager.userId,
    });
    expect([handed.statusCode, handed.json().error]).toEqual([400, 'bad_request']);
    expect(handed.json().reason).toMatch(/^userId: this person already approved step 1 of this request/);
    expect(await approvalRows()).toEqual(before);
    expect(await inboxOf('manager')).not.toContain(approvalId);
    expect(await requestStatus(requestId)).toBe('PENDING');
  });

  it('tells HR’s webhooks each step and the outcome', async () => {
    const hook = await queuedWebhookOf(h.db.prisma, 'hr', [
      'approval_flows.approval.step_approved',
      'approval_flows.approval.approved',
    ]);
    const { approvalId, requestId } = await aliceAsks(19, 440);
    await send(await as('manager'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    await send(await as('admin'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    const deliveries = await hook.deliveries();
    expect(deliveries.map((d) => [d.eventType, (d.payload as { data: { approval: object } }).data.approval])).toEqual([
      [
        'approval_flows.approval.step_approved',
        { id: approvalId, requestType: 'leave', subjectId: requestId, status: 'PENDING', currentStep: 1 },
      ],
      [
        'approval_flows.approval.approved',
        { id: approvalId, requestType: 'leave', subjectId: requestId, status: 'APPROVED', currentStep: 2 },
      ],
    ]);
  });

  it('needs only the manager for 10 days or fewer', async () => {
    const { requestId, approvalId } = await aliceAsks(5, 120);
    const res = await send(await as('manager'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect(res.json().data).toMatchObject({ outcome: 'approved', approval: { steps: [{ status: 'approved' }] } });
    expect(await requestStatus(requestId)).toBe('APPROVED');
  });

  it('lets the /api/v1 decision drive the same flow: the manager’s approval moves a long request on to HR', async () => {
    const { requestId, approvalId } = await aliceAsks(19, 160);
    const res = await send(await as('manager'), 'POST', `/api/v1/leave/requests/${requestId}/decision`, {
      decision: 'approve',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.request).toMatchObject({ status: 'PENDING', routed_to: 'HR' });
    expect(await inboxOf('hr')).toContain(approvalId);
  });

  it('ends with a rejection at the second step, giving the days back', async () => {
    const { requestId, approvalId } = await aliceAsks(19, 200);
    await send(await as('manager'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    const res = await send(await as('admin'), 'POST', `/api/approval-flows/approvals/${approvalId}/reject`, {
      comment: 'too long',
    });
    expect(res.json().data).toMatchObject({ outcome: 'rejected', approval: { status: 'REJECTED' } });
    expect(res.json().data.approval.steps.map((s: { status: string }) => s.status)).toEqual(['approved', 'rejected']);
    const request = await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(request).toMatchObject({ status: 'REJECTED', decisionComment: 'too long' });
    const held = await h.db.prisma.leaveLedgerEntry.aggregate({
      where: { requestId, bucket: 'pending' },
      _sum: { days: true },
    });
    expect(held._sum.days).toBe(0);
  });
});

describe('other relations', () => {
  afterEach(async () => {
    await send(await as('hr'), 'DELETE', '/api/approval-flows/flows/leave');
  });

  it('asks the department head, then needs two of a group; HR standing in settles a step alone', async () => {
    const director = await idsOf(h.db.prisma, 'director');
    const admin = await idsOf(h.db.prisma, 'admin');
    const owner = await idsOf(h.db.prisma, 'owner');
    const flow = {
      name: 'Head, then two of three',
      steps: [
        { name: 'Head', approver: 'departmentHead' },
        { name: 'Board', approver: 'group', userIds: [director.userId, admin.userId, owner.userId], required: 2 },
      ],
    };
    expect((await send(await as('hr'), 'PUT', '/api/approval-flows/flows/leave', flow)).statusCode).toBe(200);
    const alice = await h.db.prisma.employee.findFirstOrThrow({
      where: { email: 'alice@acme.test' },
      include: { department: true },
    });
    const head = await h.db.prisma.employee.findUniqueOrThrow({ where: { id: alice.department!.headEmployeeId! } });
    const { approvalId, requestId } = await aliceAsks(5, 480);
    const first = (await send(await as('hr'), 'GET', `/api/approval-flows/approvals/${approvalId}`)).json().data
      .approval;
    expect(first.steps[0].assignees.map((a: { userId: string }) => a.userId)).toEqual([head.userId]);

    // HR decides the head's step in their stead; the group then needs two of its three.
    const step1 = await send(await as('hr'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect(step1.json().data).toMatchObject({ outcome: 'waiting', approval: { currentStep: 1 } });
    const one = await send(await as('admin'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect(one.json().data).toMatchObject({ outcome: 'waiting', approval: { currentStep: 1 } });
    expect(await requestStatus(requestId)).toBe('PENDING');
    const two = await send(await as('owner'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect(two.json().data).toMatchObject({ outcome: 'approved', approval: { status: 'APPROVED' } });
    expect(two.json().data.approval.steps[1].assignees).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: director.userId, status: 'CLOSED' }),
        expect.objectContaining({ userId: admin.userId, status: 'APPROVED' }),
        expect.objectContaining({ userId: owner.userId, status: 'APPROVED' }),
      ]),
    );
    expect(await requestStatus(requestId)).toBe('APPROVED');
  });
});

describe('delegation', () => {
  it('hands the manager’s step to the director, who then decides it', async () => {
    const { requestId, approvalId } = await aliceAsks(5, 240);
    const director = await idsOf(h.db.prisma, 'director');
    const res = await send(await as('manager'), 'POST', `/api/approval-flows/approvals/${approvalId}/delegate`, {
      userId: director.userId,
      comment: 'away next week',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.approval.steps[0].assignees).toEqual([
      expect.objectContaining({ status: 'DELEGATED', comment: 'away next week' }),
      expect.objectContaining({ userId: director.userId, status: 'PENDING', reason: 'delegated' }),
    ]);
    expect(await inboxOf('manager')).not.toContain(approvalId);
    expect(await inboxOf('director')).toContain(approvalId);
    const decided = await send(await as('director'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect(decided.json().data.outcome).toBe('approved');
    expect(await requestStatus(requestId)).toBe('APPROVED');
  });

  it('lets a delegate from outside the employee’s line decide through the leave API too', async () => {
    const { requestId, approvalId } = await aliceAsks(5, 500);
    const carol = await idsOf(h.db.prisma, 'carol');
    const delegated = await send(await as('manager'), 'POST', `/api/approval-flows/approvals/${approvalId}/delegate`, {
      userId: carol.userId,
    });
    expect(delegated.statusCode).toBe(200);
    const decided = await send(await as('carol'), 'POST', `/api/v1/leave/requests/${requestId}/decision`, {
      decision: 'approve',
    });
    expect([decided.statusCode, decided.json().data?.request?.status]).toEqual([200, 'APPROVED']);
    // Someone never asked, who cannot see Alice, still gets 404.
    const other = await aliceAsks(5, 540);
    const bob = await send(await as('bob'), 'POST', `/api/v1/leave/requests/${other.requestId}/decision`, {
      decision: 'approve',
    });
    expect(bob.statusCode).toBe(404);
  });

  it('refuses a delegate who may not decide, naming the field, and writes nothing', async () => {
    const { approvalId } = await aliceAsks(5, 280);
    const alice = await idsOf(h.db.prisma, 'alice');
    const manager = await idsOf(h.db.prisma, 'manager');
    const globex = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'hr@globex.test' } });
    const before = await approvalRows();
    const cases: Array<[object, number, string]> = [
      [{ userId: alice.userId }, 400, 'userId'],
      [{ userId: manager.userId }, 400, 'userId'],
      [{ userId: globex.id }, 400, 'userId'],
      [{ userId: 'not-a-uuid' }, 400, 'userId'],
      [{}, 400, 'userId'],
      [{ userId: alice.userId, extra: 1 }, 400, 'extra'],
    ];
    for (const [body, status, field] of cases) {
      const res = await send(await as('manager'), 'POST', `/api/approval-flows/approvals/${approvalId}/delegate`, body);
      expect({ body, status: res.statusCode, error: res.json().error }).toEqual({ body, status, error: 'bad_request' });
      expect(res.json().reason).toContain(field);
    }
    // Only someone the step waits for delegates: HR is not asked here.
    const hr = await send(await as('hr'), 'POST', `/api/approval-flows/approvals/${approvalId}/delegate`, {
      userId: manager.userId,
    });
    expect(hr.statusCode).toBe(403);
    expect(await approvalRows()).toEqual(before);
  });
});

describe('flows', () => {
  it('refuses an unsound flow, naming the field, and writes nothing', async () => {
    const before = await approvalRows();
    const bob = await idsOf(h.db.prisma, 'bob');
    const step = { name: 'Manager', approver: 'manager' };
    const cases: Array<[string, object, string]> = [
      ['leave', { name: 'x', steps: [] }, 'steps'],
      ['leave', { name: 'x', steps: [{ ...step, when: { daysAbove: 3 } }] }, 'steps[0].when'],
      ['leave', { name: 'x', steps: [step, { name: 'P', approver: 'person' }] }, 'steps[1].userId'],
      [
        'leave',
        { name: 'x', steps: [step, { name: 'G', approver: 'group', userIds: [bob.userId], required: 2 }] },
        'required',
      ],
      [
        'leave',
        {
          name: 'x',
          steps: [step, { name: 'G', approver: 'group', userIds: ['01a20f40-0000-7000-8000-000000000000'] }],
        },
        'steps[1].userIds',
      ],
      ['leave', { name: 'x', steps: [{ ...step, approver: 'boss' }] }, 'approver'],
      ['leave', { name: 'x', steps: [{ ...step, remindAfterMinutes: 0 }] }, 'remindAfterMinutes'],
      [
        'leave',
        { name: 'x', steps: [step, { name: 'G', approver: 'group', userIds: [bob.userId, bob.userId], required: 2 }] },
        'steps[1].userIds',
      ],
      ['leave', { name: 'x', steps: [step, { ...step, when: { daysAbove: 1e9 } }] }, 'daysAbove'],
      ['leave', { name: 'x', steps: Array.from({ length: 11 }, () => step) }, 'steps'],
      ['leave', { name: 'x\u0000', steps: [step] }, 'name'],
      ['expenses', { name: 'x', steps: [step] }, 'requestType'],
    ];
    for (const [type, body, field] of cases) {
      const res = await send(await as('hr'), 'PUT', `/api/approval-flows/flows/${type}`, body);
      expect({ field, status: res.statusCode, error: res.json().error }).toEqual({
        field,
        status: 400,
        error: 'bad_request',
      });
      expect(res.json().reason).toContain(field);
    }
    const employee = await send(await as('manager'), 'PUT', '/api/approval-flows/flows/leave', {
      name: 'x',
      steps: [step],
    });
    expect(employee.statusCode).toBe(403);
    expect(await approvalRows()).toEqual(before);
  });

  it('lists every request type’s flow, the built-in one when the tenant has none', async () => {
    // The demo seed gives Acme a leave flow of its own: back to the built-in one first.
    await send(await as('hr'), 'DELETE', '/api/approval-flows/flows/leave');
    const res = await send(await as('alice'), 'GET', '/api/approval-flows/flows');
    expect(res.json().data.flows).toEqual([
      expect.objectContaining({ requestType: 'leave', configured: false, updatedAt: null }),
      expect.objectContaining({
        requestType: 'work_from_anywhere',
        configured: false,
        steps: [
          { name: 'Manager', approver: 'manager' },
          { name: 'HR (policy breach)', approver: 'hr', when: { policyBreach: true } },
        ],
      }),
      expect.objectContaining({ requestType: 'timesheet', steps: [{ name: 'Manager', approver: 'manager' }] }),
      expect.objectContaining({ requestType: 'time_correction', steps: [{ name: 'Manager', approver: 'manager' }] }),
      expect.objectContaining({
        requestType: 'expense_claim',
        steps: [
          { name: 'Manager', approver: 'manager' },
          { name: 'HR (above 500.00)', approver: 'hr', when: { amountAboveMinor: 50_000 } },
        ],
      }),
      expect.objectContaining({ requestType: 'compensation_change', steps: [{ name: 'HR', approver: 'hr' }] }),
      expect.objectContaining({ requestType: 'offer', steps: [{ name: 'HR', approver: 'hr' }] }),
    ]);
    expect((await send({}, 'GET', '/api/approval-flows/flows')).json()).toEqual({
      error: 'unauthorized',
      reason: expect.any(String),
    });
  });
});

describe('the inbox and what each may see', () => {
  it('pages the inbox and hides approvals from those outside the request (404, other workspace included)', async () => {
    const a = await aliceAsks(5, 320);
    const b = await aliceAsks(5, 360);
    const first = await send(await as('manager'), 'GET', '/api/approval-flows/approvals?limit=1');
    expect(first.json().data.approvals).toHaveLength(1);
    const cursor = first.json().data.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const rest = await send(await as('manager'), 'GET', `/api/approval-flows/approvals?limit=200&cursor=${cursor}`);
    const ids = [first.json().data.approvals[0].id, ...rest.json().data.approvals.map((x: { id: string }) => x.id)];
    expect(ids).toEqual(expect.arrayContaining([a.approvalId, b.approvalId]));
    expect(new Set(ids).size).toBe(ids.length);

    const globexHr = bearer(await tokenFor(h.db.prisma, 'globexHr', [...everything]));
    for (const headers of [await as('bob'), globexHr]) {
      const res = await send(headers, 'GET', `/api/approval-flows/approvals/${a.approvalId}`);
      expect([res.statusCode, res.json().error]).toEqual([404, 'not_found']);
      const decide = await send(headers, 'POST', `/api/approval-flows/approvals/${a.approvalId}/approve`, {});
      expect(decide.statusCode).toBe(404);
      const any = await send(headers, 'GET', '/api/approval-flows/approvals?assignee=any&status=ALL&limit=200');
      expect(any.body).not.toContain(a.approvalId);
    }
    const others = await send(await as('manager'), 'GET', `/api/approval-flows/approvals?assignee=${a.approvalId}`);
    expect(others.statusCode).toBe(403);
    for (const bad of ['limit=0', 'limit=201', 'status=DONE', 'assignee=someone', 'cursor=x', 'requestType=pay']) {
      const res = await send(await as('manager'), 'GET', `/api/approval-flows/approvals?${bad}`);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
      expect(res.json().reason).toContain(bad.split('=')[0]);
    }
  });

  it('closes the approval when Alice cancels her request', async () => {
    const { requestId, approvalId } = await aliceAsks(5, 400);
    const res = await send(await as('alice'), 'POST', `/api/v1/leave/requests/${requestId}/cancel`, {});
    expect(res.statusCode).toBe(200);
    expect(await inboxOf('manager')).not.toContain(approvalId);
    const approval = await send(await as('alice'), 'GET', `/api/approval-flows/approvals/${approvalId}`);
    expect(approval.json().data.approval).toMatchObject({ status: 'CANCELLED', currentStep: null });
    const late = await send(await as('manager'), 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
    expect(late.statusCode).toBe(409);
  });
});
