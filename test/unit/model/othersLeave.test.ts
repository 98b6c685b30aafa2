import { Conversation, ok } from './conversation';
import { AGENT_OPERATIONS, registryErrors, registryTools } from './catalogue';
import type { ModelStep } from '../../../model/types';

const LEAVE_TOOLS = [
  ...AGENT_OPERATIONS,
  'list_people',
  'list_company_leave_requests',
  'get_employee_leave_balances',
  'create_company_leave_request',
  'list_leave_policies',
  'list_public_holidays',
  'add_public_holiday',
  'remove_public_holiday',
  'list_approvals',
];
const BOB = '33333333-3333-4333-8333-333333333333';
const PEOPLE = ok({
  people: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Alice Anders',
      jobTitle: 'Engineer',
      department: 'Eng',
      status: 'active',
    },
    { id: BOB, name: 'Bob Brown', jobTitle: 'Engineer', department: 'Eng', status: 'active' },
  ],
  nextCursor: null,
});

function chatAs(role: string, name = 'Marcus Miller'): Conversation {
  return new Conversation(registryTools(LEAVE_TOOLS), { name, role });
}

/** The one call a step plans, checked against the registry's own validation. */
function onlyCall(step: ModelStep): { tool: string; arguments: Record<string, unknown> } {
  if (step.type !== 'tool_calls') throw new Error(`expected tool calls, got ${step.type}: ${JSON.stringify(step)}`);
  expect(step.calls).toHaveLength(1);
  expect(registryErrors(step.calls[0]!)).toEqual([]);
  return step.calls[0]!;
}

describe("the built-in model on other people's leave", () => {
  it('finds Bob, then lists his requests of next week on the company tool', () => {
    const chat = chatAs('DIRECTOR');
    expect(onlyCall(chat.say('is Bob off next week?')).tool).toBe('list_people');
    const list = onlyCall(chat.answer(PEOPLE));
    expect(list).toMatchObject({
      tool: 'list_company_leave_requests',
      arguments: { employeeId: BOB, from: '2026-11-30', to: '2026-12-06' },
    });
    const reply = chat.answer(ok({ requests: [] }));
    expect(reply).toEqual({ type: 'reply', text: expect.stringContaining('Bob Brown') });
  });

  it("lists a team's rejected requests without looking anyone up", () => {
    const call = onlyCall(chatAs('MANAGER').say('rejected requests of my team'));
    expect(call).toEqual({
      id: expect.any(String),
      tool: 'list_company_leave_requests',
      arguments: { status: 'REJECTED' },
    });
  });

  it('lists "all sick leave in November" asked by HR on the company tool, not their own requests', () => {
    expect(onlyCall(chatAs('HR', 'Hannah Reyes').say('show all sick leave in November'))).toEqual({
      id: expect.any(String),
      tool: 'list_company_leave_requests',
      arguments: { from: '2026-11-01', to: '2026-11-30' },
    });
  });

  it('reads "is anyone in my team off on the 4th?" as a question, never a booking', () => {
    const call = onlyCall(chatAs('MANAGER').say('is anyone in my team off on the 4th?'));
    expect(call.tool).toBe('list_company_leave_requests');
    expect(call.arguments).toMatchObject({ from: '2026-12-04', to: '2026-12-04' });
  });

  it.each([
    ['team absences next week', { from: '2026-11-30', to: '2026-12-06' }],
    ['everyone on leave today', { from: '2026-11-23', to: '2026-11-23' }],
    ["my direct reports' approved leave", { status: 'APPROVED' }],
    ['absences in my department this year', { from: '2026-01-01', to: '2026-12-31' }],
    ['whose leave is pending', { status: 'PENDING' }],
    ['who will be away between 21 and 24 December', { from: '2026-12-21', to: '2026-12-24' }],
  ])('lists "%s" on the company tool, booking nothing', (text, args) => {
    expect(onlyCall(chatAs('MANAGER').say(text))).toEqual({
      id: expect.any(String),
      tool: 'list_company_leave_requests',
      arguments: args,
    });
  });

  it.each(['what has Carol requested', 'has bob booked anything in march', 'did Bob take Friday off?'])(
    'finds the person "%s" names before reading their leave',
    (text) => {
      expect(onlyCall(chatAs('MANAGER').say(text)).tool).toBe('list_people');
    },
  );

  it("reads Bob's balance with his id", () => {
    const chat = chatAs('MANAGER');
    expect(onlyCall(chat.say('how many days does Bob have left')).tool).toBe('list_people');
    expect(onlyCall(chat.answer(PEOPLE))).toMatchObject({
      tool: 'get_employee_leave_balances',
      arguments: { employeeId: BOB },
    });
    const reply = chat.answer(
      ok({ year: 2026, balances: [{ policyName: 'Annual leave', allocated: 25, used: 5, pending: 0, remaining: 20 }] }),
    );
    expect(reply).toEqual({ type: 'reply', text: expect.stringContaining("Bob Brown's leave balances for 2026") });
  });

  it('books sick leave for Bob on the company tool, with no reason taken from his name', () => {
    const chat = chatAs('MANAGER');
    expect(onlyCall(chat.say('book sick leave for Bob today')).tool).toBe('list_people');
    const call = onlyCall(chat.answer(PEOPLE));
    expect(call).toMatchObject({
      tool: 'create_company_leave_request',
      arguments: { employeeId: BOB, startDate: '2026-11-23', policy: 'Sick leave' },
    });
    expect(call.arguments.reason).toBeUndefined();
  });

  it.each([
    'book leave for bob on friday',
    'book sick leave for bob today',
    'request friday off for my colleague bob brown',
    'for bob: friday off',
    'put bob down for friday',
    'bob needs friday off',
  ])('finds bob, written in lowercase, before booking "%s" for him, never for the user', (text) => {
    const chat = chatAs('MANAGER');
    expect(onlyCall(chat.say(text)).tool).toBe('list_people');
    const call = onlyCall(chat.answer(PEOPLE));
    expect(call).toMatchObject({
      tool: 'create_company_leave_request',
      arguments: { employeeId: BOB, startDate: expect.stringMatching(/^2026-11-2[37]$/) },
    });
    expect(call.arguments.reason).toBeUndefined();
  });

  it.each(['take Friday off for surgery', 'book Friday off for yoga', 'book leave for childcare on Friday'])(
    'keeps a word after "for" that is no first name the reason of "%s"',
    (text) => {
      expect(onlyCall(chatAs('EMPLOYEE', 'Alice Anders').say(text)).tool).toBe('create_leave_request');
    },
  );

  it("finds the user's manager through their own record to list the manager's leave, not the user's", () => {
    const marcus = '55555555-5555-4555-8555-555555555555';
    const chat = chatAs('EMPLOYEE', 'Alice Anders');
    expect(onlyCall(chat.say('is my manager off next week?')).tool).toBe('list_people');
    const people = ok({
      people: [
        {
          id: BOB,
          name: 'Alice Anders',
          jobTitle: 'Engineer',
          department: 'Eng',
          status: 'active',
          manager: 'Marcus Miller',
        },
        { id: marcus, name: 'Marcus Miller', jobTitle: 'Manager', department: 'Eng', status: 'active', manager: null },
      ],
      nextCursor: null,
    });
    expect(onlyCall(chat.answer(people))).toMatchObject({
      tool: 'list_company_leave_requests',
      arguments: { employeeId: marcus, from: '2026-11-30', to: '2026-12-06' },
    });
  });

  it('asks which days before looking Bob up when the booking names none', () => {
    expect(chatAs('MANAGER').say('book leave for Bob')).toMatchObject({ type: 'question' });
  });

  it('refuses an employee booking for a colleague, saying who may', () => {
    const step = chatAs('EMPLOYEE', 'Alice Anders').say('book leave for Bob on Friday');
    expect(step).toEqual({ type: 'reply', text: expect.stringContaining('only HR or their manager') });
  });

  it("keeps a relative's occasion a reason for the user's own leave", () => {
    const call = onlyCall(chatAs('EMPLOYEE', 'Alice Anders').say("Book Friday off for my sister's wedding"));
    expect(call.tool).toBe('create_leave_request');
  });

  it('takes no place for a person', () => {
    const call = onlyCall(chatAs('EMPLOYEE', 'Alice Anders').say('leave 3-5 March to visit Paris'));
    expect(call.tool).toBe('create_leave_request');
  });
});

describe("the built-in model on the workspace's leave facts", () => {
  it('lists the leave types', () => {
    expect(onlyCall(chatAs('EMPLOYEE').say('what leave types are there?')).tool).toBe('list_leave_policies');
  });

  it('lists the public holidays of the year asked', () => {
    expect(onlyCall(chatAs('EMPLOYEE').say('bank holidays in 2027'))).toMatchObject({
      tool: 'list_public_holidays',
      arguments: { year: 2027 },
    });
  });

  it('adds a named public holiday for HR, and refuses an employee', () => {
    const call = onlyCall(chatAs('HR_MANAGER').say('add a public holiday on 2 January 2027 called New Year bridge'));
    expect(call).toMatchObject({
      tool: 'add_public_holiday',
      arguments: { date: '2027-01-02', name: 'New Year bridge' },
    });
    expect(chatAs('EMPLOYEE').say('set the public holidays for next year')).toMatchObject({ type: 'reply' });
  });

  it('removes a public holiday rather than cancelling a request', () => {
    expect(onlyCall(chatAs('HR_MANAGER').say('remove the public holiday on 26 December'))).toMatchObject({
      tool: 'remove_public_holiday',
      arguments: { date: '2026-12-26' },
    });
  });
});

describe('the built-in model on the approvals inbox', () => {
  it('reads approvals of another kind of request from the approval flows', () => {
    expect(onlyCall(chatAs('MANAGER').say('timesheets to sign off'))).toMatchObject({
      tool: 'list_approvals',
      arguments: { requestType: 'timesheet' },
    });
  });

  it('keeps "what is waiting for my approval?" the leave inbox', () => {
    expect(onlyCall(chatAs('MANAGER').say('what is waiting for my approval?')).tool).toBe('list_leave_approvals');
  });
});
