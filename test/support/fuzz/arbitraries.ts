import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schema of an operation's input (the same schema the OpenAPI document and the
 * MCP tool list derive from the registry): values a well-behaved client would send, and the values an attacker or
 * a careless client sends instead. Only the JSON Schema features the registry's schemas produce are understood; a
 * schema with anything else throws, so a new kind of input cannot go unfuzzed silently.
 */
export type JsonSchema = Record<string, unknown>;

/** Hints from the fuzzer: real ids to pick now and then, and today's date to build dates a request can use. */
export interface ValueHints {
  /** Real ids of the database (leave requests, runs, webhooks, ...): a uuid field sometimes takes one. */
  ids: readonly string[];
  /** Today on the tests' calendar clock, `YYYY-MM-DD`. */
  today: string;
}

const understood = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'anyOf',
  'oneOf',
  'default',
  'description',
  'examples',
  'title',
  '$schema',
  'propertyNames',
]);

function checkUnderstood(schema: JsonSchema): void {
  const unknown = Object.keys(schema).filter((key) => !understood.has(key));
  if (unknown.length > 0) throw new Error(`the fuzzer does not understand ${unknown.join(', ')} in a schema`);
}

const ISO_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const DAY_MS = 86_400_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A leave date: mostly in the next months (requests that can succeed), now and then anywhere in the window. */
function leaveDate(today: string): fc.Arbitrary<string> {
  const base = Date.parse(`${today}T00:00:00Z`);
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: -40, max: 400 }).map((d) => isoDay(base + d * DAY_MS)) },
    { weight: 1, arbitrary: fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2199, 11, 31) }).map(isoDay) },
  );
}

/** A value the schema accepts (as far as JSON Schema says: zod refinements such as "a real date" may still refuse). */
export function validValue(schema: JsonSchema, hints: ValueHints): fc.Arbitrary<unknown> {
  checkUnderstood(schema);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validValue(s, hints)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => validValue({ ...schema, type }, hints)));
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return numberValue(schema);
    case 'string':
      return stringValue(schema, hints);
    case 'array': {
      const items = validValue((schema.items as JsonSchema | undefined) ?? {}, hints);
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? 5, minLength + 5);
      return fc.array(items, { minLength, maxLength });
    }
    case 'object':
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      if (schema.type === undefined && Object.keys(properties).length === 0) return fc.jsonValue({ maxDepth: 2 });
      const required = (schema.required as string[] | undefined) ?? [];
      const arbitraries = Object.fromEntries(
        Object.entries(properties).map(([name, prop]) => [name, validValue(prop, hints)]),
      );
      return fc.record(arbitraries, { requiredKeys: required.filter((name) => name in properties) });
    }
    default:
      throw new Error(`the fuzzer does not understand type ${String(schema.type)}`);
  }
}

function numberValue(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max((schema.minimum as number | undefined) ?? -1_000_000, -1_000_000);
  const max = Math.min((schema.maximum as number | undefined) ?? 1_000_000, 1_000_000);
  const exclusiveMin = schema.exclusiveMinimum as number | undefined;
  const low = exclusiveMin !== undefined ? Math.max(min, exclusiveMin + 1) : min;
  const step = schema.multipleOf as number | undefined;
  if (step !== undefined) {
    return fc.integer({ min: Math.ceil(low / step), max: Math.floor(max / step) }).map((k) => k * step);
  }
  if (schema.type === 'integer') return fc.integer({ min: Math.ceil(low), max: Math.floor(max) });
  return fc.double({ min: low, max, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 2) / 2);
}

function stringValue(schema: JsonSchema, hints: ValueHints): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, minLength + 40);
  switch (schema.format) {
    case 'uuid':
      return hints.ids.length > 0 ? fc.oneof(fc.constantFrom(...hints.ids), fc.uuid()) : fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2199, 11, 31) })
        .map((ms) => new Date(ms).toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl({ validSchemes: ['https'] });
  }
  if (schema.pattern === ISO_DATE_PATTERN) return leaveDate(hints.today);
  if (typeof schema.pattern === 'string') {
    // The pattern decides the length unless the schema bounds it too: a 64-character SHA-256 held to the default 40
    // above was refused by the filter every time, and the generator looped forever.
    const longest = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= longest);
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/** Strings no field should take in silence: the empty one, huge ones, NUL bytes, lone surrogates, markup. */
const hostileStrings: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  'a'.repeat(10_000),
  'é'.repeat(5_000),
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '%00',
  '\u202e\u0000',
  '1899-12-31',
  '1900-01-01',
  '2199-12-31',
  '2200-01-01',
  '9999-12-31',
  '0000-00-00',
  '2027-02-29',
  '99999999999999999999999',
  '-1',
  'NaN',
  '__proto__',
  'null',
];

/** Numbers past what a field takes: past 2^53 and 2^63, fractions, negatives, the extremes of a double. */
const hostileNumbers: readonly number[] = [
  -1,
  0,
  0.5,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  9223372036854775808,
  18446744073709551616,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** A JSON value nested `depth` levels deep, in arrays and objects alternately. */
export function deeplyNested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** A value of the wrong kind, or of the right kind out of bounds, for a field of `schema`. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...hostileStrings) },
    { weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { nested: { a: 1 } }, ['a\u0000']),
    },
    // Deeper nesting goes in raw bodies (fuzzCase.ts): fast-check prints a failing value recursively.
    { weight: 1, arbitrary: fc.constantFrom(deeplyNested(16), deeplyNested(200)) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}
