import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../../../api/app';
import { operations } from '../../../operations';
import { defineOperation } from '../../../operations/defineOperation';
import { SecretWithheld } from '../../../operations/secretShownOnce';
import { AppError } from '../../../engines/appError';
import { markingClient } from '../../../operations/idempotentWrites';
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

/** Where the next request of create_gated_note waits, and how the test lets it go on. */
let gate = { reached: Promise.resolve(), open: () => undefined as void };
function closeGate() {
  let reach!: () => void;
  let open!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const opened = new Promise<void>((resolve) => (open = resolve));
  gate = { reached, open };
  return { reach, opened, armed: true };
}
let gateParts = closeGate();

/**
 * A mutation that stops at the gate before or after its write (`at`), in an interactive transaction or an array one:
 * a test holds it there to play the process dying at that moment.
 */
const createGatedNote = defineOperation({
  name: 'create_gated_note',
  method: 'POST',
  path: '/api/v1/test-gated-notes',
  access: 'agent:run',
  idempotent: true,
  tag: 'Test',
  summary: 'Writes one row, stopping at a gate (test only)',
  input: {
    body: z.object({
      text: z.string().describe('the note'),
      at: z.enum(['before', 'after', 'none']).describe('where to stop'),
      form: z.enum(['interactive', 'array']).describe('the transaction'),
      failAfter: z.boolean().optional().describe('fail after the write'),
      rollBack: z.boolean().optional().describe('fail inside the transaction'),
    }),
  },
  output: z.object({ id: z.number() }),
  successStatus: 201,
  handler: async (ctx, { body }) => {
    const { prisma } = ctx.deps;
    const stop = async () => {
      if (!gateParts.armed) return;
      gateParts.armed = false;
      gateParts.reach();
      await gateParts.opened;
    };
    if (body.at === 'before') await stop();
    const rows =
      body.form === 'array'
        ? (
            await prisma.$transaction([
              prisma.$queryRaw<Array<{ id: number }>>`INSERT INTO test_notes (text) VALUES (${body.text}) RETURNING id`,
            ])
          )[0]
        : await prisma.$transaction(async (tx) => {
            const inserted = await tx.$queryRaw<Array<{ id: number }>>`
              INSERT INTO test_notes (text) VALUES (${body.text}) RETURNING id`;
            if (body.rollBack) throw new AppError('conflict', 'rolled back');
            return inserted;
          });
    if (body.at === 'after') await stop();
    if (body.failAfter) throw new AppError('unavailable', 'failed after the write');
    return { id: rows[0]!.id };
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
    createGatedNote,
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

describe('Idempotency-Key across a crash (a lease, and writes marked in their own transaction)', () => {
  const gated = (key: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/test-gated-notes',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: { text: key, at: 'none', form: 'interactive', ...body },
    });
  const record = (key: string) => db.prisma.idempotencyRecord.findFirstOrThrow({ where: { key } });
  /** What a crash leaves: the lease no longer renewed, and run out. */
  /** A key some request holds right now (a claim of its own), for the marking client to be tried on directly. */
  const heldKey = async (key: string) => {
    const [held] = await db.prisma.idempotencyRecord.createManyAndReturn({
      data: [
        {
          tenantId: (await db.prisma.tenant.findFirstOrThrow()).id,
          credentialId: randomUUID(),
          key,
          operation: 'create_gated_note',
          requestHash: 'x',
          state: 'in_progress',
          claim: randomUUID(),
          expiresAt: new Date(Date.now() + 60_000),
        },
      ],
    });
    return held!;
  };
  const leaseRunsOut = (key: string) =>
    db.prisma.idempotencyRecord.updateMany({ where: { key }, data: { leaseUntil: new Date(Date.now() - 1) } });

  for (const form of ['interactive', 'array'] as const) {
    it(`marks the key "changes made" in the same transaction as the write (${form} transaction)`, async () => {
      gateParts = closeGate();
      const first = gated(`crash-mark-${form}`, { at: 'after', form });
      await gate.reached;
      const held = await record(`crash-mark-${form}`);
      expect(held).toMatchObject({ state: 'in_progress', writesCommitted: true });
      expect(held.claim).toEqual(expect.any(String));
      expect(held.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
      gate.open();
      expect((await first).statusCode).toBe(201);
      expect(await record(`crash-mark-${form}`)).toMatchObject({ state: 'completed', claim: null, leaseUntil: null });
      expect(await notes()).toBe(1);
    });
  }

  it('frees the key when the write rolled back, so the retry runs', async () => {
    const failed = await gated('crash-rollback', { rollBack: true });
    expect(failed.statusCode).toBe(409);
    expect(await db.prisma.idempotencyRecord.count({ where: { key: 'crash-rollback' } })).toBe(0);
    expect(await notes()).toBe(0);
  });

  it('never runs again a request that failed after committing: its retries answer 409 incomplete', async () => {
    const first = await gated('crash-fail-after', { failAfter: true });
    expect(first.statusCode).toBe(503);
    const retried = await gated('crash-fail-after', { failAfter: true });
    expect(retried.statusCode).toBe(409);
    expect(retried.json().error.details).toEqual({ idempotency: 'incomplete' });
    expect(await notes()).toBe(1);
  });

  it('lets a retry run a request whose process died before writing, and the late first one keeps nothing', async () => {
    gateParts = closeGate();
    const first = gated('crash-before', { at: 'before' });
    await gate.reached;
    await leaseRunsOut('crash-before');
    const retry = await gated('crash-before', { at: 'before' }); // the gate stops one request only
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    gate.open();
    const late = await first;
    expect(late.statusCode).toBe(409);
    expect(late.json().error.details).toEqual({ idempotency: 'superseded' });
    expect(await notes()).toBe(1);
    const again = await gated('crash-before', { at: 'before' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(retry.json());
  });

  it('answers 409 incomplete to the retry of a request whose process died after writing, running nothing', async () => {
    gateParts = closeGate();
    const first = gated('crash-after', { at: 'after' });
    await gate.reached;
    await leaseRunsOut('crash-after');
    const retry = await gated('crash-after', { at: 'after' });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.details).toEqual({ idempotency: 'incomplete' });
    expect(await record('crash-after')).toMatchObject({ state: 'incomplete', leaseUntil: null });
    // It was only slow: it finishes, and its answer is stored after all; retries from then on replay it.
    gate.open();
    const late = await first;
    expect(late.statusCode).toBe(201);
    expect(await record('crash-after')).toMatchObject({ state: 'completed', claim: null });
    const replayed = await gated('crash-after', { at: 'after' });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(late.json());
    expect(await notes()).toBe(1);
  });

  it('marks nothing for reads: a request that only read and then failed frees its key', async () => {
    const held = await heldKey('crash-reads');
    const client = markingClient(db.prisma, { recordId: held.id, claim: held.claim! });
    expect(await client.$queryRaw<Array<{ n: number }>>`SELECT 1 AS n`).toEqual([{ n: 1 }]);
    expect(await client.$transaction((tx) => tx.$queryRaw<Array<{ n: number }>>`SELECT 2 AS n`)).toEqual([{ n: 2 }]);
    expect(await client.idempotencyRecord.updateMany({ where: { key: 'no-such-key' }, data: { state: 'x' } })).toEqual({
      count: 0,
    });
    expect(await record('crash-reads')).toMatchObject({ writesCommitted: false });
    // The same client's lost claim does not fail a read either: there is nothing to keep out.
    const lost = markingClient(db.prisma, { recordId: held.id, claim: randomUUID() });
    expect(await lost.$queryRaw<Array<{ n: number }>>`SELECT 3 AS n`).toEqual([{ n: 3 }]);
  });

  it('answers incomplete to a request of a version before leases (none set) once one lease from its creation passed', async () => {
    const post = () => gated('crash-legacy', {});
    const made = await post();
    expect(made.statusCode).toBe(201);
    // As an older process left it: in progress, no claim and no lease, writes unknown.
    const legacy = { state: 'in_progress', claim: null, leaseUntil: null, writesCommitted: false };
    await db.prisma.idempotencyRecord.updateMany({ where: { key: 'crash-legacy' }, data: legacy });
    await db.prisma.$executeRaw`UPDATE idempotency_records SET created_at = now() - interval '1 hour'
      WHERE key = 'crash-legacy'`;
    const retry = await post();
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.details).toEqual({ idempotency: 'incomplete' });
    expect(await notes()).toBe(1);
  });

  it('makes a write of a request that no longer holds its key fail, in any form, and keeps it out', async () => {
    const held = await heldKey('crash-direct');
    const lost = markingClient(db.prisma, { recordId: held.id, claim: randomUUID() });
    const insert = (client: typeof db.prisma) => client.$executeRaw`INSERT INTO test_notes (text) VALUES ('x')`;
    await expect(insert(lost)).rejects.toThrow(/idempotency claim lost/);
    await expect(lost.$transaction([insert(lost)])).rejects.toThrow(/idempotency claim lost/);
    await expect(lost.$transaction((tx) => insert(tx as typeof db.prisma))).rejects.toThrow(/claim lost/);
    await expect(
      lost.idempotencyRecord.update({ where: { id: held.id }, data: { state: 'completed' } }),
    ).rejects.toThrow(/idempotency claim lost/);
    expect(await notes()).toBe(0);
    expect(await record('crash-direct')).toMatchObject({ state: 'in_progress', writesCommitted: false });

    const holder = markingClient(db.prisma, { recordId: held.id, claim: held.claim! });
    expect(await holder.$transaction([insert(holder), insert(holder)])).toEqual([1, 1]);
    expect(await notes()).toBe(2);
    expect(await record('crash-direct')).toMatchObject({ writesCommitted: true });
    // Reads are not marked: they run as they are.
    await db.prisma.idempotencyRecord.update({ where: { id: held.id }, data: { writesCommitted: false } });
    expect(await holder.idempotencyRecord.count({ where: { key: 'crash-direct' } })).toBe(1);
    expect(await record('crash-direct')).toMatchObject({ writesCommitted: false });
  });
});
