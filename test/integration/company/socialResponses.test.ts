import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { socialApi } from '../../support/socialApi';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * What Social's posts bring back, through the HTTP API on the real PostgreSQL: comments (oldest first, deleted by
 * their author or HR), reactions (one per person, emoji and post; adding and removing are idempotent), the
 * notification each person of a post's audience gets once and nobody else any, and the webhook events.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const { send, employee, departmentOf, userIdOf, post, toDepartment, rows, guild } = socialApi(() => h);
let teamId: string;
beforeAll(async () => {
  teamId = await guild();
});

describe('comments and reactions', () => {
  it('lists a post’s comments oldest first; a comment is deleted by its author or HR, not by the post’s author', async () => {
    const p = await toDepartment('alice', 'Comment here');
    const ids: string[] = [];
    for (const [who, text] of [
      ['bob', 'First'],
      ['director', 'Second'],
      ['bob', 'Third'],
    ] as const) {
      const res = await send(who, 'POST', `/api/social/posts/${p.id}/comments`, { text });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.comment.id);
    }
    const page = (await send('alice', 'GET', `/api/social/posts/${p.id}/comments?limit=2`)).json().data;
    expect(page.comments.map((c: { text: string }) => c.text)).toEqual(['First', 'Second']);
    const rest = (await send('alice', 'GET', `/api/social/posts/${p.id}/comments?cursor=${page.nextCursor}`)).json()
      .data;
    expect([rest.comments.map((c: { text: string }) => c.text), rest.nextCursor]).toEqual([['Third'], null]);
    expect((await send('alice', 'GET', `/api/social/posts/${p.id}`)).json().data.post.commentCount).toBe(3);
    expect((await send('alice', 'DELETE', `/api/social/comments/${ids[0]}`)).statusCode).toBe(403);
    expect((await send('bob', 'DELETE', `/api/social/comments/${ids[0]}`)).statusCode).toBe(200);
    expect((await send('hr', 'DELETE', `/api/social/comments/${ids[1]}`)).statusCode).toBe(200);
    expect(await h.db.prisma.socialComment.count({ where: { postId: p.id } })).toBe(1);
  });

  it.each([
    ['text', { text: '' }],
    ['text', { text: 'c'.repeat(2001) }],
    ['text', { text: 'a\u0000' }],
    ['extra', { text: 'ok', extra: 1 }],
  ])('answers 400 naming %s for a bad comment, and writes nothing', async (field, body) => {
    const p = await toDepartment('alice', 'Bad comments');
    const before = await rows();
    const res = await send('bob', 'POST', `/api/social/posts/${p.id}/comments`, body);
    expect([res.statusCode, res.json().error, res.json().reason]).toEqual([
      400,
      'bad_request',
      expect.stringContaining(field),
    ]);
    expect(await rows()).toEqual(before);
  });

  it('counts one reaction per person and emoji: adding twice or removing twice changes nothing', async () => {
    const p = await toDepartment('alice', 'React');
    const url = `/api/social/posts/${p.id}/reactions`;
    const once = await send('bob', 'PUT', `${url}/party`);
    const twice = await send('bob', 'PUT', `${url}/party`);
    expect([once.statusCode, twice.statusCode]).toEqual([200, 200]);
    expect(twice.json().data.post).toMatchObject({ reactions: { party: 1, heart: 0 }, myReactions: ['party'] });
    await send('bob', 'PUT', `${url}/heart`);
    const alice = (await send('alice', 'PUT', `${url}/party`)).json().data.post;
    expect(alice).toMatchObject({ reactions: { party: 2, heart: 1 }, myReactions: ['party'] });
    const removed = await send('bob', 'DELETE', `${url}/party`);
    const again = await send('bob', 'DELETE', `${url}/party`);
    expect([removed.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().data.post).toMatchObject({ reactions: { party: 1, heart: 1 }, myReactions: ['heart'] });
    expect(await h.db.prisma.socialReaction.count({ where: { postId: p.id } })).toBe(2);
    const before = await rows();
    const bad = await send('bob', 'PUT', `${url}/rocket`);
    expect([bad.statusCode, bad.json().reason]).toEqual([400, expect.stringContaining('emoji')]);
    expect(await rows()).toEqual(before);
  });
});

describe('notifications and webhooks', () => {
  const told = async (postId: string) =>
    (
      await h.db.prisma.notification.findMany({
        where: { kind: 'social.post_published', data: { path: ['postId'], equals: postId } },
        select: { userId: true },
      })
    ).map((n) => n.userId);

  it('tells every active user of the workspace once of an announcement to all, not its author nor another workspace', async () => {
    const a = await post('hr', { kind: 'announcement', audience: 'all', text: 'All hands at 10' });
    const hr = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'hr@acme.test' } });
    const everyone = await h.db.prisma.user.findMany({ where: { tenantId: hr.tenantId, status: 'active' } });
    const recipients = await told(a.id);
    expect(recipients.sort()).toEqual(
      everyone
        .map((u) => u.id)
        .filter((id) => id !== hr.id)
        .sort(),
    );
    expect(recipients).not.toContain(await userIdOf('globexHr'));
    const note = await h.db.prisma.notification.findFirstOrThrow({
      where: { userId: await userIdOf('alice'), data: { path: ['postId'], equals: a.id } },
    });
    expect([note.title, note.body]).toEqual(['Announcement from Hannah Reyes', 'All hands at 10']);
  });

  it('tells the department’s people once of a department post (never its author), and nobody outside it', async () => {
    const p = await toDepartment('bob', 'Engineering news');
    const bob = await userIdOf('bob');
    const engineering = await h.db.prisma.user.findMany({
      where: { status: 'active', employee: { departmentId: await departmentOf('bob') } },
      select: { id: true },
    });
    const expected = engineering.map((u) => u.id).filter((id) => id !== bob);
    expect(expected).toEqual(expect.arrayContaining([await userIdOf('alice'), await userIdOf('director')]));
    const recipients = await told(p.id);
    expect(recipients.sort()).toEqual(expected.sort());
    for (const who of ['carol', 'hr', 'owner'] as const) expect(recipients).not.toContain(await userIdOf(who));
  });

  it('tells a team’s members and its lead once each, not others of their departments', async () => {
    // Marcus leads the team and is made a member too: still one notification.
    const manager = await employee('manager');
    await h.db.prisma.teamMember.create({ data: { teamId, employeeId: manager.id, tenantId: manager.tenantId } });
    try {
      const p = await post('carol', { audience: 'team', teamId, text: 'Guild news' });
      expect((await told(p.id)).sort()).toEqual([await userIdOf('alice'), manager.userId!].sort());
    } finally {
      await h.db.prisma.teamMember.delete({ where: { teamId_employeeId: { teamId, employeeId: manager.id } } });
    }
  });

  it('tells a post’s author of a comment by someone else, not of their own', async () => {
    const p = await toDepartment('alice', 'Comments welcome');
    const alice = await userIdOf('alice');
    const count = () => h.db.prisma.notification.count({ where: { userId: alice, kind: 'social.comment_added' } });
    const before = await count();
    await send('alice', 'POST', `/api/social/posts/${p.id}/comments`, { text: 'Self' });
    expect(await count()).toBe(before);
    await send('bob', 'POST', `/api/social/posts/${p.id}/comments`, { text: 'From Bob' });
    expect(await count()).toBe(before + 1);
  });

  it('queues social.post.created for a workspace post to every role’s webhooks, a department’s to HR’s only', async () => {
    const aliceHook = await queuedWebhookOf(h.db.prisma, 'alice', ['social.post.created']);
    const hrHook = await queuedWebhookOf(h.db.prisma, 'hr', ['social.post.created', 'social.post.deleted']);
    const all = await post('admin', { audience: 'all', text: 'For everyone' });
    const dept = await toDepartment('bob', 'For engineering');
    await send('bob', 'DELETE', `/api/social/posts/${dept.id}`);
    const postIdsOf = async (hook: typeof aliceHook) =>
      (await hook.deliveries()).map((d) => {
        const payload = d.payload as { type: string; data: { post: { id: string } } };
        return [payload.type, payload.data.post.id];
      });
    expect(await postIdsOf(aliceHook)).toEqual([['social.post.created', all.id]]);
    expect(await postIdsOf(hrHook)).toEqual([
      ['social.post.created', all.id],
      ['social.post.created', dept.id],
      ['social.post.deleted', dept.id],
    ]);
    expect(JSON.stringify((await hrHook.deliveries())[1]!.payload)).not.toContain('For engineering');
  });
});
