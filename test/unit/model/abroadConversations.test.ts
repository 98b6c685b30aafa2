import { WED, companyChat, declined, failed, ok, planned } from './conversation';

/**
 * Work From Anywhere as conversations with the built-in model (issue 19, item 6): asking to work from a city (its
 * country, its days), and who is abroad. Today is Wednesday 25 November 2026.
 */
describe('working from abroad', () => {
  it('asks the country of a city it does not know, and notes a policy breach', () => {
    const c = companyChat();
    expect(c.say("I'll work from Springfield 5 to 9 April")).toEqual({
      type: 'question',
      text: 'Which country is Springfield in?',
    });
    expect(planned(c.say('USA'))).toEqual({
      tool: 'create_work_from_anywhere_request',
      arguments: { country: 'US', city: 'Springfield', startDate: '2027-04-05', endDate: '2027-04-09' },
    });
    const request = {
      employeeName: 'Alice Martin',
      country: 'US',
      city: 'Springfield',
      startDate: '2027-04-05',
      endDate: '2027-04-09',
      days: 5,
      status: 'PENDING',
      breaches: ['country'],
    };
    expect(c.answer(ok({ request }))).toEqual({
      type: 'reply',
      text:
        "I've asked to work from Springfield, United States from Mon 5 Apr to Fri 9 Apr 2027 (5 days). It is " +
        'PENDING, waiting for approval. Note: it goes beyond the policy (country), so HR decides after your manager.',
    });
  });

  it('asks which days, and says nothing was done when declined', () => {
    const c = companyChat();
    expect(c.say("I'll work from Lisbon")).toEqual({
      type: 'question',
      text: 'Which days will you work from Lisbon, Portugal?',
    });
    expect(planned(c.say('3 to 14 March')).arguments).toEqual({
      country: 'PT',
      city: 'Lisbon',
      startDate: '2027-03-03',
      endDate: '2027-03-14',
    });
    expect(c.answer(declined)).toEqual({
      type: 'reply',
      text: 'Nothing was done: you declined the request to work from Lisbon, Portugal from Wed 3 Mar to Sun 14 Mar 2027.',
    });
  });
});

describe('who is abroad', () => {
  it.each([
    ['who was abroad on 20 November', { date: '2026-11-20' }],
    ['who was abroad the week of 16 November', { from: '2026-11-16', to: '2026-11-20' }],
    ['who is abroad on 2 December', { date: '2026-12-02' }],
  ])('reads "%s" on its nearest day, gone or to come', (text, args) => {
    expect(companyChat('MANAGER').say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_people_abroad', arguments: args }],
    });
  });

  const request = (employeeName: string, city: string, country: string, startDate: string, endDate: string) => ({
    employeeName,
    city,
    country,
    startDate,
    endDate,
  });

  it('tells who, where and which days', () => {
    const c = companyChat();
    c.say('who is abroad this week');
    const requests = [
      request('Carol Diaz', 'Madrid', 'ES', '2026-11-26', '2026-11-30'),
      request('Bob Stone', 'Lisbon', 'PT', '2026-11-16', '2026-11-27'),
    ];
    expect(c.answer(ok({ date: '2026-11-23', from: '2026-11-23', to: '2026-11-29', requests }))).toEqual({
      type: 'reply',
      text:
        '2 people are abroad between Mon 23 Nov and Sun 29 Nov 2026:\n' +
        '- Bob Stone: Lisbon, Portugal, Mon 16 Nov – Fri 27 Nov 2026\n' +
        '- Carol Diaz: Madrid, Spain, Thu 26 Nov – Mon 30 Nov 2026',
    });
  });

  it('says so when nobody is, and when the read failed', () => {
    const none = companyChat();
    none.say('who is abroad today');
    expect(none.answer(ok({ date: WED, from: WED, to: WED, requests: [] }))).toEqual({
      type: 'reply',
      text: 'Nobody you can see is abroad on Wed 25 Nov 2026.',
    });
    const refused = companyChat();
    refused.say('who is abroad today');
    expect(refused.answer(failed('forbidden', 'This credential lacks the scope work-from-anywhere:read'))).toEqual({
      type: 'reply',
      text: "I couldn't look up who is abroad: This credential lacks the scope work-from-anywhere:read.",
    });
  });
});
