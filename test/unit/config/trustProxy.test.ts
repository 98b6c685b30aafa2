import { loadConfig } from '../../../config/env';
import { fastifyTrustProxy, parseTrustProxy } from '../../../config/trustProxy';

describe('SVC_HR_TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}, '/tmp').trustProxy).toBe(false);
  });

  it.each([
    ['', false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.7 ,::1', ['10.0.0.0/8', '192.168.1.7', '::1']],
    ['fd00::/8,uniquelocal', ['fd00::/8', 'uniquelocal']],
  ])('reads %p as %p', (value, trust) => {
    expect(parseTrustProxy(value)).toEqual(trust);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0/8', 'proxy.internal', '1.2.3.4/8/1', '::1/129', '-1'])(
    'refuses %p with a message naming the variable',
    (value) => {
      expect(parseTrustProxy(value)).toBeUndefined();
      expect(() => loadConfig({ SVC_HR_TRUST_PROXY: value } as NodeJS.ProcessEnv, '/tmp')).toThrow(
        /SVC_HR_TRUST_PROXY must be true, false, a number of proxies/,
      );
    },
  );

  it('gives Fastify a hop count as the function proxy-addr makes of one', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false, false]);
    expect(fastifyTrustProxy(['loopback'])).toEqual(['loopback']);
  });
});
