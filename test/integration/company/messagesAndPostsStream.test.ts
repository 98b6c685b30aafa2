import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, seedDemoTenants, tokenFor } from '../../support/identity';
import { spawnSvcHr, waitUntilLive, type SvcHrProcess } from '../../support/svcHrProcess';
import { testTemporalAddress } from '../../support/temporalServer';
import { openEventStream, type ServerSentEvent } from '../agent/sseClient';

/**
 * Issue 21's Done-when for Messages and Social: two real `svc-hr api` processes on one database; a message, or a
 * post, made through one reaches the Notifications stream of each recipient, open on the other, exactly once, and
 * never the sender's or the author's. Needs the build (`npm test` builds first).
 */
let db: TestDatabase;
const processes: SvcHrProcess[] = [];
let a: SvcHrProcess;
let b: SvcHrProcess;

async function startApi(): Promise<SvcHrProcess> {
  const proc = await spawnSvcHr('api', {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    SVC_HR_RATE_LIMIT_PER_MINUTE: '100000',
  });
  processes.push(proc);
  await waitUntilLive(proc);
  return proc;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  [a, b] = await Promise.all([startApi(), startApi()]);
});

afterAll(async () => {
  for (const proc of processes) proc.killGroup('SIGTERM');
  await Promise.all(processes.map((proc) => proc.exited));
  await db?.drop();
});

type Stream = Awaited<ReturnType<typeof openEventStream>>;

/** The next event of a stream, or 'none' when nothing comes within `ms`. */
async function next(stream: Stream, ms: number): Promise<ServerSentEvent | 'none'> {
  const event = await Promise.race([
    stream.next(),
    new Promise<'none'>((resolve) => setTimeout(() => resolve('none'), ms).unref()),
  ]);
  return event ?? 'none';
}

it('a message posted through one API process reaches each recipient’s stream on the other once', async () => {
  const token = (who: 'alice' | 'bob' | 'manager') =>
    tokenFor(db.prisma, who, ['messages:read', 'messages:write', 'notifications:read']);
  const [alice, bob, manager] = [await token('alice'), await token('bob'), await token('manager')];
  const employee = async (email: string) => (await db.prisma.employee.findFirstOrThrow({ where: { email } })).id;

  const onB = {
    alice: await openEventStream(`${b.baseUrl}/api/notifications/stream`, bearer(alice)),
    bob: await openEventStream(`${b.baseUrl}/api/notifications/stream`, bearer(bob)),
    manager: await openEventStream(`${b.baseUrl}/api/notifications/stream`, bearer(manager)),
  };
  expect([onB.alice.status, onB.bob.status, onB.manager.status]).toEqual([200, 200, 200]);

  const call = async (path: string, body: object) => {
    const res = await fetch(`${a.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...bearer(manager), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: Record<string, { id: string }> }).data;
  };
  const { conversation } = await call('/api/messages/conversations', {
    kind: 'group',
    title: 'Standup',
    participantIds: [await employee('alice@acme.test'), await employee('bob@acme.test')],
  });
  const { message } = await call(`/api/messages/conversations/${conversation!.id}/messages`, { text: 'Standup at 10' });

  for (const stream of [onB.alice, onB.bob]) {
    const event = await next(stream, 20_000);
    expect(event).not.toBe('none');
    const { event: kind, data } = event as ServerSentEvent;
    expect(kind).toBe('messages.message_received');
    expect((data as { data: object }).data).toEqual({ conversationId: conversation!.id, messageId: message!.id });
    // Once: nothing follows it.
    expect(await next(stream, 1_500)).toBe('none');
  }
  // The sender is not told of their own message.
  expect(await next(onB.manager, 1_500)).toBe('none');
  for (const stream of Object.values(onB)) stream.close();
});

it('a post to everyone, made through one API process, reaches each reader’s stream on the other once', async () => {
  const token = (who: 'alice' | 'bob' | 'hr') =>
    tokenFor(db.prisma, who, ['social:read', 'social:write', 'notifications:read']);
  const [alice, bob, hr] = [await token('alice'), await token('bob'), await token('hr')];
  const onB = {
    alice: await openEventStream(`${b.baseUrl}/api/notifications/stream`, bearer(alice)),
    bob: await openEventStream(`${b.baseUrl}/api/notifications/stream`, bearer(bob)),
    hr: await openEventStream(`${b.baseUrl}/api/notifications/stream`, bearer(hr)),
  };
  expect([onB.alice.status, onB.bob.status, onB.hr.status]).toEqual([200, 200, 200]);

  const res = await fetch(`${a.baseUrl}/api/social/posts`, {
    method: 'POST',
    headers: { ...bearer(hr), 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'announcement', audience: 'all', text: 'Please welcome Carol to the team!' }),
  });
  expect(res.status).toBe(201);
  const { post } = ((await res.json()) as { data: { post: { id: string } } }).data;

  for (const stream of [onB.alice, onB.bob]) {
    const event = await next(stream, 20_000);
    expect(event).not.toBe('none');
    const { event: kind, data } = event as ServerSentEvent;
    expect(kind).toBe('social.post_published');
    expect((data as { data: object }).data).toEqual({ postId: post.id, kind: 'announcement' });
    expect(await next(stream, 1_500)).toBe('none');
  }
  // The author is not told of their own post.
  expect(await next(onB.hr, 1_500)).toBe('none');
  for (const stream of Object.values(onB)) stream.close();
});
