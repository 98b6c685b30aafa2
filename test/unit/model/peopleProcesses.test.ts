import { builtinStep } from '../../../model/builtin/builtinModel';
import type { ModelStep } from '../../../model/types';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, PEOPLE_OPERATIONS, registryErrors, registryTools } from './catalogue';
import { ok, peopleChat, planned, WED } from './conversation';
import { HELD_OUT } from './peopleProcesses.heldOut';

/**
 * The built-in model on the people-process requests of issue 20 (item 7): a table of phrasings with the first step
 * each must plan, conversations that carry each request through its lookup to the reply or the call that waits for
 * approval, and the held-out phrasings (peopleProcesses.heldOut.ts, written before the rules). The user is Alice
 * Martin; every planned call passes the registry's own validation.
 */
const ALL = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS, ...PEOPLE_OPERATIONS]);

function firstStep(text: string, today = WED, role = 'EMPLOYEE'): ModelStep {
  return builtinStep({
    messages: [{ role: 'user', text }],
    tools: ALL,
    today,
    timeZone: 'Europe/Paris',
    user: { name: 'Alice Martin', role },
  });
}

const TABLE: { text: string; today?: string; tool: string; arguments: Record<string, unknown> }[] = [
  { text: 'what are my onboarding tasks', tool: 'list_onboarding_tasks', arguments: { assignee: 'me' } },
  { text: 'What’s on my onboarding to-do list?', tool: 'list_onboarding_tasks', arguments: { assignee: 'me' } },
  { text: 'my offboarding tasks', tool: 'list_offboarding_tasks', arguments: { assignee: 'me' } },
  { text: 'mark the laptop setup task done', tool: 'list_onboarding_tasks', arguments: { assignee: 'me' } },
  { text: 'tick off the exit interview', tool: 'list_offboarding_tasks', arguments: { assignee: 'me' } },
  { text: 'move Jane Doe to the interview stage', tool: 'list_applications', arguments: { limit: 200 } },
  { text: 'advance Tom Baker to offer', tool: 'list_applications', arguments: { limit: 200 } },
  {
    text: 'which certificates expire this quarter',
    tool: 'list_certifications',
    arguments: { expiresBefore: '2027-01-01', expired: 'false', limit: 200 },
  },
  {
    text: 'which licences run out next month',
    tool: 'list_certifications',
    arguments: { expiresBefore: '2027-01-01', expired: 'false', limit: 200 },
  },
  {
    text: 'certificates expiring in the next 30 days',
    tool: 'list_certifications',
    arguments: { expiresBefore: '2026-12-26', expired: 'false', limit: 200 },
  },
  { text: 'enrol me in the first-aid course', tool: 'list_courses', arguments: { active: 'true', limit: 200 } },
  { text: 'how is my Q3 goal going', tool: 'list_goals', arguments: { period: '2026-Q3' } },
  { text: 'how are my goals going', tool: 'list_goals', arguments: {} },
  { text: 'progress on my Q1 2027 OKRs', tool: 'list_goals', arguments: { period: '2027-Q1' } },
  { text: 'how is my Q3 goal going', today: '2027-02-01', tool: 'list_goals', arguments: { period: '2026-Q3' } },
];

describe('the built-in model on the people-process table', () => {
  it.each(TABLE.map((row) => [row.text + (row.today ? ` (today ${row.today})` : ''), row] as const))(
    'plans "%s"',
    (_name, row) => {
      expect(planned(firstStep(row.text, row.today))).toEqual({ tool: row.tool, arguments: row.arguments });
    },
  );

  it('leaves leave requests, clocking and expenses to their own rules', () => {
    expect(planned(firstStep('book the 4th of December off')).tool).toBe('create_leave_request');
    expect(planned(firstStep('clock me in')).tool).toBe('clock_in');
    expect(planned(firstStep('submit a 42.50 EUR taxi expense from Tuesday')).tool).toBe('create_expense_claim');
  });
});

describe('people-process conversations', () => {
  const task = (id: string, title: string, dueDate = '2026-11-27') => ({
    id,
    title,
    dueDate,
    status: 'OPEN',
    employeeName: 'Alice Martin',
  });

  it('lists the open onboarding tasks', () => {
    const c = peopleChat();
    c.say('what are my onboarding tasks');
    const tasks = [task('t1', 'Sign the employment contract', '2026-11-22'), task('t2', 'Set up the laptop')];
    expect(c.answer(ok({ tasks, nextCursor: null }))).toEqual({
      type: 'reply',
      text:
        'You have 2 open onboarding tasks:\n' +
        '- Sign the employment contract (due Sun 22 Nov 2026)\n' +
        '- Set up the laptop (due Fri 27 Nov 2026)',
    });
  });

  it('marks the laptop setup task done after approval, naming it', () => {
    const c = peopleChat();
    c.say('mark the laptop setup task done');
    const tasks = [
      task('0196b0a0-0000-7000-8000-000000000001', 'Sign the employment contract'),
      task('0196b0a0-0000-7000-8000-000000000002', 'Set up the laptop'),
    ];
    const step = c.answer(ok({ tasks, nextCursor: null }));
    expect(planned(step)).toEqual({
      tool: 'complete_onboarding_task',
      arguments: { id: '0196b0a0-0000-7000-8000-000000000002' },
    });
    expect(step.type === 'tool_calls' && step.text).toBe("I'll mark “Set up the laptop” done.");
    expect(c.answer(ok({ task: tasks[1], process: {} }))).toEqual({
      type: 'reply',
      text: 'Done: “Set up the laptop” is marked complete.',
    });
  });

  it('looks in HR’s tasks too when the user is HR and none of theirs matches', () => {
    const c = peopleChat('HR_MANAGER');
    c.say('mark the laptop setup task done');
    expect(planned(c.answer(ok({ tasks: [], nextCursor: null })))).toEqual({
      tool: 'list_onboarding_tasks',
      arguments: { assignee: 'hr' },
    });
    const laptop = { ...task('0196b0a0-0000-7000-8000-000000000003', 'Set up the laptop'), employeeName: 'Jane Doe' };
    expect(planned(c.answer(ok({ tasks: [laptop], nextCursor: null })))).toEqual({
      tool: 'complete_onboarding_task',
      arguments: { id: laptop.id },
    });
  });

  it('asks which task when none or several match, instead of guessing', () => {
    const c = peopleChat();
    c.say('mark the badge task done');
    expect(c.answer(ok({ tasks: [task('t1', 'Set up the laptop')], nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'Which task do you mean? Your open onboarding tasks: “Set up the laptop”.',
    });
    const d = peopleChat();
    d.say('mark the accounts task done');
    const two = [task('a', 'Create the email accounts'), task('b', 'Create the chat accounts')];
    expect(d.answer(ok({ tasks: two, nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'That matches several tasks: “Create the email accounts” or “Create the chat accounts”. Which one?',
    });
  });

  const application = (id: string, name: string, stage: string, openingTitle = 'Backend Engineer') => ({
    id,
    openingTitle,
    stage,
    candidate: { name },
  });

  it('moves Jane Doe to the interview stage: her active application, then the move after approval', () => {
    const c = peopleChat('HR_MANAGER');
    c.say('move Jane Doe to the interview stage');
    const janeId = '0196b0a0-0000-7000-8000-0000000000a1';
    const applications = [
      application('0196b0a0-0000-7000-8000-0000000000a0', 'Jane Doe', 'rejected', 'Designer'),
      application(janeId, 'Jane Doe', 'screening'),
      application('0196b0a0-0000-7000-8000-0000000000a2', 'John Smith', 'applied'),
    ];
    const step = c.answer(ok({ applications, nextCursor: null }));
    expect(planned(step)).toEqual({ tool: 'move_application_stage', arguments: { id: janeId, stage: 'interview' } });
    expect(step.type === 'tool_calls' && step.text).toBe(
      "I'll move Jane Doe (Backend Engineer) from screening to interview.",
    );
    expect(c.answer(ok({ application: application(janeId, 'Jane Doe', 'interview') }))).toEqual({
      type: 'reply',
      text: 'Jane Doe is now at the interview stage for Backend Engineer.',
    });
  });

  it('says so when the candidate is not found or has several active applications', () => {
    const c = peopleChat('HR_MANAGER');
    c.say('move Jane Doe to the interview stage');
    expect(c.answer(ok({ applications: [], nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'I found no active application of Jane Doe that you can see.',
    });
    const d = peopleChat('HR_MANAGER');
    d.say('move Jane Doe to offer');
    const two = [application('x', 'Jane Doe', 'interview'), application('y', 'Jane Doe', 'screening', 'Designer')];
    expect(d.answer(ok({ applications: two, nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'That matches several applications: “Jane Doe, Backend Engineer” or “Jane Doe, Designer”. Which one?',
    });
  });

  it('tells which certificates expire this quarter, soonest first', () => {
    const c = peopleChat('HR_MANAGER');
    c.say('which certificates expire this quarter');
    const certifications = [
      {
        name: 'Forklift licence',
        kind: 'licence',
        employeeName: 'Bob Stone',
        expiryDate: '2026-12-20',
        required: true,
      },
      {
        name: 'First aid',
        kind: 'certification',
        employeeName: 'Alice Martin',
        expiryDate: '2026-12-02',
        required: false,
      },
    ];
    expect(c.answer(ok({ certifications, nextCursor: null }))).toEqual({
      type: 'reply',
      text:
        '2 certificates expire this quarter:\n' +
        '- First aid (certification) of Alice Martin: expires Wed 2 Dec 2026\n' +
        '- Forklift licence (licence) of Bob Stone: expires Sun 20 Dec 2026, required',
    });
    const d = peopleChat();
    d.say('which certificates expire this quarter');
    expect(d.answer(ok({ certifications: [], nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'No certificate you can see expires this quarter.',
    });
  });

  it('enrols the user in the first-aid course after approval', () => {
    const c = peopleChat();
    c.say('enrol me in the first-aid course');
    const courseId = '0196b0a0-0000-7000-8000-0000000000c1';
    const courses = [
      { id: '0196b0a0-0000-7000-8000-0000000000c0', title: 'Fire safety' },
      { id: courseId, title: 'First Aid at Work' },
    ];
    const step = c.answer(ok({ courses, nextCursor: null }));
    expect(planned(step)).toEqual({ tool: 'create_enrolment', arguments: { courseId } });
    expect(step.type === 'tool_calls' && step.text).toBe("I'll enrol you in “First Aid at Work”.");
    expect(c.answer(ok({ enrolment: { id: 'e1' } }))).toEqual({
      type: 'reply',
      text: "You're enrolled in “First Aid at Work”.",
    });
  });

  it('tells how the user’s Q3 goals are going, not their team’s', () => {
    const c = peopleChat('MANAGER');
    c.say('how is my Q3 goal going');
    const goal = (employeeName: string, title: string) => ({
      employeeName,
      title,
      period: '2026-Q3',
      status: 'ACTIVE',
      progress: 45,
      keyResults: [{ title: 'Customers interviewed', currentValue: 9, targetValue: 20, unit: null, progress: 45 }],
    });
    const goals = [goal('Alice Martin', 'Understand our customers'), goal('Bob Stone', 'Ship the billing page')];
    expect(c.answer(ok({ goals, nextCursor: null }))).toEqual({
      type: 'reply',
      text:
        'Your goals for 2026-Q3:\n' +
        '- Understand our customers (2026-Q3): 45 % done\n' +
        '  - Customers interviewed: 9 of 20 (45 %)',
    });
  });

  it('says plainly when the run may not use the area', () => {
    const c = peopleChat().withTools(registryTools([...AGENT_OPERATIONS]));
    expect(c.say('enrol me in the first-aid course')).toEqual({
      type: 'reply',
      text: "Sorry, I can't enrol you in courses here: the token of this session lacks the learning:read and learning:write scopes (learning). A token with learning:read and learning:write would let me.",
    });
  });
});

describe('the built-in model on held-out people-process phrasings (written before its rules)', () => {
  const outcomes = HELD_OUT.map((c) => ({ c, actual: firstStep(c.text, c.today) }));
  const passes = ({ c, actual }: (typeof outcomes)[number]) => {
    if (c.tool === 'question') return actual.type === 'question';
    if (actual.type !== 'tool_calls' || actual.calls[0]?.tool !== c.tool) return false;
    if (registryErrors(actual.calls[0]).length > 0) return false;
    return Object.entries(c.arguments ?? {}).every(([k, v]) => actual.calls[0]!.arguments[k] === v);
  };

  it.each(outcomes.map((o) => [o.c.text, o] as const))('plans "%s" as expected', (_name, outcome) => {
    expect(outcome.actual.type === 'tool_calls' ? outcome.actual.calls[0] : outcome.actual).toMatchObject(
      outcome.c.tool === 'question'
        ? { type: 'question' }
        : { tool: outcome.c.tool, arguments: outcome.c.arguments ?? {} },
    );
    expect(passes(outcome)).toBe(true);
  });

  it('reports its accuracy on them', () => {
    const passed = outcomes.filter(passes).length;
    process.stdout.write(
      `built-in model accuracy on the held-out people-process phrasings: ${passed}/${HELD_OUT.length}\n`,
    );
    expect(passed).toBe(HELD_OUT.length);
  });
});
