import { forwardableHeaders } from '../../../connector/adapterClient';
import { socketUrlOf } from '../../../connector/connector';
import { isOnline } from '../../../engines/connectors/connectorView';

describe('socketUrlOf', () => {
  it.each([
    ['https://hr.example.com', 'wss://hr.example.com/api/v1/connectors/socket'],
    ['https://hr.example.com/', 'wss://hr.example.com/api/v1/connectors/socket'],
    ['https://example.com/hr/', 'wss://example.com/hr/api/v1/connectors/socket'],
    ['http://127.0.0.1:3000', 'ws://127.0.0.1:3000/api/v1/connectors/socket'],
    ['https://hr.example.com/?x=1#y', 'wss://hr.example.com/api/v1/connectors/socket'],
  ])('dials %s as %s', (base, socket) => {
    expect(socketUrlOf(base)).toBe(socket);
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => socketUrlOf('ftp://hr.example.com')).toThrow('http(s)');
  });
});

describe('forwardableHeaders', () => {
  it('forwards the attribution headers only, never protocol or credential headers', () => {
    expect(
      forwardableHeaders({
        'X-Svc-Hr-Tenant': 't',
        'X-Svc-Hr-User': 'u',
        'X-Svc-Hr-Run': 'r',
        'X-Svc-Hr-Action': 'a',
        'Idempotency-Key': 'r:a',
        'Mcp-Session-Id': 'hijack',
        Authorization: 'Bearer x',
        'Content-Type': 'text/plain',
      }),
    ).toEqual({
      'X-Svc-Hr-Tenant': 't',
      'X-Svc-Hr-User': 'u',
      'X-Svc-Hr-Run': 'r',
      'X-Svc-Hr-Action': 'a',
      'Idempotency-Key': 'r:a',
    });
  });
});

describe('isOnline', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const seen = (msAgo: number) => new Date(now.getTime() - msAgo);
  it.each([
    ['online and seen within the window', { online: true, lastSeenAt: seen(1000), revokedAt: null }, true],
    [
      'online but silent past the window (its replica died)',
      { online: true, lastSeenAt: seen(46_000), revokedAt: null },
      false,
    ],
    ['marked offline', { online: false, lastSeenAt: seen(1000), revokedAt: null }, false],
    ['never seen', { online: true, lastSeenAt: null, revokedAt: null }, false],
    ['revoked', { online: true, lastSeenAt: seen(1000), revokedAt: seen(500) }, false],
  ])('%s', (_label, row, expected) => {
    expect(isOnline(row, 45_000, now)).toBe(expected);
  });
});
