import { registryTools } from './catalogue';
import { Conversation } from './conversation';

describe('the built-in model after asking a question', () => {
  it('reads weekdays in the answer inside the week it asked about', () => {
    const chat = new Conversation();
    chat.say('book leave next week');
    expect(chat.say('Tuesday to Thursday')).toEqual({
      type: 'tool_calls',
      calls: [
        {
          id: 'call_3_0',
          tool: 'create_leave_request',
          arguments: { start_date: '2026-12-01', end_date: '2026-12-03' },
        },
      ],
      text: "I'll request leave from Tue 1 Dec to Thu 3 Dec 2026.",
    });
  });

  it('books the whole week when the answer is the first choice', () => {
    const chat = new Conversation();
    const asked = chat.say('book leave next week');
    expect(asked.type === 'question' && asked.choices?.[0]).toBe('The whole week (Mon 30 Nov – Fri 4 Dec)');
    const step = chat.say('The whole week (Mon 30 Nov – Fri 4 Dec)');
    expect(step.type === 'tool_calls' && step.calls[0]!.arguments).toEqual({
      start_date: '2026-11-30',
      end_date: '2026-12-04',
    });
  });

  it('keeps the dates of the request when the answer names the policy', () => {
    const chat = new Conversation();
    chat.say('book study leave on Friday for an exam');
    expect(chat.say('annual')).toEqual({
      type: 'tool_calls',
      calls: [
        {
          id: 'call_3_0',
          tool: 'create_leave_request',
          arguments: { start_date: '2026-11-27', policy: 'Annual leave', reason: 'exam' },
        },
      ],
      text: "I'll request Annual leave on Fri 27 Nov 2026, reason: exam.",
    });
  });

  it('starts the days asked for on the day the answer names', () => {
    const chat = new Conversation();
    expect(chat.say('book 3 days off')).toEqual({ type: 'question', text: 'Which day should the 3 days off start?' });
    const step = chat.say('from Monday');
    expect(step.type === 'tool_calls' && step.calls[0]!.arguments).toEqual({ start_date: '2026-11-30', days: 3 });
  });

  it('ends an open range on the day the answer names', () => {
    const chat = new Conversation();
    chat.say('book leave from Monday');
    const step = chat.say('until Wednesday');
    expect(step.type === 'tool_calls' && step.calls[0]!.arguments).toEqual({
      start_date: '2026-11-30',
      end_date: '2026-12-02',
    });
  });

  it('counts working days when the answer says so', () => {
    const chat = new Conversation();
    chat.say('3 days from Friday');
    const step = chat.say('working days please');
    expect(step.type === 'tool_calls' && step.calls[0]!.arguments).toEqual({
      start_date: '2026-11-27',
      end_date: '2026-12-01',
    });
  });

  it('keeps calendar days when the answer picks them', () => {
    const chat = new Conversation();
    chat.say('3 days from Friday');
    const step = chat.say('3 calendar days (Fri 27 Nov – Sun 29 Nov)');
    expect(step.type === 'tool_calls' && step.calls[0]!.arguments).toEqual({ start_date: '2026-11-27', days: 3 });
  });

  it('reads days of the month in the month it asked about', () => {
    const chat = new Conversation();
    chat.say('I want to take some time off in December');
    const step = chat.say('the 14th to the 18th');
    expect(step.type === 'tool_calls' && step.calls[0]!.arguments).toEqual({
      start_date: '2026-12-14',
      end_date: '2026-12-18',
    });
  });

  it('answers two questions in a row and keeps both answers', () => {
    const chat = new Conversation();
    chat.say('book compassionate leave');
    expect(chat.say('unpaid')).toEqual({ type: 'question', text: 'Which days would you like off?' });
    const step = chat.say('4-6 May');
    expect(step.type === 'tool_calls' && step.calls[0]!.arguments).toEqual({
      start_date: '2027-05-04',
      end_date: '2027-05-06',
      policy: 'Unpaid leave',
    });
  });

  it('drops the request when the user says never mind', () => {
    const chat = new Conversation();
    chat.say('book leave next week');
    expect(chat.say('never mind')).toEqual({ type: 'reply', text: "OK, I've left it: nothing was done." });
  });

  it('takes an answer that is a new request as the new request', () => {
    const chat = new Conversation();
    chat.say('book leave next week');
    const step = chat.say('actually, show my balance');
    expect(step.type === 'tool_calls' && step.calls[0]!.tool).toBe('get_leave_balances');
  });

  it('refuses politely when the access changed before the answer', () => {
    const chat = new Conversation();
    chat.say('book leave next week');
    chat.withTools(registryTools(['get_me', 'list_leave_requests']));
    expect(chat.say('the whole week')).toEqual({
      type: 'reply',
      text: "Sorry, I can't book leave here: the token of this session lacks the leave:write scope (creating leave requests). A token with leave:write would let me.",
    });
  });
});
