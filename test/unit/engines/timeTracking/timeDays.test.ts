import {
  dayWarnings,
  daysOfWeek,
  minutesBetween,
  monthBounds,
  mondayOf,
  overtimeOf,
  weeksOfMonth,
  weekWarnings,
  workedMinutesOf,
} from '../../../../engines/timeTracking/timeDays';
import { defaultTimeTrackingPolicy as policy } from '../../../../engines/timeTracking/timePolicy';

const t = (hhmm: string, date = '2026-11-18') => new Date(`${date}T${hhmm}:00.000Z`);

describe('the calendar of Time Tracking', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday is its own
    ['2026-11-29', '2026-11-23'], // a Sunday belongs to the week before it
    ['2026-11-25', '2026-11-23'],
    ['2027-01-01', '2026-12-28'], // across the year end
    ['2028-03-01', '2028-02-28'], // across a leap day
  ])('puts %s in the ISO week of Monday %s', (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });

  it('lists the seven days of a week, Monday to Sunday', () => {
    expect(daysOfWeek('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it.each([
    ['2026-11', '2026-11-01', '2026-11-30'],
    ['2028-02', '2028-02-01', '2028-02-29'],
    ['2027-02', '2027-02-01', '2027-02-28'],
    ['2026-12', '2026-12-01', '2026-12-31'],
  ])('bounds the month %s from %s to %s', (month, first, last) => {
    expect(monthBounds(month)).toEqual({ first, last });
  });

  it.each([
    // November 2026 begins on a Sunday: the week of 26 October ends on 1 November, so it is November's.
    ['2026-11', ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']],
    // 2027-01-03 is a Sunday: the week straddling the year end is paid in January.
    ['2027-01', ['2026-12-28', '2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25']],
    ['2026-12', ['2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21']],
    // February 2026 starts on a Sunday and ends on a Saturday: its last days belong to March.
    ['2026-02', ['2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16']],
  ])('gives %s the weeks whose Sunday falls in it', (month, mondays) => {
    expect(weeksOfMonth(month)).toEqual(mondays);
  });

  it('pays every week with exactly one month over two years', () => {
    const months = Array.from(
      { length: 24 },
      (_, i) => `${2026 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    );
    const mondays = months.flatMap(weeksOfMonth);
    expect(new Set(mondays).size).toBe(mondays.length);
    for (let i = 1; i < mondays.length; i += 1) {
      expect((Date.parse(mondays[i]!) - Date.parse(mondays[i - 1]!)) / 86_400_000).toBe(7);
    }
  });
});

describe('the minutes of an entry', () => {
  it.each([
    ['08:00', '16:30', 30, null, '16:30', 480],
    ['08:00', null, 0, null, '10:15', 135], // open: counted up to now
    ['08:00', null, 15, '12:00', '12:20', 225], // 260 less 15 and the 20 of the break under way
    ['08:00', '08:00', 0, null, '09:00', 0],
    ['08:00', '08:10', 30, null, '09:00', 0], // never negative
    ['08:00:30', '08:01', 0, null, '09:00', 0], // whole minutes
  ] as const)(
    'from %s to %s with %s break minutes (break open since %s, now %s) is %s worked',
    (start, end, pause, onBreak, now, worked) => {
      const at = (s: string) => new Date(`2026-11-18T${s.length === 5 ? `${s}:00` : s}.000Z`);
      const entry = {
        startedAt: at(start),
        endedAt: end ? at(end) : null,
        breakMinutes: pause,
        openBreakSince: onBreak ? at(onBreak) : null,
      };
      expect(workedMinutesOf(entry, at(now))).toBe(worked);
    },
  );

  it('counts whole minutes between two instants, never negative', () => {
    expect(minutesBetween(t('08:00'), t('09:59'))).toBe(119);
    expect(minutesBetween(t('09:00'), t('08:00'))).toBe(0);
  });
});

describe('warnings and overtime', () => {
  it.each([
    [480, 30, []],
    [600, 0, ['short_break']], // over six hours with no break
    [601, 45, ['daily_limit_exceeded']],
    [660, 10, ['daily_limit_exceeded', 'short_break']],
    [360, 0, []], // six hours exactly need no break
  ] as const)(
    'warns of a day of %s worked minutes with %s break minutes: %j',
    (workedMinutes, breakMinutes, warnings) => {
      expect(dayWarnings({ workedMinutes, breakMinutes }, policy)).toEqual(warnings);
    },
  );

  it('gathers a week’s warnings once each, with the weekly limit', () => {
    const days = [
      { warnings: ['short_break' as const] },
      { warnings: ['daily_limit_exceeded' as const, 'short_break' as const] },
    ];
    expect(weekWarnings(days, 2880, policy)).toEqual(['daily_limit_exceeded', 'short_break']);
    expect(weekWarnings([], 2881, policy)).toEqual(['weekly_limit_exceeded']);
  });

  it.each([
    [2010, 1680, 330],
    [2400, 2400, 0],
    [1200, 2400, 0], // time short of the target is not carried as negative overtime
  ])('gives %s worked against %s target %s minutes of overtime', (worked, target, overtime) => {
    expect(overtimeOf(worked, target)).toBe(overtime);
  });
});
