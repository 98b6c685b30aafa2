import { writeNotifications } from '../../../engines/notifications/writeNotifications';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';

/**
 * The Notifications area (company-api.md): one's own notifications from every area, read state, preferences that
 * stop a kind being made, and the stream's catch-up mode. The live stream across two API processes is
 * notificationStream.test.ts.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const as = async (who: DemoKey) =>
  bearer(await tokenFor(h.db.prisma, who, ['notifications:read', 'notifications:write', 'people:write']));
const send = (headers: Record<string, string>, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
const userOf = async (email: string) => h.db.prisma.user.findUniqueOrThrow({ where: { email } });

async function notify(email: string, kind: string, title: string): Promise<number> {
  const user = await userOf(email);
  return h.db.prisma.$transaction((tx) =>
    writeNotifications(tx, [{ tenantId: user.tenantId, userId: user.id, kind, title, body: title, data: {} }]),
  );
}

describe('notifications of every area', () => {
  it('lists one’s own newest first with their sequence, pages by cursor, and counts the unread', async () => {
    for (const title of ['one', 'two', 'three']) await notify('bob@acme.test', 'leave.approved', title);
    const bob = await as('bob');
    const first = await send(bob, 'GET', '/api/notifications?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page.notifications.map((n: { title: string }) => n.title)).toEqual(['three', 'two']);
    expect(page.notifications[0].seq).toBe(page.notifications[1].seq + 1);
    expect(page.unreadCount).toBeGreaterThanOrEqual(3);
    const next = await send(bob, 'GET', `/api/notifications?limit=2&cursor=${page.nextCursor}`);
    expect(next.json().data.notifications[0].title).toBe('one');
    // A manager's (people.new_report) comes through the same list: every area writes through one writer.
    const hire = await send(await as('hr'), 'POST', '/api/people', {
      name: 'Newly Reporting',
      email: `newly.${Date.now()}@acme.test`,
      jobTitle: 'Engineer',
      hireDate: '2026-12-01',
      managerId: (await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'manager@acme.test' } })).id,
    });
    expect(hire.statusCode).toBe(201);
    const manager = await send(await as('manager'), 'GET', '/api/notifications?limit=1');
    expect(manager.json().data.notifications[0]).toMatchObject({ kind: 'people.new_report' });
    expect(manager.body).not.toContain('three');
  });

  it('marks one read (keeping the first time), all read, and answers 404 for someone else’s', async () => {
    await notify('bob@acme.test', 'leave.rejected', 'to read');
    const bob = await as('bob');
    const [latest] = (await send(bob, 'GET', '/api/notifications?limit=1')).json().data.notifications;
    const read = await send(bob, 'POST', `/api/notifications/${latest.id}/read`);
    expect(read.json().data.notification.readAt).not.toBeNull();
    const again = await send(bob, 'POST', `/api/notifications/${latest.id}/read`);
    expect(again.json().data.notification.readAt).toBe(read.json().data.notification.readAt);
    const alice = await send(await as('alice'), 'POST', `/api/notifications/${latest.id}/read`);
    expect(alice.statusCode).toBe(404);
    expect(alice.json()).toEqual({ error: 'not_found', reason: expect.any(String) });
    const all = await send(bob, 'POST', '/api/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect((await send(bob, 'GET', '/api/notifications')).json().data.unreadCount).toBe(0);
  });

  it('stops making a kind the user turned off, and only that kind', async () => {
    const carol = await as('carol');
    const set = await send(carol, 'PUT', '/api/notifications/preferences/leave.reminder', { enabled: false });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.preferences).toContainEqual({ kind: 'leave.reminder', enabled: false });
    expect(await notify('carol@acme.test', 'leave.reminder', 'muted')).toBe(0);
    expect(await notify('carol@acme.test', 'leave.approved', 'kept')).toBe(1);
    const titles = (await send(carol, 'GET', '/api/notifications'))
      .json()
      .data.notifications.map((n: { title: string }) => n.title);
    expect(titles).toContain('kept');
    expect(titles).not.toContain('muted');
    const unknown = await send(carol, 'PUT', '/api/notifications/preferences/nope.never', { enabled: false });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().reason).toContain('kind');
    const badBody = await send(carol, 'PUT', '/api/notifications/preferences/leave.approved', { enabled: 'no' });
    expect(badBody.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining('enabled') });
  });

  it('the stream’s catch-up mode sends what is stored after Last-Event-ID, in order, then ends', async () => {
    const bob = await as('bob');
    const [latest] = (await send(bob, 'GET', '/api/notifications?limit=1')).json().data.notifications;
    await notify('bob@acme.test', 'leave.approved', 'after one');
    await notify('bob@acme.test', 'leave.cancelled', 'after two');
    const res = await send(
      { ...bob, 'last-event-id': String(latest.seq) },
      'GET',
      '/api/notifications/stream?follow=false',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const ids = [...res.body.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([latest.seq + 1, latest.seq + 2]);
    expect(res.body).toContain('event: leave.cancelled');
    const bad = await send({ ...bob, 'last-event-id': 'x' }, 'GET', '/api/notifications/stream?follow=false');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('bad_request');
  });

  it('numbers concurrent notifications of one user without a gap or a repeat', async () => {
    const user = await userOf('director@acme.test');
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.db.prisma.$transaction((tx) =>
          writeNotifications(tx, [
            { tenantId: user.tenantId, userId: user.id, kind: 'leave.approved', title: `c${i}`, body: '', data: {} },
          ]),
        ),
      ),
    );
    const seqs = (await h.db.prisma.notification.findMany({ where: { userId: user.id }, orderBy: { seq: 'asc' } })).map(
      (n) => n.seq,
    );
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });
});
