import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, OperationContext } from '../../../operations/context';
import { exportAgentAudit } from '../../../operations/audit/exportAgentAudit';
import { getAgentAuditPublicKey } from '../../../operations/audit/getAgentAuditPublicKey';
import { listAgentAudit } from '../../../operations/audit/listAgentAudit';
import { verifyAgentAudit } from '../../../operations/audit/verifyAgentAudit';
import type { Operation } from '../../../operations/defineOperation';
import { parseInput } from '../../../operations/validation';
import type { Actor } from '../../../engines/access/actor';
import type { Role } from '../../../engines/access/roles';
import { AppError } from '../../../engines/appError';
import { appendAuditRecord } from '../../../engines/audit/append';
import { createCheckpoint } from '../../../engines/audit/checkpoint';
import { loadAuditSigningKey, type AuditSigningKey } from '../../../engines/audit/signingKey';
import { startAuditSequencer, type AuditSequencer } from '../../../engines/audit/sequencer';
import { verifyExport } from '../../../scripts/verifyAuditExport';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { appendSamples, sampleEntry, testSigningKey, userA, userB } from './auditKit';

let db: TestDatabase;
let auditSequencer: AuditSequencer;
const key = testSigningKey();
const tenantId = randomUUID();
const otherTenantId = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase();
  // No sweep during the tests: records appended without a poke are chained only by the operations' own flush.
  auditSequencer = startAuditSequencer({
    prisma: db.prisma,
    key,
    checkpointEvery: 0,
    log: console,
    sweepMs: 3_600_000,
  });
  await appendSamples(db.prisma, tenantId, 30);
  await appendSamples(db.prisma, otherTenantId, 5);
});

afterAll(async () => {
  await auditSequencer.stop();
  await db.drop();
});

function actorOf(role: Role, userId = userA, tenant = tenantId): Actor {
  return {
    tenant: { id: tenant, name: 'Acme' },
    user: { id: userId, name: 'Someone', email: 'someone@acme.test', role },
    employee: null,
    credential: { id: randomUUID(), kind: 'personal_access_token', name: 'test', scopes: ['audit:read'] },
  };
}

/** Calls an operation as the route would: its input parsed by its own schemas, then its handler. */
async function call(op: Operation, actor: Actor, input: { query?: unknown; body?: unknown } = {}) {
  const ctx = {
    deps: { prisma: db.prisma, auditKey: key, auditSequencer } as unknown as AppDeps,
    openapi: {},
    requestId: randomUUID(),
    log: console as unknown as FastifyBaseLogger,
    actor,
  } satisfies OperationContext;
  return op.handler(ctx, {
    params: undefined,
    query: op.input.query ? parseInput(op.input.query, input.query ?? {}, 'query') : undefined,
    body: op.input.body ? parseInput(op.input.body, input.body ?? {}, 'body') : undefined,
    upload: undefined,
  });
}

type Page = {
  records: Array<{ seq: number; userId: string; tenantId: string; operation: string; outcome: string }>;
  nextCursor: string | null;
};
const list = async (actor: Actor, query: Record<string, string> = {}) =>
  (await call(listAgentAudit, actor, { query })) as Page;

describe('list_agent_audit', () => {
  it('pages through the whole workspace, newest first, for an HR manager', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list(actorOf('HR_MANAGER'), { limit: '7', ...(cursor ? { cursor } : {}) });
      seen.push(...page.records.map((r) => r.seq));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
  });

  it("shows an employee only the records of their own calls, even when they ask for another user's", async () => {
    const own = await list(actorOf('EMPLOYEE', userB));
    expect(own.records.length).toBeGreaterThan(0);
    expect(own.records.every((r) => r.userId === userB)).toBe(true);
    expect((await list(actorOf('MANAGER', userB), { userId: userA })).records).toEqual([]);
  });

  it('filters by user, operation, outcome and time range', async () => {
    const admin = actorOf('ADMIN');
    const failures = await list(admin, { outcome: 'failure', operation: 'create_leave_request', userId: userA });
    expect(failures.records.length).toBeGreaterThan(0);
    for (const r of failures.records) {
      expect(r).toMatchObject({ outcome: 'failure', operation: 'create_leave_request', userId: userA });
    }
    // sampleEntry n occurred at 09:00:00.000 + n ms: [.005, .010) holds records 5 to 9.
    const window = await list(admin, { from: '2026-11-23T09:00:00.005Z', to: '2026-11-23T10:00:00.010+01:00' });
    expect(window.records.map((r) => r.seq)).toEqual([9, 8, 7, 6, 5]);
  });

  it('shows a call recorded a moment ago, before any sequencer run chained it', async () => {
    const fresh = randomUUID();
    const { id } = await appendAuditRecord(db.prisma, sampleEntry(fresh, 1));
    const page = await list(actorOf('OWNER', userA, fresh));
    expect(page.records).toMatchObject([{ id, seq: 1 }]);
  });

  it("never shows one workspace another's records", async () => {
    const page = await list(actorOf('OWNER', userA, otherTenantId), { limit: '200' });
    expect(page.records).toHaveLength(5);
    expect(page.records.every((r) => r.tenantId === otherTenantId)).toBe(true);
  });

  it.each([
    [{ limit: '0' }, /limit/],
    [{ limit: '201' }, /limit/],
    [{ cursor: 'abc' }, /cursor must be the nextCursor/],
    [{ from: 'yesterday' }, /from/],
    [{ outcome: 'maybe' }, /outcome/],
    [{ userId: 'bob' }, /userId/],
    [{ runId: 'run-1' }, /runId/],
  ])('answers validation_error for the query %j', async (query, message) => {
    await expect(list(actorOf('ADMIN'), query)).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringMatching(message),
    });
  });
});

describe('verify_agent_audit', () => {
  it('reports ok with the number of records and checkpoints for an admin', async () => {
    expect(await call(verifyAgentAudit, actorOf('ADMIN'), { body: {} })).toEqual({
      ok: true,
      records: 30,
      checkpoints: expect.any(Number),
      pending: 0,
    });
  });

  it('chains the calls recorded a moment ago before verifying, so none is left pending', async () => {
    const fresh = randomUUID();
    for (let n = 1; n <= 3; n++) await appendAuditRecord(db.prisma, sampleEntry(fresh, n));
    expect(await call(verifyAgentAudit, actorOf('ADMIN', userA, fresh), { body: {} })).toEqual({
      ok: true,
      records: 3,
      checkpoints: 0,
      pending: 0,
    });
  });

  it.each(['EMPLOYEE', 'MANAGER', 'DIRECTOR'] as const)(
    'answers 403 to a %s, who cannot see the whole trail',
    async (role) => {
      const error = await call(verifyAgentAudit, actorOf(role), { body: {} }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    },
  );

  it('reports the first broken record of a tampered trail', async () => {
    const tampered = randomUUID();
    await appendSamples(db.prisma, tampered, 6);
    await db.prisma
      .$executeRaw`UPDATE audit_records SET outcome = 'success' WHERE tenant_id = ${tampered}::uuid AND seq = 5`;
    const result = await call(verifyAgentAudit, actorOf('OWNER', userA, tampered), { body: {} });
    expect(result).toMatchObject({
      ok: false,
      records: 4,
      reason: 'hash_mismatch',
      brokenAt: { seq: 5, id: expect.any(String) },
    });
    expect(verifyAgentAudit.output.parse(result)).toEqual(result);
  });
});

describe('export_agent_audit', () => {
  async function exported(actor: Actor) {
    const { contentType, body } = (await call(exportAgentAudit, actor)) as {
      contentType: string;
      body: AsyncIterable<string>;
    };
    let text = '';
    for await (const chunk of body) text += chunk;
    return { contentType, text };
  }

  it('streams NDJSON of the whole workspace to an HR manager, which verifies offline', async () => {
    const { contentType, text } = await exported(actorOf('HR_MANAGER'));
    expect(contentType).toBe('application/x-ndjson');
    expect(await verifyExport([text], key.publicKeyPem)).toMatchObject({ scope: 'tenant', tenantId, records: 30 });
  });

  it('includes a call recorded a moment ago, under a checkpoint that covers it', async () => {
    const fresh = randomUUID();
    await appendAuditRecord(db.prisma, sampleEntry(fresh, 1));
    const { text } = await exported(actorOf('HR_MANAGER', userA, fresh));
    expect(await verifyExport([text], key.publicKeyPem)).toMatchObject({ tenantId: fresh, records: 1, treeSize: 1 });
  });

  it("streams only an employee's own records, each with its proof", async () => {
    const { text } = await exported(actorOf('EMPLOYEE', userB));
    const summary = await verifyExport([text], key.publicKeyPem);
    expect(summary).toMatchObject({ scope: 'user', treeSize: 30 });
    expect(summary.records).toBe((await list(actorOf('ADMIN'), { userId: userB, limit: '200' })).records.length);
  });
});

describe('get_agent_audit_public_key', () => {
  it('answers the key id, the algorithm and the PEM that exports verify with', async () => {
    expect(await call(getAgentAuditPublicKey, actorOf('EMPLOYEE'))).toEqual({
      keyId: key.keyId,
      algorithm: 'Ed25519',
      publicKeyPem: key.publicKeyPem,
      retired: [],
    });
  });
});

describe('key rotation', () => {
  /** verify_agent_audit of `tenant` with `auditKey` as the app's signing key. */
  async function verifyWith(auditKey: AuditSigningKey, tenant: ReturnType<typeof randomUUID>) {
    const ctx = {
      deps: { prisma: db.prisma, auditKey, auditSequencer } as unknown as AppDeps,
      openapi: {},
      requestId: randomUUID(),
      log: console as unknown as FastifyBaseLogger,
      actor: actorOf('OWNER', userA, tenant),
    } satisfies OperationContext;
    return verifyAgentAudit.handler(ctx, { params: undefined, query: undefined, body: {}, upload: undefined });
  }

  it('keeps trusting checkpoints of a retired key that is configured, and says which key it does not know', async () => {
    const rotated = randomUUID();
    await appendSamples(db.prisma, rotated, 4);
    await createCheckpoint(db.prisma, key, rotated); // signed before the rotation
    const next = testSigningKey();

    const forgotten = await verifyWith(next, rotated);
    expect(forgotten).toMatchObject({ ok: false, reason: 'checkpoint_signature' });
    expect((forgotten as { message: string }).message).toContain(`signed by unknown key ${key.keyId}`);

    const pem = next.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const withRetired = loadAuditSigningKey({ pem, retiredPublicKeysPem: key.publicKeyPem, dataDir: '/nonexistent' });
    expect(await verifyWith(withRetired, rotated)).toEqual({ ok: true, records: 4, checkpoints: 1, pending: 0 });
    // Auditors find the retired key beside the current one.
    const published = await getAgentAuditPublicKey.handler(
      { deps: { auditKey: withRetired } } as unknown as OperationContext,
      { params: undefined, query: undefined, body: undefined, upload: undefined },
    );
    expect(published).toMatchObject({
      keyId: next.keyId,
      retired: [{ keyId: key.keyId, publicKeyPem: key.publicKeyPem }],
    });
  });
});
