import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Wednesday 25 November 2026: the 20th is gone, the 30th to come.
const TODAY = '2026-11-25';
const tools = registryTools(AGENT_OPERATIONS);
const alice = (today = TODAY) => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, today);

describe('a yearless range already under way', () => {
  it.each([
    'book 20 November to 2 December',
    'book 20-30 November off',
    'leave from the 20th of November to 2 December',
  ])('asks for "%s": the rest of it from today, or next year’s (never books 2027 at once)', (text) => {
    const step = alice().say(text);
    expect(step).toMatchObject({
      type: 'question',
      text: /^That started on Fri 20 Nov 2026\. Do you mean the rest of it/,
    });
    expect(step.type === 'question' && step.choices?.[0]).toMatch(/^Wed 25 Nov to /);
    expect(step.type === 'question' && step.choices?.[1]).toMatch(/^Sat 20 Nov to .* 2027$/);
  });

  it('books the chosen reading: the rest of it, or next year’s', () => {
    const rest = alice();
    const question = rest.say('book 20 November to 2 December');
    const choices = question.type === 'question' ? question.choices! : [];
    expect(rest.say(choices[0]!)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-25', end_date: '2026-12-02' } }],
    });
    const next = alice();
    next.say('book 20 November to 2 December');
    expect(next.say(choices[1]!)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2027-11-20', end_date: '2027-12-02' } }],
    });
  });

  it('asks about a range that ended lately: that one, or next year’s', () => {
    expect(alice().say('book 10 to 20 November')).toMatchObject({
      type: 'question',
      text: /^That went by on Fri 20 Nov 2026\. Do you mean Tue 10 Nov to Fri 20 Nov 2026 or .* 2027\?$/,
    });
  });

  it('crosses the new year: "20 Dec to 3 Jan" said on 28 December', () => {
    expect(alice('2026-12-28').say('book 20 Dec to 3 Jan')).toMatchObject({
      type: 'question',
      choices: ['Mon 28 Dec 2026 to Sun 3 Jan 2027', 'Mon 20 Dec 2027 to Mon 3 Jan 2028'],
    });
  });
});

describe('a yearless day that just went by', () => {
  it('asks whether it is that day or next year’s', () => {
    expect(alice().say('book 24 November')).toMatchObject({
      type: 'question',
      choices: ['Tue 24 Nov 2026', 'Wed 24 Nov 2027'],
    });
  });

  it.each([
    ['book 1 December', '2026-12-01'],
    ['book 24 November 2027', '2027-11-24'],
    ['book next Monday', '2026-11-30'],
  ])('books "%s" at once: to come this year, a year said, or no date of the calendar', (text, start) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: start } }],
    });
  });

  it('keeps reading a day long gone as next year’s ("book 4 May" in November)', () => {
    expect(alice().say('book 4 May')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2027-05-04' } }],
    });
  });

  it('keeps past tense on the day gone ("I was off on 24 November")', () => {
    expect(alice().say('I was off on 24 November, please book it')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-24' } }],
    });
  });
});

describe('only bookings ask about a day gone lately', () => {
  it('reads "cancel my leave request for 24 June" a week after it as next year’s request, without asking', () => {
    expect(alice('2027-07-01').say('cancel my leave request for 24 June')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_leave_requests', arguments: { from: '2028-06-24', to: '2028-06-24' } }],
    });
  });
});

describe('a range gone lately, chosen', () => {
  it('books the range that went by when it is the one chosen (its first day takes the end’s year)', () => {
    const c = alice();
    const question = c.say('book 10 to 20 November');
    const choices = question.type === 'question' ? question.choices! : [];
    expect(c.say(choices[0]!)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-10', end_date: '2026-11-20' } }],
    });
  });

  it.each([
    ['book Tuesday 10 November to Friday 20 November 2026', '2026-11-10', '2026-11-20'],
    ['book Mon 28 Dec to Sun 3 Jan 2027', '2026-12-28', '2027-01-03'],
  ])('reads "%s" as one range in the year written at its end', (text, start, end) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: start, end_date: end } }],
    });
  });
});
