import { companyChat, planned } from './conversation';

// Today is Wednesday 25 November 2026 (WED): Monday is the 23rd, Friday gone the 20th. Times on the Paris clock.
describe('a number of hours logged for a day is time worked, not a timesheet to submit', () => {
  it.each([
    ['log 8 hours for monday', 'Mon 23 Nov 2026'],
    ['record 7.5h for yesterday', 'Tue 24 Nov 2026'],
    ['I worked 8 hours on friday', 'Fri 20 Nov 2026'],
    ['put 8 hours on my timesheet for monday', 'Mon 23 Nov 2026'],
  ])('"%s" asks when the work started and finished on that day', (text, day) => {
    const step = companyChat().say(text);
    expect(step).toMatchObject({ type: 'question', text: expect.stringContaining(`start and finish on ${day}?`) });
  });

  it('posts the time entry once the times are told', () => {
    const c = companyChat();
    c.say('log 8 hours for monday');
    expect(planned(c.say('9 to 5'))).toEqual({
      tool: 'create_time_entry',
      arguments: { startedAt: '2026-11-23T08:00:00.000Z', endedAt: '2026-11-23T16:00:00.000Z' },
    });
  });

  it.each(['book 4 hours off on friday', '2 hours of sick leave on monday', 'how many hours have I worked this week'])(
    'does not take "%s" for time worked',
    (text) => {
      const step = companyChat().say(text);
      const said = step.type === 'tool_calls' ? step.calls.map((c) => c.tool).join(' ') : step.text;
      expect(said).not.toMatch(/create_time_entry|start and finish/);
    },
  );
});
