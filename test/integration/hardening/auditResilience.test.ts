import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../api/app';
import { createPollingFeed } from '../../../engines/agent/runEventFeed';
import { sqlPool } from '../../../db/prismaClient';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { createEmbeddedTestDatabase } from '../../support/embeddedDatabase';
import { bearer, seedDemoTenants, tokenFor } from '../../support/identity';
import { freeWorkingDay } from '../../support/leave';
import { authenticate } from '../../../engines/tokens/authenticate';

/**
 * Issue 16, findings 2 and 5, on both databases. At the probe (embedded database), one failed statement cost the
 * audit append its connection; the next connection is the same PGlite session, where the append's prepared
 * statement still existed, so every later append failed with `prepared statement "svc-hr.audit-append" already
 * exists`: every audited write of every tenant answered 500 until a restart, while /readyz said ready. And a burst
 * of writes on the embedded database's one connection answered internal errors when a transaction could not start.
 */
const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', createTestDatabase],
  ['the embedded database', createEmbeddedTestDatabase],
];

describe.each(databases)('on %s', (name, createDatabase) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let alice: string;
  let admin: string;

  beforeAll(async () => {
    db = await createDatabase();
    await seedDemoTenants(db.prisma);
    app = await buildApp({
      config: testConfig({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' }),
      prisma: db.prisma,
      readinessChecks: [],
      logger: false,
      // The embedded database serves one connection: no second one to LISTEN on, as under `svc-hr start`.
      runEvents: createPollingFeed(),
    });
    alice = await tokenFor(db.prisma, 'alice');
    admin = await tokenFor(db.prisma, 'admin');
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  /** An audited write: a token of alice's (one INSERT, then its audit record). */
  const auditedWrite = (label: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: bearer(alice),
      payload: { name: label, scopes: ['leave:read'] },
    });

  const verify = async () =>
    (await app.inject({ method: 'POST', url: '/api/v1/agent/audit/verify', headers: bearer(admin) })).json().data;

  /**
   * Takes connections away from the client's pool as a database or network failure would: on PostgreSQL every
   * other backend of the database is terminated; on the embedded database the pool's connection is destroyed, and
   * the next one opens the same PGlite session, holding what the lost one prepared.
   */
  async function loseConnections(): Promise<void> {
    if (name === 'PostgreSQL') {
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await admin.end();
      return;
    }
    const client = await sqlPool(db.prisma).connect();
    client.release(true);
  }

  it('audited writes after a lost connection succeed, and the chain verifies', async () => {
    expect((await auditedWrite('before')).statusCode).toBe(201);
    await loseConnections();
    // The first statement may meet the dead connection before the pool has dropped it: whether it ran is unknown,
    // so that request answers 503 with Retry-After (never 500), and every later one succeeds.
    const first = await auditedWrite('first after');
    if (first.statusCode !== 201) {
      expect([first.statusCode, first.json().error.code, first.headers['retry-after']]).toEqual([
        503,
        'unavailable',
        '1',
      ]);
    }
    const after = [];
    for (let i = 0; i < 3; i += 1) after.push((await auditedWrite(`after ${i}`)).statusCode);
    expect(after).toEqual([201, 201, 201]);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('/readyz answers 503 naming the audit trail while appends fail, and ready once one succeeds', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // Every append is refused by the database from now on: what a full disk or a lost table would do.
    await db.prisma.$executeRawUnsafe(
      'ALTER TABLE audit_pending ADD CONSTRAINT refuse_appends CHECK (false) NOT VALID',
    );
    try {
      expect((await auditedWrite('while appends fail')).statusCode).toBeGreaterThanOrEqual(500);
      const down = await app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json().error.details.checks.audit).toMatchObject({ ok: false });
    } finally {
      await db.prisma.$executeRawUnsafe('ALTER TABLE audit_pending DROP CONSTRAINT refuse_appends');
    }
    expect((await auditedWrite('appends work again')).statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('a burst of 100 concurrent leave requests: each created, refused or told to retry; never an internal error', async () => {
    const bob = await tokenFor(db.prisma, 'bob', ['leave:write']);
    const day = await freeWorkingDay(db.prisma, await authenticate(db.prisma, bob), 20);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/leave/requests',
          headers: bearer(bob),
          payload: { start_date: day, policy: 'Unpaid leave', reason: `burst ${i}` },
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    // One request wins the day; the others overlap it (409/400) or find the database busy (503).
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => ![201, 400, 409, 503].includes(s))).toEqual([]);
    for (const res of answers.filter((r) => r.statusCode === 503)) expect(res.headers['retry-after']).toBeDefined();
    expect((await auditedWrite('after the burst')).statusCode).toBe(201);
  });
});
