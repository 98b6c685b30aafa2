import { exampleAppNotice } from '../../../api/exampleApp/exposure';
import { loadConfig } from '../../../config/env';

/**
 * When the example app may be served: `svc-hr start` turns it on by default (config `undefined`) only while the
 * API listens on a loopback address; on any other HOST it stays off unless SVC_HR_EXAMPLE_APP=true says so, and
 * then the API logs a line saying it is exposed.
 */
const configOf = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env } as NodeJS.ProcessEnv);

describe('the example app rule', () => {
  const cases: Array<[string, string | undefined, boolean | undefined]> = [
    ['127.0.0.1', undefined, undefined],
    ['localhost', undefined, undefined],
    ['LOCALHOST.', undefined, undefined],
    ['::1', undefined, undefined],
    ['[::1]', undefined, undefined],
    ['127.0.0.2', undefined, undefined],
    ['0.0.0.0', undefined, false],
    ['::', undefined, false],
    ['192.168.1.5', undefined, false],
    ['hr.example.com', undefined, false],
    ['0.0.0.0', '', false],
    ['0.0.0.0', 'false', false],
    ['0.0.0.0', 'true', true],
    ['0.0.0.0', '1', true],
    ['127.0.0.1', 'false', false],
    ['127.0.0.1', 'true', true],
  ];
  it.each(cases)('HOST=%s SVC_HR_EXAMPLE_APP=%s → %s', (host, flag, expected) => {
    const config = configOf({ HOST: host, ...(flag === undefined ? {} : { SVC_HR_EXAMPLE_APP: flag }) });
    expect(config.exampleApp).toBe(expected);
  });

  it('logs a line when the example app is on while the API listens beyond loopback', () => {
    const config = configOf({ HOST: '0.0.0.0', SVC_HR_EXAMPLE_APP: 'true' });
    expect(exampleAppNotice(config)).toBe(
      'The example app is on (SVC_HR_EXAMPLE_APP=true) while the API listens on 0.0.0.0, not a loopback address: ' +
        'its page is served to every client; its demo sign-in still answers only requests from this machine',
    );
  });

  it('logs nothing on loopback, or when the app is off', () => {
    expect(exampleAppNotice({ ...configOf({}), exampleApp: true })).toBeUndefined();
    expect(exampleAppNotice(configOf({ HOST: '0.0.0.0' }))).toBeUndefined();
    expect(exampleAppNotice(configOf({ HOST: '0.0.0.0', SVC_HR_EXAMPLE_APP: 'false' }))).toBeUndefined();
  });
});
