import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../../../api/app';
import { operations } from '../../../operations';
import { defineOperation } from '../../../operations/defineOperation';
import { SecretWithheld } from '../../../operations/secretShownOnce';
import { AppError } from '../../../engines/appError';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, seedDemoTenants, tokenFor } from '../../support/identity';

/**
 * Idempotency-Key handling of the route pipeline, on an agent-style mutation that writes a row (the agent's
 * own mutations arrive with the agent issue; they run through the same code).
 */
const createNote = defineOperation({
  name: 'create_idempotent_note',
  method: 'POST',
  path: '/api/v1/test-notes',
  access: 'agent:run',
  idempotent: true,
  tag: 'Test',
  summary: 'Writes one row (test only)',
  input: { body: z.object({ text: z.string().describe('the note'), fail: z.boolean().optional().describe('fail') }) },
  output: z.object({ id: z.number(), text: z.string() }),
  successStatus: 201,
  handler: async (ctx, { body }) => {
    if (body.fail) throw new AppError('conflict', 'asked to fail');
    await new Promise((resolve) => setTimeout(resolve, 100)); // widen the window for the concurrency test
    const rows = await ctx.deps.prisma.$queryRaw<Array<{ id: number }>>`
      INSERT INTO test_notes (text) VALUES (${body.text}) RETURNING id`;
    return { id: rows[0]!.id, text: body.text };
  },
});

/** A mutation whose answer shows a secret, displayed once (like create_agent_webhook): `revealsSecret`. */
const createKey = defineOperation({
  name: 'create_idempotent_key',
  method: 'POST',
  path: '/api/v1/test-keys',
  access: 'agent:run',
  idempotent: true,
  revealsSecret: { path: 'key.secret', ifLost: 'If it was lost, make another.' },
  tag: 'Test',
  summary: 'Writes one row and shows a secret once (test only)',
  input: { body: z.object({ text: z.string().describe('the note') }) },
  output: z.object({
    key: z.object({ id: z.number(), secret: z.string().optional() }),
    secretWithheld: SecretWithheld,
  }),
  successStatus: 201,
  handler: async (ctx, { body }) => {
    const rows = await ctx.deps.prisma.$queryRaw<Array<{ id: number }>>`
      INSERT INTO test_notes (text) VALUES (${body.text}) RETURNING id`;
    return { key: { id: rows[0]!.id, secret: `sk_${randomUUID()}` } };
  },
});

let db: TestDatabase;
let app: FastifyInstance;
let token: string;
const notes = async () =>
  Number((await db.prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM test_notes`)[0]!.n);
const post = (payload: object, key?: string, as = token) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/test-notes',
    headers: { ...bearer(as), ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    payload,
  });

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  await db.prisma.$executeRaw`CREATE TABLE test_notes (id serial PRIMARY KEY, text text NOT NULL)`;
  app = await buildApp({ config: testConfig(), prisma: db.prisma, readinessChecks: [], logger: false }, [
    ...operations,
    createNote,
    createKey,
  ]);
  token = await tokenFor(db.prisma, 'alice', ['agent:run']);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});
beforeEach(() => db.prisma.$executeRaw`TRUNCATE test_notes`);

describe('Idempotency-Key', () => {
  it('runs a request once and replays its first answer for the same key', async () => {
    const first = await post({ text: 'a' }, 'key-1');
    const second = await post({ text: 'a' }, 'key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await notes()).toBe(1);
  });

  it('answers 422 idempotency_key_reused for the same key with another body, writing nothing', async () => {
    await post({ text: 'a' }, 'key-2');
    const reused = await post({ text: 'b' }, 'key-2');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('idempotency_key_reused');
    expect(await notes()).toBe(1);
  });

  it('executes two concurrent requests with one key once, answering both the same', async () => {
    const [a, b] = await Promise.all([post({ text: 'c' }, 'key-3'), post({ text: 'c' }, 'key-3')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await notes()).toBe(1);
  });

  it('keeps keys apart per credential', async () => {
    const other = await tokenFor(db.prisma, 'bob', ['agent:run']);
    await post({ text: 'd' }, 'key-4');
    const res = await post({ text: 'd' }, 'key-4', other);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await notes()).toBe(2);
  });

  it('releases the key when the first request fails, so the retry runs', async () => {
    const failed = await post({ text: 'e', fail: true }, 'key-5');
    expect(failed.statusCode).toBe(409);
    const retried = await post({ text: 'e', fail: true }, 'key-5');
    expect(retried.json().error.message).toBe('asked to fail');
    expect(await db.prisma.idempotencyRecord.count({ where: { key: 'key-5' } })).toBe(0);
  });

  it('runs again once the 24 h window has passed', async () => {
    await post({ text: 'f' }, 'key-6');
    await db.prisma.idempotencyRecord.updateMany({
      where: { key: 'key-6' },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const again = await post({ text: 'f' }, 'key-6');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await notes()).toBe(2);
  });

  it('answers 400 to a malformed key, writing nothing', async () => {
    const res = await post({ text: 'g' }, 'has spaces in it');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^Idempotency-Key: /);
    expect(await notes()).toBe(0);
  });

  it('runs every request without the header', async () => {
    await post({ text: 'h' });
    await post({ text: 'h' });
    expect(await notes()).toBe(2);
  });
});

describe('Idempotency-Key on an answer that shows a secret (revealsSecret)', () => {
  it('replays the answer without the secret, saying why, keeps no copy of it, and runs once', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/test-keys',
        headers: { ...bearer(token), 'idempotency-key': 'key-secret-1' },
        payload: { text: 'k' },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const { id, secret } = first.json().data.key;
    expect(secret).toMatch(/^sk_/);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual({
      data: {
        key: { id },
        secretWithheld:
          'key.secret was shown once, in the first answer to this Idempotency-Key, and is not kept for replays. ' +
          'If it was lost, make another.',
      },
    });
    const record = await db.prisma.idempotencyRecord.findFirstOrThrow({ where: { key: 'key-secret-1' } });
    expect(JSON.stringify(record)).not.toContain(secret);
    expect(await notes()).toBe(1);
  });
});
