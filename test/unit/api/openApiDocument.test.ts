import { buildOpenApiDocument } from '../../../api/openapi';
import { exampleOf } from '../../../api/openApiExamples';
import type { Operation } from '../../../operations/defineOperation';
import { operations } from '../../../operations';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const document = buildOpenApiDocument(operations, { serverUrl: 'https://hr.acme.test', version: '1' }) as Json;

function operationObjects(): { op: Operation; object: Json }[] {
  return operations.map((op) => ({ op, object: document.paths[op.path][op.method.toLowerCase()] as Json }));
}

/** The examples of an operation's parameters in one place (path, query or header), by name. */
function parameterExamples(object: Json, where: string): Record<string, unknown> {
  const params = (object.parameters as Json[]).filter((p) => p.in === where && p.name !== 'Idempotency-Key');
  return Object.fromEntries(params.map((p) => [p.name, p.example]));
}

describe('the OpenAPI document', () => {
  it('gives every request body, parameter and JSON answer an example', () => {
    const missing: string[] = [];
    for (const { op, object } of operationObjects()) {
      for (const param of object.parameters as Json[]) {
        if (param.example === undefined) missing.push(`${op.name} ${param.in} ${param.name}`);
      }
      const body = op.input.body && object.requestBody.content['application/json'];
      if (body && body.example === undefined) missing.push(`${op.name} body`);
      const success = object.responses[String(op.successStatus ?? 200)].content?.['application/json'];
      if (success && success.example === undefined) missing.push(`${op.name} answer`);
    }
    // Parameters the operation takes one way or the other, not together: an example on each would make the
    // reference send both, and be refused. The other way's example stands.
    expect(missing).toEqual([
      'lookup_agent_user query externalId',
      'list_people_abroad query from',
      'list_people_abroad query to',
    ]);
  });

  it("sends examples that pass the operation's own validation, as 'Try it' sends them", () => {
    const refused: string[] = [];
    for (const { op, object } of operationObjects()) {
      const parts = {
        params: op.input.params && parameterExamples(object, 'path'),
        query: op.input.query && parameterExamples(object, 'query'),
        body: op.input.body && object.requestBody.content['application/json'].example,
      };
      for (const [part, value] of Object.entries(parts)) {
        const schema = op.input[part as 'params' | 'query' | 'body'];
        if (!schema) continue;
        const result = schema.safeParse(value);
        if (!result.success)
          refused.push(`${op.name} ${part}: ${result.error.issues.map((i) => i.message).join('; ')}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('reads its examples from the demo tenant', () => {
    const createLeave = document.paths['/api/v1/leave/requests'].post as Json;
    expect(createLeave.requestBody.content['application/json'].example).toMatchObject({
      start_date: '2027-12-06',
      end_date: '2027-12-10',
    });
    const me = document.paths['/api/v1/me'].get as Json;
    expect(me.responses['200'].content['application/json'].example.data).toMatchObject({
      user: { email: 'alice@acme.test', name: 'Alice Anders' },
      tenant: { name: 'Acme' },
    });
  });

  it('makes an example only of values its schema takes', () => {
    expect(exampleOf({ type: 'string', format: 'date' }, 'from')).toBe('2027-12-01');
    expect(exampleOf({ type: 'string', format: 'date-time' }, 'from')).toBe('2027-12-01T00:00:00.000Z');
    expect(exampleOf({ type: 'string', pattern: '^\\d{4}-\\d{2}$' }, 'somethingElse')).toBe('2027-12');
    expect(exampleOf({ type: 'integer', minimum: 5, maximum: 9 })).toBe(5);
    expect(exampleOf({ type: 'string', enum: ['b', 'a'] }, 'email')).toBe('b');
    expect(exampleOf({ type: 'string', maxLength: 3 }, 'email')).toBe('ema');
    expect(exampleOf({ type: 'object', required: ['a'], properties: { a: { type: 'boolean' }, b: {} } })).toEqual({
      a: false,
    });
  });

  it('names the records it answers with and refers to them', () => {
    const schemas = document.components.schemas as Json;
    for (const name of ['Error', 'CompanyError', 'LeaveRequest', 'AgentRun', 'User', 'Person']) {
      expect(schemas[name]).toBeDefined();
    }
    const text = JSON.stringify(document);
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    expect(unused).toEqual([]);
    const getRun = document.paths['/api/v1/agent/runs/{id}'].get as Json;
    expect(getRun.responses['200'].content['application/json'].schema.properties.data.properties.run).toEqual({
      $ref: '#/components/schemas/AgentRun',
      description: expect.any(String),
    });
  });

  it("types the error's details, and answers a company error as { error, reason }", () => {
    const details = document.components.schemas.ErrorDetails as Json;
    expect(Object.keys(details.properties)).toEqual(expect.arrayContaining(['in', 'field', 'issues']));
    const listUsers = document.paths['/api/users'].get as Json;
    expect(listUsers.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CompanyError',
    });
    const me = document.paths['/api/v1/me'].get as Json;
    expect(me.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it('declares the rate limit headers on successes, a license, and a description for every tag', () => {
    const me = document.paths['/api/v1/me'].get as Json;
    expect(Object.keys(me.responses['200'].headers)).toEqual(
      expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
    );
    expect(document.info.license.name).toBeTruthy();
    const tags = document.tags as { name: string; description?: string }[];
    expect(new Set(tags.map((t) => t.name))).toEqual(new Set(operations.map((op) => op.tag)));
    for (const tag of tags) expect(tag.description?.length).toBeGreaterThan(10);
  });
});
