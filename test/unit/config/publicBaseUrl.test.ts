import { loadConfig } from '../../../config/env';

const load = (value: string) => loadConfig({ PUBLIC_BASE_URL: value } as NodeJS.ProcessEnv, '/tmp');

describe('PUBLIC_BASE_URL', () => {
  it('defaults to localhost on the port, and is taken without its trailing slash', () => {
    expect(loadConfig({}, '/tmp').publicBaseUrl).toBe('http://localhost:3000');
    expect(load('https://hr.acme.test/').publicBaseUrl).toBe('https://hr.acme.test');
    expect(load('https://acme.test/hr').publicBaseUrl).toBe('https://acme.test/hr');
  });

  it.each(['hr.acme.test', 'not a url', 'ftp://hr.acme.test', 'https://hr.acme.test/?x=1', 'https://u:p@hr.acme.test'])(
    'refuses %p at startup, naming the variable',
    (value) => {
      expect(() => load(value)).toThrow(/PUBLIC_BASE_URL: PUBLIC_BASE_URL must be an http\(s\) URL/);
    },
  );
});
