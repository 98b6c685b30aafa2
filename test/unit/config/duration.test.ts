import { loadConfig } from '../../../config/env';
import { formatDuration, parseDuration } from '../../../config/duration';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['15m', 900_000],
    ['4h', 14_400_000],
    ['2d', 172_800_000],
    [' 3 d ', 259_200_000],
  ])('reads %p as %p ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '2', 'd', '1.5h', '2 days', '-1s', '1h30m'])('refuses %p', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  it('writes a duration back in its largest whole unit', () => {
    expect([172_800_000, 90_000, 1500].map(formatDuration)).toEqual(['2d', '90s', '1500ms']);
  });
});

describe('leave configuration', () => {
  it('reminds after 2 days, escalates 3 days later and uses the real calendar by default', () => {
    expect(loadConfig({}).leave).toEqual({
      remindAfterMs: 172_800_000,
      escalateAfterMs: 259_200_000,
      dayMs: undefined,
      reconcileSeconds: 60,
    });
  });

  it('takes short delays and a test time scale from the environment', () => {
    const { leave } = loadConfig({
      SVC_HR_LEAVE_REMIND_AFTER: '2s',
      SVC_HR_LEAVE_ESCALATE_AFTER: '500ms',
      SVC_HR_LEAVE_DAY_MS: '2000',
    });
    expect(leave).toMatchObject({ remindAfterMs: 2000, escalateAfterMs: 500, dayMs: 2000 });
  });

  it('names each invalid leave setting and the form it expects', () => {
    expect(() =>
      loadConfig({ SVC_HR_LEAVE_REMIND_AFTER: '2 days', SVC_HR_LEAVE_ESCALATE_AFTER: '0s', SVC_HR_LEAVE_DAY_MS: 'x' }),
    ).toThrow(
      [
        'Invalid configuration:',
        '  SVC_HR_LEAVE_REMIND_AFTER: SVC_HR_LEAVE_REMIND_AFTER must be a positive duration like 30s, 15m, 4h or 2d',
        '  SVC_HR_LEAVE_ESCALATE_AFTER: SVC_HR_LEAVE_ESCALATE_AFTER must be a positive duration like 30s, 15m, 4h or 2d',
        '  SVC_HR_LEAVE_DAY_MS: SVC_HR_LEAVE_DAY_MS must be a number',
      ].join('\n'),
    );
  });
});
