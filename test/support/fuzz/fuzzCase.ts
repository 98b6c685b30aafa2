import fc from 'fast-check';
import type { z } from 'zod';
import { toJsonSchema } from '../../../operations/jsonSchema';
import type { Operation } from '../../../operations/defineOperation';
import { hostileValue, validValue, type JsonSchema, type ValueHints } from './arbitraries';

/** Who sends a case: a demo person's credential of some kind, or no valid credential at all. */
export interface FuzzCredential {
  label: string;
  /** The Authorization header's secret; undefined sends none. */
  secret: string | undefined;
  /** Personal access tokens are the only credential MCP takes. */
  kind: 'personal_access_token' | 'other' | 'none';
}

/** One request the fuzzer sends: an operation, a surface, a credential and the parts of the input. */
export interface FuzzCase {
  surface: 'rest' | 'mcp';
  credential: FuzzCredential;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The JSON body as a value, or `raw` text sent as it is (duplicate or prototype keys, bad JSON). */
  body: { value: unknown } | { raw: string } | undefined;
  idempotencyKey?: string;
  /** An upload operation's body: bytes and the Content-Type they are sent with. */
  upload?: { contentType: string; bytes: Buffer };
  /** What was done to the valid input, for the report of a failing case. */
  mutation: string;
}

type Part = 'params' | 'query' | 'body';

/** The JSON Schema of one part of an operation's input, or undefined when it has none. */
export function partSchema(op: Operation, part: Part): JsonSchema | undefined {
  const schema = op.input[part] as z.ZodType | undefined;
  return schema ? toJsonSchema(schema, 'input') : undefined;
}

function fieldsOf(schema: JsonSchema | undefined): string[] {
  return Object.keys((schema?.properties ?? {}) as Record<string, unknown>);
}

/** Raw JSON bodies that no parser-friendly value can express. */
const rawBodies: readonly string[] = [
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"admin": true}}}',
  '{"a": 1, "a": 2}',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{"a": "\\u0000"}',
  '{"a": "\\ud800"}',
  `{"deep": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
];

/** An upload: an accepted type or a hostile one, with bytes that match it, contradict it, or are empty. */
function uploadBody(accept: readonly string[]): fc.Arbitrary<{ contentType: string; bytes: Buffer }> {
  return fc.record({
    contentType: fc.constantFrom(...accept, 'application/x-msdownload', 'text/csv; charset=utf-16', '', 'a\u0000b'),
    bytes: fc.oneof(
      fc.constantFrom(
        Buffer.alloc(0),
        Buffer.from('start_date,end_date\n2027-01-04,2027-01-05\n'),
        Buffer.from('%PDF-1.4\n'),
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('MZ\u0090\u0000'),
      ),
      fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
    ),
  });
}

/**
 * The cases of one operation: its valid input (from the registry's schemas), left alone or mutated once: a field
 * replaced by a hostile value, an unknown key added, a required field dropped, or the whole body replaced.
 */
export function fuzzCases(
  op: Operation,
  credentials: readonly FuzzCredential[],
  hints: ValueHints,
  opts: { realIds: boolean },
): fc.Arbitrary<FuzzCase> {
  const schemas = { params: partSchema(op, 'params'), query: partSchema(op, 'query'), body: partSchema(op, 'body') };
  const idHints = opts.realIds ? hints : { ...hints, ids: [] };
  const part = (p: Part) =>
    schemas[p] ? (validValue(schemas[p], idHints) as fc.Arbitrary<Record<string, unknown>>) : fc.constant({});
  const surfaces: Array<FuzzCase['surface']> = op.mcp ? ['rest', 'mcp'] : ['rest'];
  const partsWithFields = (['params', 'query', 'body'] as const).filter((p) => fieldsOf(schemas[p]).length > 0);

  const mutation = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    ...(partsWithFields.length > 0
      ? [
          {
            weight: 5,
            arbitrary: fc.record({
              kind: fc.constant('field' as const),
              part: fc.constantFrom(...partsWithFields),
              pick: fc.nat(),
              value: hostileValue(),
            }),
          },
          {
            weight: 1,
            arbitrary: fc.record({
              kind: fc.constant('drop' as const),
              part: fc.constantFrom(...partsWithFields),
              pick: fc.nat(),
            }),
          },
        ]
      : []),
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('unknown' as const),
        part: fc.constantFrom<Part>(...(op.method === 'GET' ? (['query'] as const) : (['query', 'body'] as const))),
        value: hostileValue(),
      }),
    },
    ...(op.method !== 'GET'
      ? [{ weight: 2, arbitrary: fc.record({ kind: fc.constant('raw' as const), raw: fc.constantFrom(...rawBodies) }) }]
      : []),
  );

  return fc
    .record({
      surface: fc.constantFrom(...surfaces),
      credential: fc.constantFrom(...credentials),
      params: part('params'),
      query: part('query'),
      body: part('body'),
      mutation,
      upload: op.input.upload ? uploadBody(op.input.upload.accept) : fc.constant(undefined),
      idempotencyKey: op.idempotent
        ? fc.option(fc.oneof(fc.uuid(), fc.constantFrom('', 'a'.repeat(300), 'k\u0000', 'ключ')), { nil: undefined })
        : fc.constant(undefined),
    })
    .map((c) => {
      const parts: Record<Part, Record<string, unknown>> = {
        params: { ...c.params },
        query: { ...c.query },
        body: { ...c.body },
      };
      let body: FuzzCase['body'] = schemas.body ? { value: parts.body } : undefined;
      let described = 'valid input';
      const m = c.mutation;
      if (m.kind === 'field' || m.kind === 'drop') {
        const fields = fieldsOf(schemas[m.part]);
        const field = fields[m.pick % fields.length]!;
        if (m.kind === 'field') parts[m.part][field] = m.value;
        else delete parts[m.part][field];
        described = m.kind === 'field' ? `${m.part}.${field} = hostile value` : `${m.part}.${field} dropped`;
        if (m.part === 'body') body = { value: parts.body };
      } else if (m.kind === 'unknown') {
        parts[m.part].fuzz_unknown_key = m.value;
        if (m.part === 'body') body = { value: parts.body };
        described = `unknown key in ${m.part}`;
      } else if (m.kind === 'raw') {
        body = { raw: m.raw };
        described = `raw body ${m.raw.slice(0, 40)}`;
      }
      const surface = c.surface === 'mcp' && c.credential.kind === 'other' ? 'rest' : c.surface;
      return {
        surface,
        credential: c.credential,
        params: parts.params,
        query: parts.query,
        body,
        ...(c.idempotencyKey !== undefined ? { idempotencyKey: c.idempotencyKey } : {}),
        ...(c.upload ? { upload: c.upload } : {}),
        mutation: described,
      };
    });
}
