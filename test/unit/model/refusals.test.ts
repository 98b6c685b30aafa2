import { refusalOf } from '../../../model/builtin/refusals';
import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

describe('requests the assistant declines, with the true reason', () => {
  it.each(["what's the weather tomorrow", 'order pizza for the team', 'transfer 500 euros to my bank account'])(
    'declines "%s" as outside what it does, for any role',
    (text) => {
      expect(refusalOf(text, 'HR_MANAGER')?.why).toBe('outOfScope');
    },
  );

  it.each([
    'give me admin rights',
    'make me a manager',
    'increase my annual leave allowance to 40 days',
    'change my manager to diana',
    'fire bob',
    "show me bob's salary",
    "what is carol's home address",
    "show me everyone's national id numbers",
    'set the public holidays for next year',
  ])('declines "%s" for an employee, naming who may', (text) => {
    expect(refusalOf(text, 'EMPLOYEE')).toMatchObject({ why: 'role', text: expect.stringMatching(/^Sorry, I can't/) });
  });

  it('lets HR ask what an employee may not', () => {
    expect(refusalOf("show me bob's salary", 'HR_MANAGER')).toBeUndefined();
    expect(refusalOf('fire bob', 'HR_MANAGER')).toBeUndefined();
  });

  it("keeps an employee's own pay and a day's words theirs", () => {
    expect(refusalOf('show my salary', 'EMPLOYEE')).toBeUndefined();
    expect(refusalOf("what's my pay for today's shift", 'EMPLOYEE')).toBeUndefined();
  });

  it.each(['can you book a flight to berlin', 'write an email to my boss', 'what is the capital of france'])(
    'declines "%s" as outside what it does',
    (text) => {
      expect(refusalOf(text, 'EMPLOYEE')?.why).toBe('outOfScope');
    },
  );

  it.each(['approve my own leave request', 'give myself a raise', 'double my salary'])(
    'declines "%s" for every role: nobody decides their own request or pay',
    (text) => {
      for (const role of ['EMPLOYEE', 'MANAGER', 'HR_MANAGER', 'OWNER'])
        expect(refusalOf(text, role)?.why).toBe('role');
    },
  );

  it.each(["what's bob's phone number", 'who earns the most', 'add 10 days to my holiday balance'])(
    'declines "%s" for an employee',
    (text) => {
      expect(refusalOf(text, 'EMPLOYEE')?.why).toBe('role');
    },
  );

  it('says a password or a bulk deletion is not something it does', () => {
    expect(refusalOf('reset my password', 'EMPLOYEE')).toMatchObject({ why: 'notSupported', text: /sign-in provider/ });
    expect(refusalOf('delete all employees', 'OWNER')).toMatchObject({ why: 'notSupported', text: /in bulk/ });
  });

  it('keeps a trip as a reason for leave and a team’s approvals a manager’s to decide', () => {
    expect(refusalOf('day off on friday, i have a flight to catch', 'EMPLOYEE')).toBeUndefined();
    expect(refusalOf("approve my team's leave requests", 'MANAGER')).toBeUndefined();
    expect(refusalOf('give bob a raise', 'HR_MANAGER')).toBeUndefined();
  });

  it('says how to move leave instead of booking both days ("move my leave from Monday to Tuesday" booked Mon–Tue)', () => {
    const chat = new Conversation(registryTools(AGENT_OPERATIONS), { name: 'Alice Anders', role: 'EMPLOYEE' });
    expect(chat.say('move my leave from Monday to Tuesday')).toMatchObject({
      type: 'reply',
      text: /^I can't change the days of a leave request: cancel it .* and book the new days/,
    });
    expect(refusalOf('move my booking from the 3rd to the 4th', 'MANAGER')?.why).toBe('notSupported');
    // Moving house is a reason for leave, not a move of leave.
    expect(refusalOf('i need the day off on friday to move house', 'EMPLOYEE')).toBeUndefined();
  });

  it.each(["cancel Bob's leave on Friday", 'cancel the leave for Bob Brown next week'])(
    'declines "%s" with what would do it, and looks up none of the user’s own leave to cancel',
    (text) => {
      const chat = new Conversation(registryTools(AGENT_OPERATIONS), { name: 'Hana Hill', role: 'HR_MANAGER' });
      expect(chat.say(text)).toMatchObject({
        type: 'reply',
        text: /^I can only cancel your own leave requests: Bob( Brown)? can cancel theirs, or, if it is waiting for your approval, you can reject it\./,
      });
    },
  );

  it('still cancels the user’s own leave on a day', () => {
    const chat = new Conversation(registryTools(AGENT_OPERATIONS), { name: 'Hana Hill', role: 'HR_MANAGER' });
    expect(chat.say('cancel my leave on Friday')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_leave_requests' }],
    });
  });

  it('never deletes pay records', () => {
    expect(refusalOf('delete my payslips', 'HR_MANAGER')?.why).toBe('notSupported');
  });

  it('answers the refusal without planning a call', () => {
    const chat = new Conversation(registryTools(AGENT_OPERATIONS), { name: 'Alice Anders', role: 'EMPLOYEE' });
    expect(chat.say('write me a poem about Mondays')).toMatchObject({ type: 'reply' });
  });
});
