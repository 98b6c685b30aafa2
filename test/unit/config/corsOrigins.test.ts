import { loadConfig } from '../../../config/env';
import { MAX_CORS_ORIGINS, parseCorsOrigins } from '../../../config/corsOrigins';

describe('SVC_HR_CORS_ORIGINS', () => {
  it('defaults to the origin of PUBLIC_BASE_URL, itself localhost:PORT by default', () => {
    expect(loadConfig({}, '/tmp').corsOrigins).toEqual(['http://localhost:3000']);
    expect(loadConfig({ PORT: '8080' } as NodeJS.ProcessEnv, '/tmp').corsOrigins).toEqual(['http://localhost:8080']);
    expect(
      loadConfig({ PUBLIC_BASE_URL: 'https://HR.example.com/svc-hr/' } as NodeJS.ProcessEnv, '/tmp').corsOrigins,
    ).toEqual(['https://hr.example.com']);
  });

  it('replaces that default with the listed origins, as browsers write them in Origin', () => {
    const config = loadConfig(
      {
        PUBLIC_BASE_URL: 'https://hr.example.com',
        SVC_HR_CORS_ORIGINS:
          ' https://App.Example.com:443/ ,http://localhost:8080,, http://[::1]:5173,http://svc_hr:3000',
      } as NodeJS.ProcessEnv,
      '/tmp',
    );
    expect(config.corsOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:8080',
      'http://[::1]:5173',
      'http://svc_hr:3000',
    ]);
  });

  it('reads an empty value as unset', () => {
    expect(parseCorsOrigins('')).toBeUndefined();
    expect(loadConfig({ SVC_HR_CORS_ORIGINS: ' ' } as NodeJS.ProcessEnv, '/tmp').corsOrigins).toEqual([
      'http://localhost:3000',
    ]);
  });

  it.each([
    'hr.example.com',
    'localhost:8080',
    'https://hr.example.com/app',
    'https://hr.example.com?x=1',
    'https://hr.example.com#top',
    'https://user@hr.example.com',
    'ftp://hr.example.com',
    'file:///tmp/page.html',
    'null',
    'https://hr example.com',
  ])('refuses %p, naming the variable and the form of an origin', (value) => {
    expect(() =>
      loadConfig({ SVC_HR_CORS_ORIGINS: `http://localhost:8080,${value}` } as NodeJS.ProcessEnv, '/tmp'),
    ).toThrow(`SVC_HR_CORS_ORIGINS: ${JSON.stringify(value)} is not an origin; write scheme://host[:port]`);
  });

  it.each(['*', 'https://*.example.com'])('refuses the wildcard %p', (value) => {
    expect(() => loadConfig({ SVC_HR_CORS_ORIGINS: value } as NodeJS.ProcessEnv, '/tmp')).toThrow(
      /SVC_HR_CORS_ORIGINS: ".*": wildcards are not accepted; list each origin/,
    );
  });

  it(`refuses more than ${MAX_CORS_ORIGINS} origins`, () => {
    const many = Array.from({ length: MAX_CORS_ORIGINS + 1 }, (_, i) => `https://site${i}.example.com`).join(',');
    expect(parseCorsOrigins(many)).toEqual({
      error: `SVC_HR_CORS_ORIGINS lists ${MAX_CORS_ORIGINS + 1} origins; at most ${MAX_CORS_ORIGINS}`,
    });
    expect(() => loadConfig({ SVC_HR_CORS_ORIGINS: many } as NodeJS.ProcessEnv, '/tmp')).toThrow(/at most 100/);
  });
});
