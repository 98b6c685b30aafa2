import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../../../api/app';
import { operations } from '../../../operations';
import { defineOperation } from '../../../operations/defineOperation';
import { createTestDatabase } from '../../support/database';
import { testConfig } from '../../support/config';
import { validateOpenApi } from '../../support/openApiValidator';

/**
 * The HTTP pipeline every registry operation shares: envelope, request ids, validation, error mapping,
 * body limit, 404/405, the derived OpenAPI document and reference page. A scratch write operation is added
 * to the real registry here so that the "nothing is written" rule of the pipeline can be observed on a
 * real table before the first contract write operation exists.
 */
const createNote = defineOperation({
  name: 'create_test_note',
  method: 'POST',
  path: '/api/v1/test-notes',
  access: 'public',
  tag: 'Test',
  summary: 'Writes one row (test only)',
  input: { body: z.object({ text: z.string().min(1).max(5000).describe('the note') }) },
  output: z.object({ id: z.number() }),
  successStatus: 201,
  handler: async (ctx, input) => {
    const rows = await ctx.deps.prisma.$queryRaw<Array<{ id: number }>>`
      INSERT INTO test_notes (text) VALUES (${input.body.text}) RETURNING id`;
    return { id: rows[0]!.id };
  },
});

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const notes = async () =>
  Number((await db.prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM test_notes`)[0]!.n);

beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.$executeRaw`CREATE TABLE test_notes (id serial PRIMARY KEY, text text NOT NULL)`;
  app = await buildApp(
    {
      config: testConfig({ SVC_HR_BODY_LIMIT_BYTES: '2048' }),
      prisma: db.prisma,
      readinessChecks: [],
      logger: false,
    },
    [...operations, createNote],
  );
});

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('the HTTP foundation', () => {
  it('answers /healthz with the data envelope and a new UUIDv7 request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
    expect(res.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const echoed = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'caller-trace-0001' },
    });
    expect(echoed.headers['x-request-id']).toBe('caller-trace-0001');
    const replaced = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\u0001' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id\u0001');
  });

  it('writes through a valid request', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/test-notes', payload: { text: 'hello' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { id: expect.any(Number) } });
    expect(await notes()).toBe(1);
    await db.prisma.$executeRaw`TRUNCATE test_notes`;
  });

  it('answers 404 in the error envelope for an unknown route, writing nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/nowhere', payload: { text: 'x' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route POST /api/v1/nowhere' } });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(await notes()).toBe(0);
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/test-notes' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json().error.code).toBe('method_not_allowed');
  });

  it('answers 400 validation_error to malformed JSON, writing nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test-notes',
      headers: { 'content-type': 'application/json' },
      payload: '{"text": "unterminated',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().error.message).toMatch(/malformed JSON/);
    expect(await notes()).toBe(0);
  });

  it('answers 400 validation_error naming the field when the body breaks the schema, writing nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/test-notes', payload: { text: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', details: { in: 'body' } });
    expect(res.json().error.message).toMatch(/^text: /);
    expect(await notes()).toBe(0);
  });

  it('answers 413 payload_too_large to a body over the limit, writing nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/test-notes', payload: { text: 'x'.repeat(4000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect(await notes()).toBe(0);
  });

  it('names the origin a request was addressed to as the document’s server, when PUBLIC_BASE_URL is not set', async () => {
    const serverOf = async (host: string) =>
      (await app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { host } })).json().servers;
    expect(await serverOf('127.0.0.1:4123')).toEqual([
      { url: 'http://127.0.0.1:4123', description: 'this server, as the request addressed it' },
    ]);
    expect((await serverOf('[::1]:80'))[0].url).toBe('http://[::1]:80');
    // A Host header that is no plain host and port gets the configured base address.
    expect(await serverOf('evil.test/"><script>')).toEqual([{ url: 'http://localhost:3000' }]);
  });

  it('serves an OpenAPI 3.1 document, derived from the registry, that a validator accepts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(validateOpenApi(doc)).toEqual({ valid: true, errors: null });
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item).map((o) => o.operationId),
    );
    expect(ids.sort()).toEqual([...operations, createNote].map((o) => o.name).sort());
  });

  it('renders the reference page from the same document', async () => {
    const bare = await app.inject({ method: 'GET', url: '/api/v1/reference' });
    expect([bare.statusCode, bare.headers.location]).toEqual([301, '/api/v1/reference/']);
    const res = await app.inject({ method: 'GET', url: '/api/v1/reference/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<script src="js/scalar.js">');
    expect(res.body).toContain('"url": "/api/v1/openapi.json"');
    expect(res.body).toContain('<title>svc-hr API reference</title>');
    const script = await app.inject({ method: 'GET', url: '/api/v1/reference/js/scalar.js' });
    expect(script.statusCode).toBe(200);
  });
});
