import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Wednesday 25 November 2026: this week's Monday to Wednesday is under way, next week's to come.
const TODAY = '2026-11-25';
const tools = registryTools(AGENT_OPERATIONS);
const alice = (today = TODAY) => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, today);

describe('a range of bare weekdays under way this week', () => {
  it.each([
    ['sick from monday to wednesday', 'Mon 23 Nov to Wed 25 Nov 2026', 'Mon 30 Nov to Wed 2 Dec 2026'],
    ['wed to fri', 'Wed 25 Nov to Fri 27 Nov 2026', 'Wed 2 Dec to Fri 4 Dec 2026'],
    ['this monday to wednesday', 'Mon 23 Nov to Wed 25 Nov 2026', 'Mon 30 Nov to Wed 2 Dec 2026'],
    ['book tuesday to thursday off', 'Tue 24 Nov to Thu 26 Nov 2026', 'Tue 1 Dec to Thu 3 Dec 2026'],
  ])('asks for "%s": this week’s or next week’s (never books next week at once)', (text, thisWeek, nextWeek) => {
    expect(alice().say(text)).toMatchObject({ type: 'question', choices: [thisWeek, nextWeek] });
  });

  it('books the chosen week, with the policy said', () => {
    const now = alice();
    const question = now.say('sick from monday to wednesday');
    const choices = question.type === 'question' ? question.choices! : [];
    expect(now.say(choices[0]!)).toMatchObject({
      type: 'tool_calls',
      calls: [
        {
          tool: 'create_leave_request',
          arguments: { start_date: '2026-11-23', end_date: '2026-11-25', policy: 'Sick leave' },
        },
      ],
    });
    const later = alice();
    later.say('sick from monday to wednesday');
    expect(later.say(choices[1]!)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-30', end_date: '2026-12-02' } }],
    });
  });

  it('asks for a sick day said on its own weekday: today or next week’s', () => {
    const c = alice();
    expect(c.say('off sick on wednesday')).toMatchObject({
      type: 'question',
      text: 'Do you mean today, Wed 25 Nov 2026, or next week, Wed 2 Dec 2026?',
      choices: ['Wed 25 Nov 2026', 'Wed 2 Dec 2026'],
    });
    expect(c.say('Wed 25 Nov 2026')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-25', policy: 'Sick leave' } }],
    });
  });

  it.each([
    ['sick monday and tuesday', 'Mon 23 Nov to Tue 24 Nov 2026', 'Mon 30 Nov to Tue 1 Dec 2026'],
    ['sick monday', 'Mon 23 Nov 2026', 'Mon 30 Nov 2026'],
  ])('asks for "%s", sick days this week already gone: this week’s or next week’s', (text, thisWeek, nextWeek) => {
    expect(alice().say(text)).toMatchObject({
      type: 'question',
      text: `Do you mean this week, ${thisWeek}, or next week, ${nextWeek}?`,
      choices: [thisWeek, nextWeek],
    });
  });

  it.each([
    ['take wednesday off', { start_date: '2026-12-02' }],
    ['thursday to friday', { start_date: '2026-11-26', end_date: '2026-11-27' }],
    ['monday to tuesday', { start_date: '2026-11-30', end_date: '2026-12-01' }],
    ['next monday to wednesday', { start_date: '2026-11-30', end_date: '2026-12-02' }],
  ])(
    'books "%s" at once: this week’s is all to come, or all gone, or the week is said, or one day not sick',
    (text, args) => {
      expect(alice().say(text)).toMatchObject({
        type: 'tool_calls',
        calls: [{ tool: 'create_leave_request', arguments: args }],
      });
    },
  );

  it('reads a past-tense range as this week’s ("I was sick from Monday to Tuesday")', () => {
    expect(alice().say('I was sick from Monday to Tuesday')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-23', end_date: '2026-11-24' } }],
    });
  });
});
