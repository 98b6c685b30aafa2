import { isSecretKey, MAX_STRING_LENGTH, REDACTED, redactArguments } from '../../../../engines/audit/redact';
import { generateSecret, secretPrefixes, type SecretKind } from '../../../../engines/tokens/secret';

describe('redacting audit arguments', () => {
  it.each([
    'secret',
    'token',
    'password',
    'accessToken',
    'access_token',
    'refreshToken',
    'authorization',
    'Authorization',
    'pairingToken',
    'apiKey',
    'api_key',
    'X-Api-Key',
    'clientSecret',
    'webhookSecret',
    'privateKey',
    'cookie',
    'Set-Cookie',
    'passphrase',
  ])('treats the key %j as naming a secret', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  it.each(['tokenName', 'maxTokens', 'tokens', 'secretHash', 'userId', 'name', 'scopes', 'externalSessionId', 'keyId'])(
    'keeps the value of the key %j',
    (key) => {
      expect(isSecretKey(key)).toBe(false);
    },
  );

  it('replaces the values of secret keys at any depth, whatever their type', () => {
    expect(
      redactArguments({
        name: 'ci',
        password: 'hunter2',
        nested: { accessToken: { value: 'x' }, list: [{ apiKey: 12345 }], keep: 'me' },
      }),
    ).toEqual({
      name: 'ci',
      password: REDACTED,
      nested: { accessToken: REDACTED, list: [{ apiKey: REDACTED }], keep: 'me' },
    });
  });

  it.each(Object.keys(secretPrefixes) as SecretKind[])(
    'removes a %s wherever it appears in a string, keeping only its prefix',
    (kind) => {
      const { secret } = generateSecret(kind);
      const prefix = secretPrefixes[kind];
      expect(redactArguments({ note: `use ${secret} please`, list: [secret] })).toEqual({
        note: `use ${prefix}${REDACTED} please`,
        list: [`${prefix}${REDACTED}`],
      });
    },
  );

  it('removes secrets with a wrong checksum or cut short too', () => {
    const { secret } = generateSecret('personal_access_token');
    expect(redactArguments([secret.slice(0, 30), `${secret.slice(0, -1)}x`, `Bearer_${secret}`])).toEqual([
      `hrp_${REDACTED}`,
      `hrp_${REDACTED}`,
      `Bearer_hrp_${REDACTED}`,
    ]);
  });

  it('keeps short look-alikes that cannot be secrets, like the hints shown in lists', () => {
    expect(redactArguments({ hint: 'hrp_3fK9…', text: 'whsec_' })).toEqual({ hint: 'hrp_3fK9…', text: 'whsec_' });
  });

  it('removes a secret used as an object key', () => {
    const { secret } = generateSecret('company_api_key');
    expect(redactArguments({ [secret]: 1 })).toEqual({ [`hrk_${REDACTED}`]: 1 });
  });

  it.each<[string, unknown, unknown]>([
    ['undefined members dropped from objects', { a: undefined, b: 1 }, { b: 1 }],
    ['undefined items written as null in arrays', [undefined, 1], [null, 1]],
    ['functions and symbols dropped', { f: () => 1, s: Symbol('x'), k: 1 }, { k: 1 }],
    ['non-finite numbers as null', [NaN, Infinity, -Infinity], [null, null, null]],
    ['bigints as decimal strings', { n: 12345678901234567890n }, { n: '12345678901234567890' }],
    ['dates as ISO strings', { at: new Date('2026-01-02T03:04:05.678Z') }, { at: '2026-01-02T03:04:05.678Z' }],
    ['invalid dates as null', { at: new Date('nope') }, { at: null }],
    ['binary data as its size', { file: Buffer.from('abc') }, { file: '[3 bytes]' }],
    ['objects with toJSON by their JSON form', { u: new URL('https://x.test/a') }, { u: 'https://x.test/a' }],
    ['NUL characters, which jsonb refuses', 'a\u0000b', 'a\ufffdb'],
    ['lone surrogates, which UTF-8 cannot carry', 'a\ud800b\udc00', 'a\ufffdb\ufffd'],
    ['whole surrogate pairs as they are', '😀', '😀'],
    ['undefined at the top as null', undefined, null],
  ])('normalizes %s', (_name, input, expected) => {
    expect(redactArguments(input)).toEqual(expected);
  });

  it('cuts long strings and says how much was cut', () => {
    const long = 'x'.repeat(MAX_STRING_LENGTH + 10);
    expect(redactArguments(long)).toBe(`${'x'.repeat(MAX_STRING_LENGTH)}…[10 more characters]`);
  });

  it('marks circular references instead of looping, and keeps shared ones', () => {
    const shared = { v: 1 };
    const cyclic: Record<string, unknown> = { shared, again: shared };
    cyclic.self = cyclic;
    expect(redactArguments(cyclic)).toEqual({ shared: { v: 1 }, again: { v: 1 }, self: '[circular]' });
  });

  it('keeps a "__proto__" key as a plain member, as JSON.parse does', () => {
    const value = redactArguments(JSON.parse('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never changes its input', () => {
    const input = { password: 'p', list: [{ token: 't' }] };
    redactArguments(input);
    expect(input).toEqual({ password: 'p', list: [{ token: 't' }] });
  });
});
