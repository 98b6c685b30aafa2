import { createHash } from 'node:crypto';
import { rateLimitKey } from '../../../api/rateLimit';

const hashOf = (credential: string) => `token:${createHash('sha256').update(credential).digest('base64url')}`;

describe('rateLimitKey', () => {
  it.each([
    ['Bearer svc_pat_abc', 'svc_pat_abc'],
    ['bearer   svc_pat_abc  ', 'svc_pat_abc'],
    ['Basic dXNlcjpwYXNz', 'Basic dXNlcjpwYXNz'],
    ['Bearer', 'Bearer'],
  ])('counts Authorization %j under the SHA-256 of %j', (authorization, credential) => {
    expect(rateLimitKey(authorization, '203.0.113.7')).toBe(hashOf(credential));
  });

  it('never puts the credential itself in the key', () => {
    expect(rateLimitKey('Bearer svc_pat_secret', '203.0.113.7')).not.toContain('svc_pat_secret');
  });

  it.each([
    ['no Authorization header', undefined, '203.0.113.7', 'ip:203.0.113.7'],
    ['a blank Authorization header', '   ', '203.0.113.7', 'ip:203.0.113.7'],
    ['an IPv4-mapped IPv6 address', undefined, '::ffff:203.0.113.7', 'ip:203.0.113.7'],
    ['an IPv6 address, grouped by its /64', undefined, '2001:db8:1:2:aaaa:bbbb:cccc:dddd', 'ip:2001:db8:1:2::'],
  ])('counts a request with %s by client address', (_case, authorization, ip, key) => {
    expect(rateLimitKey(authorization, ip)).toBe(key);
  });

  it('gives two tokens two keys', () => {
    expect(rateLimitKey('Bearer one', '203.0.113.7')).not.toBe(rateLimitKey('Bearer two', '203.0.113.7'));
  });
});
