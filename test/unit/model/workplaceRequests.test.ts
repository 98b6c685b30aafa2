import { builtinStep } from '../../../model/builtin/builtinModel';
import type { ModelStep } from '../../../model/types';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, PEOPLE_OPERATIONS, registryErrors, registryTools } from './catalogue';
import { Conversation, declined, failed, ok, planned, WED } from './conversation';
import { HELD_OUT } from './workplaceRequests.heldOut';

/**
 * The built-in model on the part-4 requests of issue 21 (item 7: E-Signatures, Playbook, Inventory, Social,
 * Analytics; Messages' unread messages): a table of phrasings with the first step each must plan, conversations that carry each request
 * through its lookups to the reply or the calls that wait for approval, and the held-out phrasings
 * (workplaceRequests.heldOut.ts, written before the rules). Every planned call passes the registry's own validation.
 */
const WORKPLACE_OPERATIONS = [
  'list_people',
  'list_departments',
  'list_signature_requests',
  'get_signature_document',
  'create_signature_request',
  'list_playbook_documents',
  'list_playbook_unacknowledged',
  'get_playbook_document',
  'publish_playbook_document',
  'list_inventory_items',
  'assign_inventory_item',
  'create_social_post',
  'get_headcount_analytics',
  'list_conversations',
] as const;
const ALL = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS, ...PEOPLE_OPERATIONS, ...WORKPLACE_OPERATIONS]);
const HR = { name: 'Hannah Reyes', role: 'HR_MANAGER' };

function firstStep(text: string, today = WED, role = 'HR_MANAGER'): ModelStep {
  return builtinStep({
    messages: [{ role: 'user', text }],
    tools: ALL,
    today,
    timeZone: 'Europe/Paris',
    user: { name: role === 'HR_MANAGER' ? HR.name : 'Alice Anders', role },
  });
}

function chat(user = HR, today = WED): Conversation {
  return new Conversation(ALL, user, today);
}

const uuid = (n: number) => `0196b0a0-0000-7000-8000-${String(n).padStart(12, '0')}`;
const headcountRead = (from: string, to: string, extra: Record<string, unknown> = {}) => ({
  tool: 'get_headcount_analytics',
  arguments: { from, to, ...extra },
});

const TABLE: { text: string; today?: string; role?: string; tool: string; arguments: Record<string, unknown> }[] = [
  {
    text: 'send the new laptop policy to everyone for signature',
    tool: 'list_signature_requests',
    arguments: { limit: 200 },
  },
  { text: 'Get Bob Brown to sign the NDA', tool: 'list_signature_requests', arguments: { limit: 200 } },
  {
    text: 'who still has not acknowledged the travel policy',
    tool: 'list_playbook_documents',
    arguments: { kind: 'policy', limit: 200 },
  },
  {
    text: 'has everyone acknowledged the security policy?',
    tool: 'list_playbook_documents',
    arguments: { kind: 'policy', limit: 200 },
  },
  { text: 'assign laptop SN123 to Bob', tool: 'list_inventory_items', arguments: { limit: 200 } },
  { text: 'please allocate phone PH-2044 to Carol Chen', tool: 'list_inventory_items', arguments: { limit: 200 } },
  { text: 'hand the badge with serial 88412 to Alice', tool: 'list_inventory_items', arguments: { limit: 200 } },
  { text: 'post a welcome message for Carol', tool: 'list_people', arguments: { limit: 200 } },
  { text: 'Can you share a welcome note for Bob Brown?', tool: 'list_people', arguments: { limit: 200 } },
  { text: 'headcount by department for 2026', ...headcountRead('2026-01-01', '2026-12-31', { byDepartment: 'true' }) },
  { text: 'headcount by quarter in 2025', ...headcountRead('2025-01-01', '2025-12-31', { groupBy: 'quarter' }) },
  { text: "what's our headcount this month", ...headcountRead('2026-11-01', '2026-11-30') },
  {
    text: 'how many employees per department did we have last year',
    ...headcountRead('2025-01-01', '2025-12-31', { byDepartment: 'true' }),
  },
  { text: 'how many employees do we have', ...headcountRead('2026-01-01', '2026-11-25') },
  { text: 'how many people work here in 2025', ...headcountRead('2025-01-01', '2025-12-31') },
  { text: 'what was our turnover last quarter', ...headcountRead('2026-07-01', '2026-09-30') },
  { text: 'what was our turnover last quarter', today: '2027-01-05', ...headcountRead('2026-10-01', '2026-12-31') },
  { text: 'attrition in Q2 2026', ...headcountRead('2026-04-01', '2026-06-30') },
  { text: 'turnover in October', ...headcountRead('2026-10-01', '2026-10-31') },
  { text: 'turnover this year by quarter', ...headcountRead('2026-01-01', '2026-12-31', { groupBy: 'quarter' }) },
  { text: 'any new messages for me?', role: 'EMPLOYEE', tool: 'list_conversations', arguments: { limit: 50 } },
  { text: 'show my DMs', role: 'EMPLOYEE', tool: 'list_conversations', arguments: { limit: 50 } },
];

describe('the built-in model on the part-4 table', () => {
  it.each(TABLE.map((row) => [row.text + (row.today ? ` (today ${row.today})` : ''), row] as const))(
    'plans "%s"',
    (_name, row) => {
      expect(planned(firstStep(row.text, row.today, row.role))).toEqual({ tool: row.tool, arguments: row.arguments });
    },
  );

  it('leaves leave, people processes and the other company requests to their own rules', () => {
    expect(planned(firstStep('book the 4th of December off')).tool).toBe('create_leave_request');
    expect(planned(firstStep('can you give me 2 days off to visit family from Monday')).tool).not.toBe(
      'list_inventory_items',
    );
    expect(planned(firstStep('give me the 4th off to rest')).tool).toBe('create_leave_request');
    expect(planned(firstStep('sign me up for the first-aid course')).tool).toBe('list_courses');
    expect(planned(firstStep('submit a 42.50 EUR taxi expense from Tuesday')).tool).toBe('create_expense_claim');
    expect(planned(firstStep('who is my manager')).tool).toBe('list_people');
  });
});

describe('part-4 conversations', () => {
  const person = (n: number, name: string, department: string | null = 'Engineering', status = 'active') => ({
    id: uuid(n),
    employeeId: n,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@acme.test`,
    jobTitle: department === 'Sales' ? 'Account Executive' : 'Software Engineer',
    department,
    manager: null,
    status,
  });
  const people = (...list: ReturnType<typeof person>[]) => ok({ people: list, nextCursor: null });
  const request = (documentId: string, title: string) => ({ id: uuid(900), document: { id: documentId, title } });

  it('sends the laptop policy to everyone but the sender, one request each, after approval', () => {
    const c = chat();
    c.say('send the new laptop policy to everyone for signature');
    const laptop = uuid(501);
    const step = c.answer(
      ok({ requests: [request(uuid(500), 'NDA'), request(laptop, 'Laptop policy')], nextCursor: null }),
    );
    expect(planned(step)).toEqual({ tool: 'list_people', arguments: { limit: 200 } });
    const sent = c.answer(
      people(
        person(3, 'Hannah Reyes', 'Operations'),
        person(6, 'Alice Anders'),
        person(7, 'Bob Brown'),
        person(52, 'Lee Left', 'Sales', 'terminated'),
      ),
    );
    expect(sent.type === 'tool_calls' && sent.calls.map((call) => call.arguments)).toEqual(
      [6, 7].map((n) => ({
        documentId: laptop,
        title: 'Please sign: Laptop policy',
        signerEmployeeIds: [uuid(n)],
        expiresInDays: 14,
      })),
    );
    if (sent.type === 'tool_calls') sent.calls.forEach((call) => expect(registryErrors(call)).toEqual([]));
    expect(sent.type === 'tool_calls' && sent.text).toBe(
      "I'll send “Laptop policy” for signature to 2 people, one request each, open for 14 days.",
    );
    expect(c.answer(ok({ request: { document: { id: laptop, title: 'Laptop policy' }, title: 'x' } }))).toEqual({
      type: 'reply',
      text: "I've sent “Laptop policy” for signature to 2 people, one request each, open until Wed 9 Dec 2026.",
    });
  });

  it('asks which document when no title matches, and takes an id in answer', () => {
    const c = chat();
    c.say('send the new laptop policy to Bob for signature');
    const question = c.answer(ok({ requests: [request(uuid(500), 'NDA')], nextCursor: null }));
    expect(question).toEqual({
      type: 'question',
      text:
        'I found no document titled “new laptop policy” among those you have sent for signature. Which document ' +
        'should I send? Give its title, or its id if it is new (upload it in E-Signatures first).',
      choices: ['NDA'],
    });
    expect(planned(c.say(uuid(777)))).toEqual({ tool: 'get_signature_document', arguments: { id: uuid(777) } });
    expect(planned(c.answer(ok({ document: { id: uuid(777), title: 'Laptop policy 2027' } })))).toEqual({
      tool: 'list_people',
      arguments: { limit: 200 },
    });
    expect(planned(c.answer(people(person(7, 'Bob Brown'))))).toEqual({
      tool: 'create_signature_request',
      arguments: {
        documentId: uuid(777),
        title: 'Please sign: Laptop policy 2027',
        signerEmployeeIds: [uuid(7)],
        expiresInDays: 14,
      },
    });
    expect(c.answer(declined)).toEqual({ type: 'reply', text: 'Nothing was done: no signature request was sent.' });
  });

  it('tells an employee that HR sends documents for signature', () => {
    expect(firstStep('send the laptop policy to everyone for signature', WED, 'EMPLOYEE')).toEqual({
      type: 'reply',
      text: 'Sorry, only HR (HR managers, admins and owners) send documents for signature.',
    });
  });

  const policy = (n: number, title: string, requiresAcknowledgement = true) => ({
    id: uuid(n),
    kind: 'policy',
    slug: title.toLowerCase().replace(/ /g, '-'),
    title,
    currentVersion: 2,
    publishedAt: '2026-11-01T09:00:00.000Z',
    requiresAcknowledgement,
    draftVersion: null,
  });

  it('tells who has not acknowledged the travel policy, found by its title', () => {
    const c = chat();
    c.say('who still has not acknowledged the travel policy');
    const documents = [policy(601, 'Code of conduct'), policy(602, 'Travel Policy')];
    expect(planned(c.answer(ok({ documents, nextCursor: null })))).toEqual({
      tool: 'list_playbook_unacknowledged',
      arguments: { id: uuid(602), limit: 200 },
    });
    const employees = [
      { employeeId: uuid(6), employeeNumber: 6, name: 'Alice Anders', departmentId: null },
      { employeeId: uuid(7), employeeNumber: 7, name: 'Bob Brown', departmentId: null },
    ];
    expect(c.answer(ok({ versionNumber: 2, total: 2, employees, nextCursor: null }))).toEqual({
      type: 'reply',
      text: '2 people have not acknowledged version 2 of “Travel Policy” yet: Alice Anders, Bob Brown.',
    });
  });

  it('asks which policy when none matches, then answers for the one chosen; says so when none asks', () => {
    const c = chat();
    c.say("who hasn't acknowledged the expenses policy");
    const documents = [policy(601, 'Code of conduct'), policy(602, 'Travel policy', false)];
    expect(c.answer(ok({ documents, nextCursor: null }))).toEqual({
      type: 'question',
      text: 'I found no policy titled “expenses policy” in the Playbook. Which policy do you mean?',
      choices: ['Code of conduct', 'Travel policy'],
    });
    expect(c.say('Travel policy')).toEqual({
      type: 'reply',
      text: '“Travel policy” does not ask for acknowledgement, so there is no one to chase.',
    });
  });

  it('asks everyone to acknowledge the travel policy by publishing its draft, which asks for it', () => {
    const c = chat();
    c.say('send the new travel policy to everyone to acknowledge');
    expect(planned(c.answer(ok({ documents: [policy(602, 'Travel policy')], nextCursor: null })))).toEqual({
      tool: 'get_playbook_document',
      arguments: { id: uuid(602) },
    });
    const version = (number: number, requiresAcknowledgement: boolean) => ({
      number,
      status: number === 3 ? 'draft' : 'published',
      title: 'Travel policy',
      body: 'Trains under 4 hours.',
      requiresAcknowledgement,
      departmentIds: [],
      createdAt: '2026-11-01T09:00:00.000Z',
      updatedAt: '2026-11-01T09:00:00.000Z',
      publishedAt: null,
    });
    const document = { id: uuid(602), kind: 'policy', slug: 'travel-policy', current: version(2, true) };
    const step = c.answer(ok({ document: { ...document, draft: version(3, true) } }));
    expect(planned(step)).toEqual({ tool: 'publish_playbook_document', arguments: { id: uuid(602) } });
    expect(step.type === 'tool_calls' && step.text).toBe(
      "I'll publish version 3 of “Travel policy”: it asks everyone in its scope to acknowledge it.",
    );
    expect(c.answer(ok({ document: { ...document, current: version(3, true) }, acknowledgementRequests: 50 }))).toEqual(
      {
        type: 'reply',
        text: 'Published version 3 of “Travel policy”: 50 people asked to acknowledge it.',
      },
    );
    const d = chat();
    d.say('ask everyone to acknowledge the travel policy');
    d.answer(ok({ documents: [policy(602, 'Travel policy')], nextCursor: null }));
    expect(d.answer(ok({ document: { ...document, draft: null } }))).toEqual({
      type: 'reply',
      text:
        'Everyone in scope was asked to acknowledge “Travel policy” when version 2 was published; a new version asks ' +
        'again. Ask me who has not acknowledged it yet.',
    });
  });

  const item = (n: number, serial: string, status = 'available') => ({
    id: uuid(n),
    name: 'MacBook Pro 14',
    category: 'laptop',
    serial,
    status,
    notes: null,
    holder: status === 'assigned' ? { assignmentId: uuid(1), employeeId: uuid(9), employeeName: 'Carol Chen' } : null,
  });

  it('assigns laptop SN123 to Bob: the item by serial over two pages, Bob by name, after approval', () => {
    const c = chat();
    c.say('assign laptop SN123 to Bob');
    expect(planned(c.answer(ok({ items: [item(700, 'SN999')], nextCursor: uuid(700) })))).toEqual({
      tool: 'list_inventory_items',
      arguments: { limit: 200, cursor: uuid(700) },
    });
    expect(planned(c.answer(ok({ items: [item(701, 'sn123')], nextCursor: null })))).toEqual({
      tool: 'list_people',
      arguments: { limit: 200 },
    });
    const step = c.answer(people(person(6, 'Alice Anders'), person(7, 'Bob Brown')));
    expect(planned(step)).toEqual({ tool: 'assign_inventory_item', arguments: { id: uuid(701), employeeId: uuid(7) } });
    expect(step.type === 'tool_calls' && step.text).toBe("I'll assign “MacBook Pro 14” (sn123) to Bob Brown.");
    const assignment = { item: { name: 'MacBook Pro 14', serial: 'sn123' }, employeeName: 'Bob Brown' };
    expect(c.answer(ok({ assignment }))).toEqual({
      type: 'reply',
      text: 'Done: “MacBook Pro 14” (sn123) is now assigned to Bob Brown.',
    });
  });

  it('asks which Bob when two share the name; says so when the item is taken or unknown', () => {
    const c = chat();
    c.say('assign laptop SN123 to Bob');
    c.answer(ok({ items: [item(701, 'SN123')], nextCursor: null }));
    expect(c.answer(people(person(7, 'Bob Brown'), person(8, 'Bob Black')))).toEqual({
      type: 'question',
      text: 'Which Bob do you mean?',
      choices: ['Bob Brown', 'Bob Black'],
    });
    expect(planned(c.say('Bob Black'))).toEqual({
      tool: 'assign_inventory_item',
      arguments: { id: uuid(701), employeeId: uuid(8) },
    });
    const d = chat();
    d.say('assign laptop SN123 to Bob');
    expect(d.answer(ok({ items: [item(701, 'SN123', 'assigned')], nextCursor: null }))).toEqual({
      type: 'reply',
      text: '“MacBook Pro 14” (SN123) is assigned to Carol Chen: only an available item can be assigned.',
    });
    const e = chat();
    e.say('assign laptop SN123 to Bob');
    expect(e.answer(ok({ items: [], nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'I found no inventory item with the serial SN123.',
    });
    expect(firstStep('assign laptop SN123 to Bob', WED, 'MANAGER')).toEqual({
      type: 'reply',
      text: 'Sorry, only HR (HR managers, admins and owners) assign inventory items.',
    });
  });

  it('posts HR’s welcome for Carol to everyone, with her job', () => {
    const c = chat();
    c.say('post a welcome message for Carol');
    const step = c.answer(people(person(3, 'Hannah Reyes', 'Operations'), person(9, 'Carol Chen', 'Sales')));
    const text =
      "Please join me in welcoming Carol Chen, Account Executive in Sales! We're glad to have you with us, Carol.";
    expect(planned(step)).toEqual({ tool: 'create_social_post', arguments: { audience: 'all', text } });
    expect(c.answer(ok({ post: { id: uuid(1) } }))).toEqual({ type: 'reply', text: `Posted to everyone: “${text}”` });
  });

  it('posts an employee’s welcome to their own department, welcoming the name as written', () => {
    const c = chat({ name: 'Alice Anders', role: 'EMPLOYEE' });
    c.say('post a welcome message for Carol');
    expect(planned(c.answer(people(person(6, 'Alice Anders'))))).toEqual({
      tool: 'list_departments',
      arguments: { limit: 200 },
    });
    const departments = [
      { id: uuid(801), name: 'Sales' },
      { id: uuid(802), name: 'Engineering' },
    ];
    const step = c.answer(ok({ departments, nextCursor: null }));
    expect(planned(step)).toEqual({
      tool: 'create_social_post',
      arguments: {
        audience: 'department',
        departmentId: uuid(802),
        text: "Please join me in welcoming Carol! We're glad to have you with us.",
      },
    });
    expect(c.answer(failed('forbidden', 'You may not post to this department'))).toEqual({
      type: 'reply',
      text: "I couldn't post the welcome message: You may not post to this department.",
    });
  });

  const figures = (from: string, to: string, start: number, end: number, hires: number, leavers: number) => {
    const averageHeadcount = (start + end) / 2;
    return {
      from,
      to,
      headcountStart: start,
      headcountEnd: end,
      hires,
      leavers,
      averageHeadcount,
      turnover: averageHeadcount ? Math.round((leavers / averageHeadcount) * 10000) / 10000 : null,
    };
  };

  it('says the headcount by department for 2026 in the read’s own numbers', () => {
    const c = chat();
    c.say('headcount by department for 2026');
    const headcount = {
      period: figures('2026-01-01', '2026-12-31', 48, 51, 4, 1),
      series: [figures('2026-01-01', '2026-12-31', 48, 51, 4, 1)],
      departments: [
        {
          departmentId: uuid(802),
          departmentName: 'Sales',
          series: [
            figures('2026-01-01', '2026-06-30', 10, 11, 1, 0),
            figures('2026-07-01', '2026-12-31', 11, 12, 1, 0),
          ],
        },
        { departmentId: null, departmentName: null, series: [figures('2026-01-01', '2026-12-31', 1, 1, 0, 0)] },
        {
          departmentId: uuid(801),
          departmentName: 'Engineering',
          series: [figures('2026-01-01', '2026-12-31', 37, 38, 2, 1)],
        },
      ],
    };
    expect(c.answer(ok({ headcount }))).toEqual({
      type: 'reply',
      text:
        'Headcount by department for 2026 (Thu 1 Jan to Thu 31 Dec 2026): 51 people on Thu 31 Dec 2026 (48 on Thu 1 ' +
        'Jan 2026), 4 hires, 1 leaver.\n' +
        '- Engineering: 38 (2 hires, 1 leaver)\n' +
        '- Sales: 12 (2 hires, 0 leavers)\n' +
        '- No department: 1 (0 hires, 0 leavers)',
    });
  });

  it('says today’s headcount as the figures up to today', () => {
    const c = chat();
    c.say('how many employees do we have?');
    const period = figures('2026-01-01', '2026-11-25', 48, 51, 4, 1);
    expect(c.answer(ok({ headcount: { period, series: [period] } }))).toEqual({
      type: 'reply',
      text:
        'Headcount for 2026 so far (Thu 1 Jan to Wed 25 Nov 2026): 51 people on Wed 25 Nov 2026 (48 on Thu 1 Jan ' +
        '2026), 4 hires, 1 leaver.',
    });
  });

  it('says last quarter’s turnover as a percentage of the average headcount', () => {
    const c = chat();
    c.say('what was our turnover last quarter');
    const period = figures('2026-07-01', '2026-09-30', 40, 41, 2, 1);
    expect(c.answer(ok({ headcount: { period, series: [period] } }))).toEqual({
      type: 'reply',
      text:
        'Turnover for Q3 2026 (Wed 1 Jul to Wed 30 Sep 2026): 2.47 %, 1 leaver on an average headcount of 40.5 ' +
        '(40 on Wed 1 Jul 2026, 41 on Wed 30 Sep 2026).',
    });
    const d = chat();
    d.say('what was our turnover last quarter');
    expect(d.answer(failed('forbidden', 'Analytics are for managers, directors and HR'))).toEqual({
      type: 'reply',
      text: "I couldn't read the turnover: Analytics are for managers, directors and HR.",
    });
  });

  it('tells the unread messages: who wrote, how many, the newest', () => {
    const c = chat({ name: 'Alice Anders', role: 'EMPLOYEE' });
    c.say('do I have unread messages');
    const conversation = (kind: string, title: string | null, unreadCount: number, sender: string, text: string) => ({
      id: uuid(1),
      kind,
      title,
      participants: [
        { employeeId: uuid(6), userId: uuid(6), name: 'Alice Anders' },
        { employeeId: uuid(7), userId: uuid(7), name: 'Bob Brown' },
      ],
      lastMessage: {
        id: uuid(2),
        conversationId: uuid(1),
        sender: { userId: uuid(7), name: sender },
        text,
        createdAt: '2026-11-25T09:00:00.000Z',
      },
      unreadCount,
      createdAt: '2026-11-20T09:00:00.000Z',
      lastActivityAt: '2026-11-25T09:00:00.000Z',
    });
    const conversations = [
      conversation('direct', null, 2, 'Bob Brown', 'Lunch at 12?'),
      conversation('group', 'Launch team', 1, 'Carol Chen', 'The demo is at 3.'),
      conversation('direct', null, 0, 'Alice Anders', 'Thanks!'),
    ];
    expect(c.answer(ok({ conversations, nextCursor: null }))).toEqual({
      type: 'reply',
      text:
        'You have 3 unread messages in 2 conversations:\n' +
        '- Bob Brown (2 unread): “Lunch at 12?”\n' +
        '- Launch team (1 unread): Carol Chen: “The demo is at 3.”',
    });
    const d = chat({ name: 'Alice Anders', role: 'EMPLOYEE' });
    d.say('any unread messages?');
    expect(d.answer(ok({ conversations: [conversations[2]], nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'You have no unread messages.',
    });
  });

  it('says plainly when the run may not use the area', () => {
    const c = new Conversation(registryTools([...AGENT_OPERATIONS]), HR, WED);
    expect(c.say('headcount by department for 2026')).toEqual({
      type: 'reply',
      text: "Sorry, I can't report headcount here: the token of this session lacks the analytics:read scope (analytics). A token with analytics:read would let me.",
    });
  });
});

describe('the built-in model on held-out part-4 phrasings (written before its rules)', () => {
  const outcomes = HELD_OUT.map((c) => ({ c, actual: firstStep(c.text, c.today, c.role) }));
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
    process.stdout.write(`built-in model accuracy on the held-out part-4 phrasings: ${passed}/${HELD_OUT.length}\n`);
    expect(passed).toBe(HELD_OUT.length);
  });
});
