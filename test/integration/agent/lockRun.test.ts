import type { Actor } from '../../../engines/access/actor';
import { createRun, lockRun, setRequiresAction } from '../../../engines/agent/runs';
import { createThread } from '../../../engines/agent/threads';
import { authenticate } from '../../../engines/tokens/authenticate';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { seedDemoTenants, tokenFor } from '../../support/identity';

/**
 * lockRun locks and reads a run in one raw statement: what it reads must be what Prisma's own read of the row gives
 * (uuids as text, JSON as values, times as Dates), since every run transaction acts on it.
 */
let db: TestDatabase;
let alice: Actor;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  alice = await authenticate(db.prisma, await tokenFor(db.prisma, 'alice'));
});

afterAll(async () => {
  await db?.drop();
});

it('reads the run as Prisma reads it, holding its row lock', async () => {
  const thread = await createThread(db.prisma, alice, 'lock');
  const run = await createRun(db.prisma, alice, thread.id, 'Book annual leave on 7 December');
  await db.prisma.$transaction(async (tx) => {
    const locked = await lockRun(tx, run.id);
    await setRequiresAction(tx, locked, { kind: 'question', questionId: '00000000-0000-7000-8000-000000000001' }, {});
  });
  await db.prisma.agentRun.update({
    where: { id: run.id },
    data: { error: { code: 'x', message: 'y' }, stepCount: 2 },
  });

  const { usage: _usage, ...expected } = await db.prisma.agentRun.findUniqueOrThrow({ where: { id: run.id } });
  const read = await db.prisma.$transaction(async (tx) => {
    const locked = await lockRun(tx, run.id);
    // Held: another transaction cannot take the row's lock meanwhile.
    const other = await db.prisma.$queryRaw<Array<{ id: string }>>`
      SELECT id::text FROM agent_runs WHERE id = ${run.id}::uuid FOR UPDATE SKIP LOCKED`;
    return { locked, other };
  });
  expect(read.locked).toEqual(expected);
  expect(read.locked.requiredAction).toEqual({ kind: 'question', questionId: '00000000-0000-7000-8000-000000000001' });
  expect(read.locked.createdAt).toBeInstanceOf(Date);
  expect(read.other).toEqual([]);
});

it('answers not_found for a run that does not exist', async () => {
  await expect(
    db.prisma.$transaction((tx) => lockRun(tx, '00000000-0000-7000-8000-0000000000ff')),
  ).rejects.toMatchObject({ code: 'not_found' });
});
