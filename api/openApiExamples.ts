import type { JsonSchema } from '../operations/jsonSchema';

/**
 * Examples for the OpenAPI document, made from each operation's own JSON Schema with values of the demo tenant
 * (Acme: alice@acme.test, Alice Anders, Engineering, Europe/Berlin, EUR), so the reference's samples read like
 * the demo and its "Try it" sends a request that passes validation (api/openapi.ts keeps only examples the
 * operation's own zod schema takes). A field's example is the first of its
 * candidates that satisfies its schema: a demo value by the field's name, then one by the schema's format or type.
 * test/unit/api/openApiExamples.test.ts parses every request example with the operation's own zod schema.
 */

/** A record id in the examples: a well-formed UUIDv7 (the ids the service makes). */
export const exampleId = '0196a1f2-7c3e-7a10-9b2d-4e5f60718293';

const demoByName: Readonly<Record<string, readonly unknown[]>> = {
  email: ['alice@acme.test'],
  name: ['Alice Anders'],
  'tenant.name': ['Acme'],
  'token.name': ['laptop'],
  'department.name': ['Engineering'],
  'team.name': ['Platform'],
  displayName: ['Alice Anders'],
  firstName: ['Alice'],
  lastName: ['Anders'],
  fullName: ['Alice Anders'],
  title: ['Annual leave in December'],
  jobTitle: ['Software Engineer'],
  message: ['How many days of annual leave do I have left?'],
  answer: ['Yes, the whole week.'],
  text: ['Welcome to the team!'],
  reason: ['Family visit'],
  // The SHA-256 of a document to sign (E-Signatures): of the bytes `hello`.
  documentSha256: ['2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
  sha256: ['2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
  note: ['Agreed with my team'],
  comment: ['Looks good to me'],
  description: ['Laptops and accessories for new starters'],
  city: ['Berlin'],
  country: ['DE'],
  countryCode: ['DE'],
  currency: ['EUR'],
  defaultCurrency: ['EUR'],
  baseCurrency: ['EUR'],
  timeZone: ['Europe/Berlin'],
  locale: ['en-GB'],
  phone: ['+49 30 1234567'],
  url: ['https://mcp.acme.test/mcp'],
  department: ['Engineering'],
  policy: ['annual'],
  type: ['annual'],
  leaveType: ['annual'],
  month: ['2027-12'],
  period: ['2027-12'],
  year: [2027],
  date: ['2027-12-06'],
  startDate: ['2027-12-06'],
  start_date: ['2027-12-06'],
  endDate: ['2027-12-10'],
  end_date: ['2027-12-10'],
  from: ['2027-12-01', '2027-12-01T00:00:00.000Z'],
  to: ['2027-12-31', '2027-12-31T23:59:59.000Z'],
  hireDate: ['2024-03-01'],
  effectiveDate: ['2028-01-01'],
  issueDate: ['2025-05-20'],
  dateOfBirth: ['1990-04-12'],
  terminationDate: ['2027-12-31'],
  startsAt: ['2027-12-06T09:00:00.000Z'],
  endsAt: ['2027-12-06T17:00:00.000Z'],
  externalSessionId: ['session-4711'],
  externalId: ['emp-1001'],
  // Analytics' department filter: ids separated by commas.
  departmentIds: [exampleId],
  scopes: [['leave:read', 'leave:write']],
  events: [['run.completed']],
  limit: [20],
  amountMinor: [4250],
  iban: ['DE89370400440532013000'],
  bankAccountIban: ['DE89370400440532013000'],
  'Idempotency-Key': ['7f3d9c52-create-leave-1'],
  range: ['bytes=0-1023'],
  'if-range': ['"3f2a9c"'],
  'if-none-match': ['"3f2a9c"'],
  'last-event-id': [0],
};

const byFormat: Readonly<Record<string, unknown>> = {
  uuid: exampleId,
  email: 'alice@acme.test',
  date: '2027-12-06',
  'date-time': '2027-12-06T09:00:00.000Z',
  time: '09:00:00',
  uri: 'https://hr.acme.test/',
  url: 'https://hr.acme.test/',
};

function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

/** Whether `value` satisfies the keywords of `schema` that examples can break (not a full validator). */
function fits(schema: JsonSchema, value: unknown): boolean {
  if (schema.const !== undefined) return value === schema.const;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).includes(value);
  const types = typesOf(schema);
  if (typeof value === 'string') {
    if (types.length > 0 && !types.includes('string')) return false;
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
    if (typeof schema.format === 'string' && schema.format in byFormat) {
      return typeof byFormat[schema.format] === 'string' && sameShape(byFormat[schema.format] as string, value);
    }
    return true;
  }
  if (typeof value === 'number') {
    if (!types.includes('number') && !(types.includes('integer') && Number.isInteger(value))) return false;
    if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) return false;
    return true;
  }
  if (Array.isArray(value)) {
    if (!types.includes('array')) return false;
    const items = schema.items as JsonSchema | undefined;
    return value.every((item) => !items || fits(items, item));
  }
  if (typeof value === 'boolean') return types.includes('boolean');
  return false;
}

/** Two values of one format look alike: a date is not a date-time. */
function sameShape(a: string, b: string): boolean {
  const shape = (s: string) => s.replace(/[0-9]/g, '9').replace(/[a-z]/gi, 'a');
  return a.includes('@') === b.includes('@') && (a.includes('@') || shape(a).length === shape(b).length);
}

function numberExample(schema: JsonSchema): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
  let value = min ?? exclusiveMin ?? 1;
  if (value <= 0 && (max === undefined || max >= 1)) value = 1;
  return max !== undefined && value > max ? max : value;
}

/** Strings a pattern often asks for (a date, a month, a time, a country, a currency), tried when no name fits. */
const patternCandidates = ['2027-12-06', '2027-12', '2027-12-06T09:00:00.000Z', '09:00', 'DE', 'EUR', '2027'];

function stringExample(schema: JsonSchema, name: string | undefined): string | undefined {
  if (typeof schema.pattern === 'string') {
    const candidate = patternCandidates.find((value) => fits(schema, value));
    if (candidate) return candidate;
  }
  const length = Math.max(typeof schema.minLength === 'number' ? schema.minLength : 1, 1);
  const word = (name ?? 'example').replace(/[^A-Za-z]/g, '').toLowerCase() || 'example';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const text = word.repeat(Math.ceil(length / word.length)).slice(0, Math.min(Math.max(length, word.length), max));
  return fits(schema, text) ? text : undefined;
}

/** The first non-null branch of an `anyOf`/`oneOf` that yields an example. */
function branchExample(branches: JsonSchema[], name: string | undefined, mode: ExampleMode): unknown {
  for (const branch of branches) {
    if (typesOf(branch).includes('null') && typesOf(branch).length === 1) continue;
    const value = exampleOf(branch, name, mode);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * Which of an object's properties an example holds: `required` only (what a caller must send); `named`, the
 * required ones and the optional ones with a demo value; `all` of them (an answer).
 */
export type ExampleMode = 'required' | 'named' | 'all';

/** An example of `schema`, a field called `name`; undefined when none of the candidates satisfies it. */
export function exampleOf(schema: JsonSchema, name?: string, mode: ExampleMode = 'named', parent?: string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[])[0];
  if (schema.default !== undefined) return schema.default;
  const candidates = [...((parent && demoByName[`${parent}.${name}`]) || []), ...((name && demoByName[name]) || [])];
  for (const candidate of candidates) if (fits(schema, candidate)) return candidate;
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return branchExample(branches, name, mode);
  const types = typesOf(schema);
  if (types.includes('object') || schema.properties) return objectExample(schema, mode, name);
  if (types.includes('array')) {
    const item = schema.items ? exampleOf(schema.items as JsonSchema, name, mode) : undefined;
    const count = typeof schema.minItems === 'number' ? Math.max(schema.minItems, 1) : 1;
    return item === undefined ? [] : Array.from({ length: count }, () => item);
  }
  if (types.includes('string')) {
    const format = typeof schema.format === 'string' ? byFormat[schema.format] : undefined;
    if (format !== undefined && fits(schema, format)) return format;
    return stringExample(schema, name);
  }
  if (types.includes('integer') || types.includes('number')) return numberExample(schema);
  if (types.includes('boolean')) return false;
  // A schema that takes any value (a webhook's payload, a tool's arguments): an empty object is one.
  return Object.keys(schema).every((key) => key === 'description') ? {} : undefined;
}

function objectExample(schema: JsonSchema, mode: ExampleMode, name?: string): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const example: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    if (!required.has(key) && (mode === 'required' || (mode === 'named' && !demoByName[key]))) continue;
    const value = exampleOf(property, key, mode, name);
    if (value !== undefined) example[key] = value;
  }
  return example;
}
