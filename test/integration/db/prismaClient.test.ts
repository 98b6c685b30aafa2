import { createPrismaClient, sqlPool } from '../../../db/prismaClient';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { waitFor } from '../../support/waitFor';

/** The pg pool under our Prisma clients (db/prismaClient.ts), which the audit append queue uses directly. */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

describe('a Prisma client made by createPrismaClient', () => {
  it('lends its own pool, and refuses a client it did not make', async () => {
    const prisma = createPrismaClient(db.url, { poolMax: 1 });
    expect((await sqlPool(prisma).query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await prisma.$disconnect();
    expect(() => sqlPool({} as never)).toThrow(/not made by createPrismaClient/);
  });

  it('survives its idle connection dying before Prisma ever queried, and reconnects', async () => {
    const prisma = createPrismaClient(db.url, { poolMax: 1 });
    const pool = sqlPool(prisma);
    const [{ pid }] = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
    await db.prisma.$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
    // The pool drops the dead connection (an 'error' event that would end the process without a listener).
    await waitFor('the pool to drop the terminated connection', async () => pool.totalCount === 0);
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(await prisma.$queryRaw`SELECT 2 AS two`).toEqual([{ two: 2 }]);
    await prisma.$disconnect();
  });
});
