import { cycleTimeline, REMIND_DAYS_BEFORE_CLOSE } from '../../../../engines/performance/cycleTimeline';

/** The days a review cycle's workflow acts on: open on opensOn, remind three days before the close, close after closesOn. */
describe('cycleTimeline', () => {
  it('reminds three days before the close, and closes when the day after closesOn begins', () => {
    expect(REMIND_DAYS_BEFORE_CLOSE).toBe(3);
    expect(cycleTimeline('2026-12-01', '2026-12-14')).toEqual({
      opensOn: '2026-12-01',
      remindOn: '2026-12-12', // the 12th, 13th and 14th left to finish
      closesAt: '2026-12-15',
    });
  });

  // 2028 is a leap year: from 2 March, three days back is 28 February (29 February lies between).
  it('crosses a month, a year and a leap day', () => {
    expect(cycleTimeline('2027-12-20', '2028-01-01')).toMatchObject({ remindOn: '2027-12-30', closesAt: '2028-01-02' });
    expect(cycleTimeline('2028-02-01', '2028-03-01')).toMatchObject({ remindOn: '2028-02-28', closesAt: '2028-03-02' });
  });

  it.each([
    ['a one-day cycle', '2026-12-01', '2026-12-01'],
    ['a three-day cycle (the reminder would fall on the opening day)', '2026-12-01', '2026-12-03'],
  ])('sends no reminder in %s: the opening notice says it all', (_, opensOn, closesOn) => {
    expect(cycleTimeline(opensOn, closesOn).remindOn).toBeNull();
  });

  it('reminds on the day after the opening in a four-day cycle', () => {
    expect(cycleTimeline('2026-12-01', '2026-12-04').remindOn).toBe('2026-12-02');
  });
});
