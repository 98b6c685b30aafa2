import {
  crc32,
  generateSecret,
  hashSecret,
  kindOfSecret,
  secretPrefixes,
  type SecretKind,
} from '../../../engines/tokens/secret';

describe('secrets', () => {
  it('computes the standard CRC-32 check value', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
  });

  it.each(Object.keys(secretPrefixes) as SecretKind[])(
    'generates a %s with its prefix and a valid checksum',
    (kind) => {
      const { secret, hash, hint } = generateSecret(kind);
      expect(secret.startsWith(secretPrefixes[kind])).toBe(true);
      expect(secret).toHaveLength(secretPrefixes[kind].length + 49);
      expect(kindOfSecret(secret)).toBe(kind);
      expect(hash).toBe(hashSecret(secret));
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hint.startsWith(secretPrefixes[kind])).toBe(true);
      expect(hint).toHaveLength(secretPrefixes[kind].length + 5);
    },
  );

  it('rejects a secret with one character changed (checksum)', () => {
    const { secret } = generateSecret('personal_access_token');
    const i = 10;
    const changed = secret.slice(0, i) + (secret[i] === 'a' ? 'b' : 'a') + secret.slice(i + 1);
    expect(kindOfSecret(changed)).toBeUndefined();
  });

  it.each(['', 'hrp_', 'hrp_short', 'Bearer x', 'xyz_' + 'a'.repeat(49), 'hrp_' + '!'.repeat(49)])(
    'rejects the malformed secret %j',
    (secret) => {
      expect(kindOfSecret(secret)).toBeUndefined();
    },
  );

  it('never generates the same secret twice', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generateSecret('delegated_credential').secret));
    expect(seen.size).toBe(200);
  });
});
