import { canonicalJson, type JsonValue } from '../../../../engines/audit/canonicalJson';
import { canonicalJsonOfJsonb } from '../../../../engines/audit/jsonbCanonical';

// The rewrite of jsonb text must be canonicalJson(JSON.parse(text)) for every text PostgreSQL writes; these are
// texts in jsonb's output form (test/integration/audit/jsonbCanonical.test.ts checks generated values through the
// server itself). Cases the rewrite handles and cases it leaves to JSON.parse alike.
describe('canonical JSON of jsonb text', () => {
  it.each([
    ['{}'],
    ['[]'],
    ['null'],
    ['"x"'],
    ['0'],
    ['-7'],
    ['-0'],
    ['1.0'],
    ['1000000000000000000000'],
    ['123456789012345'],
    ['1234567890123456'],
    ['9007199254740993'],
    ['0.000001'],
    ['0.0000001'],
    ['{"b": 1, "a": [true, false, null, "s"], "aa": {}}'],
    ['{"a": 1, "a b": 2, "a!": 3, "a\\"": 4}'],
    ['{"é": 1, "z": 2, "😀": 3, "｡": 4, "B": 5}'],
    ['{"query": {"limit": 50}, "params": {}, "body": {"days": 3, "reason": "Family", "start_date": "2026-03-02"}}'],
    ['["a\\nb", "tab\\t", "\\u0001", "quote\\"", "back\\\\slash", "/"]'],
    ['{"k": [1, 1.5, -2.25e-7, 12.50]}'],
    ['[[[]], [{}], {"x": [{"b": 1, "a": 2}]}]'],
    ['"\u2028\u2029"'],
  ])('%s', (text) => {
    expect(canonicalJsonOfJsonb(text)).toBe(canonicalJson(JSON.parse(text) as JsonValue));
  });

  it('throws where canonicalJson throws: a number JSON cannot carry', () => {
    expect(() => canonicalJsonOfJsonb('{"a": 1e400}')).toThrow(TypeError);
    expect(() => canonicalJsonOfJsonb(`{"a": 1${'0'.repeat(400)}}`)).toThrow(TypeError);
  });
});
