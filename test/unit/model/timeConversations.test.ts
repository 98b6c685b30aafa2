import { WED, companyChat, declined, failed, ok, planned } from './conversation';

/**
 * Time tracking as conversations with the built-in model (issue 19, item 6): the live clock, and time one forgot
 * to clock. Times are told on the tenant's clock (Europe/Paris); today is Wednesday 25 November 2026.
 */
function entry(fields: Record<string, unknown>, warnings: string[] = []) {
  const base = { date: WED, endedAt: null, breakMinutes: 0, onBreakSince: null, workedMinutes: 0, open: true };
  return ok({ entry: { ...base, ...fields }, warnings });
}

describe('the live clock', () => {
  it('says when the person clocked in, on the tenant clock', () => {
    const c = companyChat();
    expect(planned(c.say('clock me in')).tool).toBe('clock_in');
    expect(c.answer(entry({ startedAt: '2026-11-25T08:02:00.000Z' }))).toEqual({
      type: 'reply',
      text: "You're clocked in since 09:02.",
    });
  });

  it('tells the time worked on clocking out, with the policy warnings', () => {
    const c = companyChat();
    c.say("I'm done for the day");
    const out = entry(
      {
        startedAt: '2026-11-25T08:02:00.000Z',
        endedAt: '2026-11-25T16:40:00.000Z',
        breakMinutes: 30,
        workedMinutes: 488,
        open: false,
      },
      ['daily_limit_exceeded'],
    );
    expect(c.answer(out)).toEqual({
      type: 'reply',
      text:
        "You're clocked out at 17:40: 8 h 8 min worked since 09:02, 30 min of breaks. " +
        'Note: the day is now over the daily limit of your time policy.',
    });
  });

  it('starts and ends breaks', () => {
    const start = companyChat();
    start.say('going on my lunch break');
    const onBreak = { startedAt: '2026-11-25T08:00:00.000Z', onBreakSince: '2026-11-25T11:30:00.000Z' };
    expect(start.answer(entry(onBreak))).toEqual({ type: 'reply', text: 'Your break started at 12:30.' });
    const end = companyChat();
    end.say('end my break');
    expect(end.answer(entry({ startedAt: '2026-11-25T08:00:00.000Z', breakMinutes: 45 }))).toEqual({
      type: 'reply',
      text: 'Your break is over: 45 min of breaks since you clocked in.',
    });
  });

  it('says nothing was done when declined, and why when the clock refused', () => {
    const no = companyChat();
    no.say('clock me in');
    expect(no.answer(declined)).toEqual({ type: 'reply', text: 'Nothing was done: you are not clocked in.' });
    const refused = companyChat();
    refused.say('clock me in');
    expect(refused.answer(failed('conflict', 'You are already clocked in since 08:02'))).toEqual({
      type: 'reply',
      text: "I couldn't clock you in: You are already clocked in since 08:02.",
    });
  });
});

describe('time one forgot to clock', () => {
  it('asks for the hours, reads the answer, and tells what was recorded', () => {
    const c = companyChat();
    expect(c.say('I forgot to clock in yesterday')).toEqual({
      type: 'question',
      text: 'What time did you start and finish on Tue 24 Nov 2026? For example "9 to 5" or "8:30-17:00".',
    });
    expect(planned(c.say('9 to 5 with a 30 min break'))).toEqual({
      tool: 'create_time_entry',
      arguments: { startedAt: '2026-11-24T08:00:00.000Z', endedAt: '2026-11-24T16:00:00.000Z', breakMinutes: 30 },
    });
    const recorded = entry({
      date: '2026-11-24',
      startedAt: '2026-11-24T08:00:00.000Z',
      endedAt: '2026-11-24T16:00:00.000Z',
      breakMinutes: 30,
      workedMinutes: 450,
      open: false,
    });
    expect(c.answer(recorded)).toEqual({
      type: 'reply',
      text: "I've recorded your work on Tue 24 Nov 2026 from 09:00 to 17:00: 7 h 30 min worked (30 min of breaks).",
    });
  });

  it('asks for a past day when the day named is to come, and reads a bare weekday as the one gone', () => {
    const c = companyChat();
    c.say('I worked 9 to 5 tomorrow');
    expect(planned(c.say('Monday')).arguments).toEqual({
      startedAt: '2026-11-23T08:00:00.000Z',
      endedAt: '2026-11-23T16:00:00.000Z',
    });
  });

  it('says why the entry was refused', () => {
    const c = companyChat();
    c.say('I worked 9 to 5 yesterday');
    expect(c.answer(failed('conflict', 'It overlaps another entry of yours'))).toEqual({
      type: 'reply',
      text: "I couldn't record your work on Tue 24 Nov 2026 from 09:00 to 17:00: It overlaps another entry of yours.",
    });
  });
});
