import { createNameGenerator } from '../../../prisma/seed/names';
import { createRandom } from '../../../prisma/seed/random';
import { uuidv7 } from '../../../db/uuidv7';

describe('seed generators', () => {
  it('draws the same numbers for the same seed and different ones for another seed', () => {
    const draw = (seed: string) => Array.from({ length: 5 }, createRandom(seed).next);
    expect(draw('acme')).toEqual(draw('acme'));
    expect(draw('acme')).not.toEqual(draw('globex'));
    expect(draw('acme').every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it('makes unique lower-case e-mail local parts, even past the number of name combinations', () => {
    const next = createNameGenerator(createRandom(1), ['alice.anders']);
    const parts = Array.from({ length: 6000 }, () => next().localPart);
    expect(new Set(parts).size).toBe(6000);
    expect(parts).not.toContain('alice.anders');
    expect(parts.every((p) => /^[a-z]+\.[a-z]+\d*$/.test(p))).toBe(true);
  });

  it('makes version 7 UUIDs in increasing order', () => {
    const ids = Array.from({ length: 5000 }, uuidv7);
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(
      true,
    );
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const ms = parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);
  });
});
