import fc from 'fast-check';
import { canonicalJson, type JsonValue } from '../../../engines/audit/canonicalJson';
import { canonicalJsonOfJsonb } from '../../../engines/audit/jsonbCanonical';
import { createTestDatabase, type TestDatabase } from '../../support/database';

// Verification hashes the arguments from PostgreSQL's jsonb text without parsing it (jsonbCanonical.ts): for any
// value, what it writes of the server's text must be byte for byte the canonical JSON of the value read back.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

/** Each value through jsonb and back as the server's text, in one round trip. */
async function jsonbTexts(values: readonly JsonValue[]): Promise<string[]> {
  const rows = await db.prisma.$queryRawUnsafe<Array<{ text: string }>>(
    'SELECT value::text AS text FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, n) ORDER BY n',
    JSON.stringify(values),
  );
  return rows.map((row) => row.text);
}

// jsonb holds neither NUL nor a lone surrogate: those are not values the trail can store.
const storable = (value: unknown): boolean => !/\\u0000|\\ud[89a-f]/i.test(JSON.stringify(value));

const numbers = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 1e21, 1e-7, 2 ** 53, 2 ** 53 + 2, -(2 ** 60), 123456789012345680000, 5e-324, 0.1 + 0.2),
);
const strings = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('a', 'B', ' ', '!', '"', '\\', '/', '\n', '\u001f', 'é', '😀', '\u2028') }),
);
const values = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false),
    numbers,
    strings,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(strings, tie('value'), { maxKeys: 6 }),
  ),
})).value;

describe('canonical JSON of jsonb text, against the server', () => {
  it('is the canonical JSON of the value, for generated values (unicode, escapes, large and odd numbers)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(values.filter(storable), { minLength: 1, maxLength: 200 }), async (batch) => {
        const texts = await jsonbTexts(batch);
        texts.forEach((text, i) => {
          const expected = canonicalJson(JSON.parse(text) as JsonValue);
          expect(canonicalJsonOfJsonb(text)).toBe(expected);
          expect(expected).toBe(canonicalJson(batch[i]!));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('is the canonical JSON of jsonb written by hand: numbers no JavaScript value prints, escapes', async () => {
    const literals = ['-0', '-0.0', '1.0', '1e21', '9007199254740993', '12345678901234567890', '1E-7', '{"a": -0}'];
    literals.push('["\\u00e9\\n", "\\ud83d\\ude00", "a\\/b"]', '{"b": 1, "a": 2, "a": 3}', '{"\\u0041": 0.10}');
    const rows = await db.prisma.$queryRawUnsafe<Array<{ text: string }>>(
      'SELECT v::jsonb::text AS text FROM unnest($1::text[]) WITH ORDINALITY AS e(v, n) ORDER BY n',
      literals,
    );
    expect(rows).toHaveLength(literals.length);
    for (const { text } of rows) expect(canonicalJsonOfJsonb(text)).toBe(canonicalJson(JSON.parse(text) as JsonValue));
  });

  it('rewrites the usual arguments, keys re-sorted from jsonb order (length first) into code unit order', async () => {
    const [text] = await jsonbTexts([
      { query: { limit: 50 }, params: {}, body: { start_date: '2026-03-02', days: 3 } },
    ]);
    expect(text).toBe('{"body": {"days": 3, "start_date": "2026-03-02"}, "query": {"limit": 50}, "params": {}}');
    expect(canonicalJsonOfJsonb(text!)).toBe(
      '{"body":{"days":3,"start_date":"2026-03-02"},"params":{},"query":{"limit":50}}',
    );
  });
});
