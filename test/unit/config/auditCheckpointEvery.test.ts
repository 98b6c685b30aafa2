import { loadConfig } from '../../../config/env';

const load = (value?: string) =>
  loadConfig(value === undefined ? {} : ({ SVC_HR_AUDIT_CHECKPOINT_EVERY: value } as NodeJS.ProcessEnv), '/tmp');

describe('SVC_HR_AUDIT_CHECKPOINT_EVERY', () => {
  it('signs a checkpoint every 1,000 records of a workspace by default', () => {
    expect(load().audit.checkpointEvery).toBe(1000);
  });

  it.each([
    ['250', 250],
    ['0', 0],
  ])('reads %s as %d (0 turns periodic checkpoints off)', (value, every) => {
    expect(load(value).audit.checkpointEvery).toBe(every);
  });

  it.each(['-1', '2.5', 'often'])('refuses %s with a message naming the variable', (value) => {
    expect(() => load(value)).toThrow(/SVC_HR_AUDIT_CHECKPOINT_EVERY must be/);
  });
});
