import { loadConfig } from '../../../config/env';

describe('SVC_HR_WEBHOOK_RETRY_SCHEDULE', () => {
  it('defaults to the Standard Webhooks-like schedule: at once, 5s, 5m, 30m, 2h, 5h, 10h, 10h', () => {
    expect(loadConfig({}).webhooks.retryScheduleMs).toEqual([
      0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
  });

  it('reads a short schedule for tests', () => {
    expect(loadConfig({ SVC_HR_WEBHOOK_RETRY_SCHEDULE: '0, 200ms,400ms' }).webhooks.retryScheduleMs).toEqual([
      0, 200, 400,
    ]);
  });

  it.each(['', 'soon', '0,5x', '0,,5s'])('refuses %j with a clear error', (value) => {
    expect(() => loadConfig({ SVC_HR_WEBHOOK_RETRY_SCHEDULE: value })).toThrow(/SVC_HR_WEBHOOK_RETRY_SCHEDULE must be/);
  });

  it('refuses a secret key that is not 32 bytes of base64', () => {
    expect(() => loadConfig({ SVC_HR_WEBHOOK_SECRET_KEY: 'abc' })).toThrow(
      /SVC_HR_WEBHOOK_SECRET_KEY must be 32 bytes/,
    );
  });
});
