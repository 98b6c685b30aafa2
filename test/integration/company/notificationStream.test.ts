import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, seedDemoTenants, tokenFor } from '../../support/identity';
import { addDays, dayOfWeek } from '../../../engines/leave/dates';
import { todayOf } from '../../support/leave';
import { spawnSvcHr, waitUntilLive, type SvcHrProcess } from '../../support/svcHrProcess';
import { testTemporalAddress } from '../../support/temporalServer';
import { openEventStream, type ServerSentEvent } from '../agent/sseClient';

/**
 * Notifications (real-time streaming), issue 18's Done-when: two real `svc-hr api` processes on one database, a
 * stream of Alice's notifications open on each; her manager decides her leave requests through one process and
 * the other; every decision reaches both streams once and in order (PostgreSQL LISTEN/NOTIFY wakes them; the
 * notifications are read from the table by Alice's sequence), and a stream reconnected with Last-Event-ID gets
 * exactly what it missed. Needs the build (`npm test` builds first).
 */
let db: TestDatabase;
const processes: SvcHrProcess[] = [];

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
});

afterAll(async () => {
  for (const proc of processes) proc.killGroup('SIGTERM');
  await Promise.all(processes.map((proc) => proc.exited));
  await db?.drop();
});

/** The next `count` events of a stream, failing after 20 s without one. */
async function take(stream: Awaited<ReturnType<typeof openEventStream>>, count: number): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  while (events.length < count) {
    const next = await Promise.race([
      stream.next(),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000).unref()),
    ]);
    if (next === 'timeout' || next === undefined) throw new Error(`got ${events.length} of ${count} events: ${next}`);
    events.push(next);
  }
  return events;
}

it('two API processes: each decision reaches both streams once, in order; Last-Event-ID resumes exactly', async () => {
  const [a, b] = await Promise.all([startApi(), startApi()]);
  const alice = await tokenFor(db.prisma, 'alice', ['leave:write', 'leave:read', 'notifications:read']);
  const manager = await tokenFor(db.prisma, 'manager', ['leave:read', 'leave:write']);
  const streamHeaders = { authorization: `Bearer ${alice}` };
  const onA = await openEventStream(`${a.baseUrl}/api/notifications/stream`, streamHeaders);
  const onB = await openEventStream(`${b.baseUrl}/api/notifications/stream`, streamHeaders);
  expect([onA.status, onB.status]).toEqual([200, 200]);
  expect(onA.contentType).toContain('text/event-stream');

  // Three requests of Alice, made through A; decided by her manager alternately through B and A.
  // Weekdays two years ahead: past the seeded holidays and bookings, each its own request.
  const today = await todayOf(db.prisma, 'alice');
  const days: string[] = [];
  for (let offset = 730; days.length < 3; offset += 1) {
    const day = addDays(today, offset);
    if (![0, 6].includes(dayOfWeek(day))) days.push(day);
  }
  const ids: string[] = [];
  for (const day of days) {
    const res = await fetch(`${a.baseUrl}/api/v1/leave/requests`, {
      method: 'POST',
      headers: { ...bearer(alice), 'content-type': 'application/json' },
      body: JSON.stringify({ start_date: day, policy: 'Unpaid leave' }),
    });
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { data: { id: string } }).data.id);
  }
  const decide = async (proc: SvcHrProcess, id: string, decision: 'approve' | 'reject') => {
    const res = await fetch(`${proc.baseUrl}/api/v1/leave/requests/${id}/decision`, {
      method: 'POST',
      headers: { ...bearer(manager), 'content-type': 'application/json' },
      body: JSON.stringify({ decision }),
    });
    expect(res.status).toBe(200);
  };
  await decide(b, ids[0]!, 'approve');
  await decide(a, ids[1]!, 'reject');

  const firstA = await take(onA, 2);
  const firstB = await take(onB, 2);
  for (const events of [firstA, firstB]) {
    expect(events.map((e) => e.event)).toEqual(['leave.approved', 'leave.rejected']);
    expect(events.map((e) => (e.data as { data: { requestId: string } }).data.requestId)).toEqual([ids[0], ids[1]]);
  }
  expect(firstA.map((e) => e.id)).toEqual(firstB.map((e) => e.id));
  expect(firstA[1]!.id).toBe(firstA[0]!.id + 1);

  // A's client drops after the first event it read; the third decision comes while it is away.
  onA.close();
  await decide(b, ids[2]!, 'approve');
  const thirdB = await take(onB, 1);
  expect(thirdB[0]!.event).toBe('leave.approved');
  const resumed = await openEventStream(`${a.baseUrl}/api/notifications/stream`, {
    ...streamHeaders,
    'last-event-id': String(firstA[0]!.id),
  });
  const missed = await take(resumed, 2);
  expect(missed.map((e) => e.id)).toEqual([firstA[1]!.id, thirdB[0]!.id]);
  expect(missed.map((e) => e.event)).toEqual(['leave.rejected', 'leave.approved']);
  // Nothing more is owed: the stored notifications of Alice are exactly the ones streamed.
  const stored = await db.prisma.notification.findMany({
    where: { userId: (await db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } })).id },
    orderBy: { seq: 'asc' },
  });
  expect(stored.slice(-3).map((n) => n.seq)).toEqual([firstA[0]!.id, firstA[1]!.id, thirdB[0]!.id]);
  resumed.close();
  onB.close();
});
