import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../../../api/app';
import { defineOperation } from '../../../operations/defineOperation';
import { Prisma } from '../../../db/models';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, seedDemoTenants, tokenFor } from '../../support/identity';

/**
 * Issue 16, finding 5: a burst of writes on one connection answered 82 internal errors ("Unable to start a
 * transaction in the given time"). A write that cannot get a transaction or a connection answers a clear 503
 * `unavailable` with Retry-After on REST, and the same code in an MCP tool result, never internal_error. The
 * operation below fails the way Prisma does when its transaction wait runs out (P2028).
 */
const busyWrite = defineOperation({
  name: 'busy_test_write',
  method: 'POST',
  path: '/api/v1/test-busy',
  access: 'leave:write',
  tag: 'Test',
  summary: 'Fails as a write does whose transaction could not start (test only)',
  input: { body: z.strictObject({}) },
  output: z.object({}),
  mcp: { tool: 'busy_test_write' },
  handler: async () => {
    throw new Prisma.PrismaClientKnownRequestError(
      'Transaction API error: Unable to start a transaction in the given time.',
      { code: 'P2028', clientVersion: 'test' },
    );
  },
});

let db: TestDatabase;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  app = await buildApp(
    {
      config: testConfig({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000' }),
      prisma: db.prisma,
      readinessChecks: [],
      logger: false,
    },
    [busyWrite],
  );
  token = await tokenFor(db.prisma, 'alice', ['leave:write']);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

it('REST: 503 unavailable with Retry-After, in the envelope', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/v1/test-busy', headers: bearer(token), payload: {} });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.json().error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/retry/) });
});

it('MCP: a tool result with unavailable, not an internal error', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { ...bearer(token), accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'busy_test_write', arguments: {} } },
  });
  const result = res.json().result as { isError: boolean; content: Array<{ text: string }> };
  expect(result.isError).toBe(true);
  expect(JSON.parse(result.content[0]!.text).error.code).toBe('unavailable');
});
