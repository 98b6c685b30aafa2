import { randomBytes } from 'node:crypto';
import { isSealed, personSealOf } from '../../../../engines/people/sealedFields';
import { loadSecretBox } from '../../../../engines/secrets/secretBox';

const seal = personSealOf(loadSecretBox({ key: randomBytes(32).toString('base64'), dataDir: '/nonexistent' }));
const alice = '0190a3c2-0000-7000-8000-000000000001';
const bob = '0190a3c2-0000-7000-8000-000000000002';

describe('a person’s sealed fields', () => {
  it('seals a national id so that the stored form does not show it, and opens it for the same employee and field', () => {
    const stored = seal.seal(alice, 'nationalId', 'AB123456C');
    expect(stored).not.toContain('AB123456C');
    expect(isSealed(stored)).toBe(true);
    expect(seal.open(alice, 'nationalId', stored)).toBe('AB123456C');
  });

  it('does not open a value copied onto another employee or into the other field', () => {
    const stored = seal.seal(alice, 'bankAccountIban', 'DE89370400440532013000');
    expect(() => seal.open(bob, 'bankAccountIban', stored)).toThrow();
    expect(() => seal.open(alice, 'nationalId', stored)).toThrow();
  });

  it('reads a value written in clear before sealing as it is, until the pass at start seals it', () => {
    for (const clear of ['AB123456C', 'DE89370400440532013000', 'v1:not-sealed', 'v1:a:b']) {
      expect(isSealed(clear)).toBe(false);
      expect(seal.open(alice, 'nationalId', clear)).toBe(clear);
    }
  });
});
