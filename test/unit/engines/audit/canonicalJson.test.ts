import { canonicalJson, type JsonValue } from '../../../../engines/audit/canonicalJson';

describe('canonical JSON', () => {
  it.each<[string, JsonValue, string]>([
    ['null', null, 'null'],
    ['true', true, 'true'],
    ['false', false, 'false'],
    ['an integer', 42, '42'],
    ['a negative zero as zero', -0, '0'],
    ['a fraction in its shortest form', 0.1 + 0.2, '0.30000000000000004'],
    ['a whole float without a decimal point', 1.0, '1'],
    ['a large number in exponent form', 1e21, '1e+21'],
    ['a small number in exponent form', 1e-7, '1e-7'],
    ['a number just below the exponent threshold', 123456789012345680000, '123456789012345680000'],
    ['an empty string', '', '""'],
    ['quotes and backslashes escaped', 'a"b\\c', '"a\\"b\\\\c"'],
    ['control characters with short escapes', '\b\f\n\r\t', '"\\b\\f\\n\\r\\t"'],
    ['other control characters as lower-case \\u escapes', '\u0001\u001f', '"\\u0001\\u001f"'],
    ['non-ASCII characters as they are', 'é€😀', '"é€😀"'],
    ['a slash unescaped', 'a/b', '"a/b"'],
    ['an empty array', [], '[]'],
    ['an empty object', {}, '{}'],
    ['arrays in their order', [3, 1, 2], '[3,1,2]'],
    ['object keys sorted', { b: 1, a: 2, c: 3 }, '{"a":2,"b":1,"c":3}'],
    ['nested objects sorted at every level', { z: { y: 1, x: [{ b: 1, a: 2 }] } }, '{"z":{"x":[{"a":2,"b":1}],"y":1}}'],
    ['keys sorted by UTF-16 code units, upper case first', { a: 1, B: 2, _: 3 }, '{"B":2,"_":3,"a":1}'],
    ['an astral key before a high BMP key (UTF-16 order)', { '\uff61': 1, '😀': 2 }, '{"😀":2,"｡":1}'],
    ['a "__proto__" member like any other', JSON.parse('{"__proto__":1,"a":2}') as JsonValue, '{"__proto__":1,"a":2}'],
  ])('writes %s', (_name, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it('sorts the keys of the RFC 8785 example (section 3.2.3) in its order', () => {
    const value = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    // The text order, not Object.keys: JavaScript lists integer-like keys first whatever the text says.
    expect(canonicalJson(value).match(/"[^"]*":/g)).toEqual([
      '"\\r":',
      '"1":',
      '"\u0080":',
      '"\u00f6":',
      '"\u20ac":',
      '"\ud83d\ude00":',
      '"\ufb33":',
    ]);
  });

  it('is stable: parsing the text and writing it again gives the same text', () => {
    const text = canonicalJson({ b: [1, 'x', { d: null, c: true }], a: -1.5e-9 });
    expect(canonicalJson(JSON.parse(text) as JsonValue)).toBe(text);
  });

  it.each<[string, unknown]>([
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['undefined', undefined],
    ['a bigint', 1n],
    ['a function', () => 1],
    ['an undefined member', { a: undefined }],
  ])('refuses %s, which JSON has no form for', (_name, value) => {
    expect(() => canonicalJson(value as JsonValue)).toThrow(TypeError);
  });
});
