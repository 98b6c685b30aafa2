import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';
import { socialApi, type Post } from '../../support/socialApi';

/**
 * Social's posts (company-api.md) through the HTTP API on the real PostgreSQL: who posts to which audience (the
 * workspace, a department, a team of Organization), who reads a post and its comments, edits and deletes (the
 * author; HR moderating); the feed's order, filters and pages; bad input; the three credential kinds and
 * idempotency. Comments, reactions, notifications and webhooks: socialResponses.test.ts.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const { scopes, as, send, employee, departmentOf, post, toDepartment, rows, guild } = socialApi(() => h);
let teamId: string;
beforeAll(async () => {
  teamId = await guild();
});

describe('posting', () => {
  it('publishes a post to the author’s department, with its author, audience and empty reactions', async () => {
    const department = await departmentOf('alice');
    const res = await send('alice', 'POST', '/api/social/posts', {
      audience: 'department',
      departmentId: department,
      text: '  Demo on Friday!  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-audit-id']).toEqual(expect.any(String));
    const alice = await employee('alice');
    expect(res.json().data.post).toEqual({
      id: expect.any(String),
      kind: 'post',
      audience: { type: 'department', departmentId: department, teamId: null },
      text: 'Demo on Friday!',
      pinned: false,
      author: { userId: alice.userId, employeeId: alice.id, name: 'Alice Anders' },
      commentCount: 0,
      reactions: { thumbs_up: 0, heart: 0, party: 0, clap: 0, laugh: 0 },
      myReactions: [],
      createdAt: expect.any(String),
      editedAt: null,
    });
  });

  it('lets HR announce to the whole workspace and pin it; nobody else announces or posts to all (403, nothing written)', async () => {
    const announcement = await post('hr', {
      kind: 'announcement',
      audience: 'all',
      text: 'Office closed',
      pinned: true,
    });
    expect([announcement.kind, announcement.pinned]).toEqual(['announcement', true]);
    expect((await post('admin', { audience: 'all', text: 'Welcome' })).kind).toBe('post');
    const before = await rows();
    for (const who of ['alice', 'manager', 'director'] as const) {
      const toAll = await send(who, 'POST', '/api/social/posts', { audience: 'all', text: 'Hi all' });
      expect([who, toAll.statusCode, toAll.json().error]).toEqual([who, 403, 'forbidden']);
      const announce = await send(who, 'POST', '/api/social/posts', {
        kind: 'announcement',
        audience: 'department',
        departmentId: await departmentOf(who),
        text: 'Hear ye',
      });
      expect([who, announce.statusCode, announce.json().reason]).toEqual([
        who,
        403,
        expect.stringContaining('announcement'),
      ]);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses a post to another department, or to a team one is not in (403); an unknown one is 404', async () => {
    const before = await rows();
    const sales = await send('alice', 'POST', '/api/social/posts', {
      audience: 'department',
      departmentId: await departmentOf('carol'),
      text: 'Hi Sales',
    });
    expect([sales.statusCode, sales.json().error]).toEqual([403, 'forbidden']);
    const notMine = await send('bob', 'POST', '/api/social/posts', { audience: 'team', teamId, text: 'Hi guild' });
    expect([notMine.statusCode, notMine.json().error]).toEqual([403, 'forbidden']);
    const unknown = await send('hr', 'POST', '/api/social/posts', {
      audience: 'department',
      departmentId: '00000000-0000-7000-8000-000000000000',
      text: 'Hi',
    });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'not_found']);
    const otherWorkspace = await send('globexHr', 'POST', '/api/social/posts', {
      audience: 'team',
      teamId,
      text: 'Hi',
    });
    expect(otherWorkspace.statusCode).toBe(404);
    expect(await rows()).toEqual(before);
    // A member and the team's lead post to it; HR posts to any department.
    expect((await post('carol', { audience: 'team', teamId, text: 'Guild meets Monday' })).id).toEqual(
      expect.any(String),
    );
    expect((await post('manager', { audience: 'team', teamId, text: 'Agenda' })).id).toEqual(expect.any(String));
    expect((await toDepartment('hr')).id).toEqual(expect.any(String));
  });

  it.each([
    ['text', { text: '' }],
    ['text', { text: '   ' }],
    ['text', { text: 'x'.repeat(5001) }],
    ['text', { text: 'a\u0000b' }],
    ['text', { text: 42 }],
    ['audience', { audience: 'world' }],
    ['kind', { kind: 'memo' }],
    ['departmentId', { departmentId: undefined }],
    ['departmentId', { departmentId: 'engineering' }],
    ['teamId', { teamId: '00000000-0000-7000-8000-000000000000' }],
    ['pinned', { pinned: true }],
    ['pinned', { pinned: 'yes' }],
    ['mood', { mood: 'happy' }],
  ])('answers 400 naming %s for a bad post, and writes nothing', async (field, bad) => {
    const before = await rows();
    const res = await send('alice', 'POST', '/api/social/posts', {
      audience: 'department',
      departmentId: await departmentOf('alice'),
      text: 'Fine text',
      ...bad,
    });
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
    expect(await rows()).toEqual(before);
  });

  it('answers 400 naming departmentId for a department sent with audience all', async () => {
    const res = await send('hr', 'POST', '/api/social/posts', {
      audience: 'all',
      departmentId: await departmentOf('hr'),
      text: 'Hi',
    });
    expect([res.statusCode, res.json().reason]).toEqual([400, expect.stringContaining('departmentId')]);
  });
});

describe('audiences', () => {
  it('shows a department’s post and its comments to the department and HR; 404 to another department', async () => {
    const p = await toDepartment('alice', 'Engineering only');
    const comment = await send('bob', 'POST', `/api/social/posts/${p.id}/comments`, { text: 'Nice' });
    expect(comment.statusCode).toBe(201);
    for (const who of ['alice', 'bob', 'director', 'hr', 'owner'] as const) {
      expect([who, (await send(who, 'GET', `/api/social/posts/${p.id}`)).statusCode]).toEqual([who, 200]);
      expect([who, (await send(who, 'GET', `/api/social/posts/${p.id}/comments`)).statusCode]).toEqual([who, 200]);
    }
    const before = await rows();
    for (const [method, url, body] of [
      ['GET', `/api/social/posts/${p.id}`],
      ['GET', `/api/social/posts/${p.id}/comments`],
      ['POST', `/api/social/posts/${p.id}/comments`, { text: 'Me too' }],
      ['PUT', `/api/social/posts/${p.id}/reactions/heart`],
      ['PATCH', `/api/social/posts/${p.id}`, { text: 'Taken over' }],
      ['DELETE', `/api/social/posts/${p.id}`],
      ['DELETE', `/api/social/comments/${comment.json().data.comment.id}`],
    ] as Array<[string, string, object?]>) {
      const res = await send('carol', method, url, body);
      expect([method, url, res.statusCode, res.json().error]).toEqual([method, url, 404, 'not_found']);
      expect(res.body).not.toContain('Engineering only');
    }
    expect(await rows()).toEqual(before);
    const carolsFeed = (await send('carol', 'GET', '/api/social/posts?limit=200')).json().data.posts;
    expect(carolsFeed.map((x: Post) => x.id)).not.toContain(p.id);
    const globex = await send('globexHr', 'GET', `/api/social/posts/${p.id}`);
    expect(globex.statusCode).toBe(404);
  });

  it('shows a team’s post to its members and lead (whatever their department) and HR, not to others', async () => {
    const p = await post('alice', { audience: 'team', teamId, text: 'Guild only' });
    for (const who of ['alice', 'carol', 'manager', 'hr'] as const) {
      expect([who, (await send(who, 'GET', `/api/social/posts/${p.id}`)).statusCode]).toEqual([who, 200]);
    }
    for (const who of ['bob', 'director', 'salesManager'] as const) {
      expect([who, (await send(who, 'GET', `/api/social/posts/${p.id}`)).statusCode]).toEqual([who, 404]);
    }
  });
});

describe('the feed', () => {
  it('answers newest first in pages, with filters for kind and pinned', async () => {
    const made: Post[] = [];
    for (let i = 0; i < 3; i++) made.push(await toDepartment('bob', `Page ${i}`));
    const first = (await send('bob', 'GET', '/api/social/posts?limit=2')).json().data;
    expect(first.posts.map((x: Post) => x.id)).toEqual([made[2]!.id, made[1]!.id]);
    const second = (await send('bob', 'GET', `/api/social/posts?limit=2&cursor=${first.nextCursor}`)).json().data;
    expect(second.posts[0].id).toBe(made[0]!.id);
    const pinned = await post('hr', { kind: 'announcement', audience: 'all', text: 'Pinned', pinned: true });
    const onlyPinned = (await send('bob', 'GET', '/api/social/posts?pinned=true&limit=200')).json().data.posts;
    expect(onlyPinned.map((x: Post) => x.id)).toContain(pinned.id);
    expect(onlyPinned.every((x: Post) => x.pinned)).toBe(true);
    const announcements = (await send('bob', 'GET', '/api/social/posts?kind=announcement&limit=200')).json().data.posts;
    expect(announcements.length).toBeGreaterThan(0);
    expect(announcements.every((x: Post) => x.kind === 'announcement')).toBe(true);
  });

  it.each([
    ['limit', '?limit=0'],
    ['limit', '?limit=201'],
    ['cursor', '?cursor=nope'],
    ['pinned', '?pinned=yes'],
    ['kind', '?kind=memo'],
    ['audience', '?audience=world'],
    ['colour', '?colour=red'],
  ])('answers 400 naming %s for a bad feed query', async (field, query) => {
    const res = await send('alice', 'GET', `/api/social/posts${query}`);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit the text (editedAt set); others who read it get 403, HR included', async () => {
    const p = await toDepartment('alice', 'Typo');
    for (const who of ['bob', 'hr'] as const) {
      const res = await send(who, 'PATCH', `/api/social/posts/${p.id}`, { text: 'Hijack' });
      expect([who, res.statusCode]).toEqual([who, 403]);
    }
    const res = await send('alice', 'PATCH', `/api/social/posts/${p.id}`, { text: 'Fixed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.post).toMatchObject({ text: 'Fixed', editedAt: expect.any(String) });
    const bad = await send('alice', 'PATCH', `/api/social/posts/${p.id}`, { text: 'x'.repeat(5001) });
    expect([bad.statusCode, bad.json().reason]).toEqual([400, expect.stringContaining('text')]);
    const pin = await send('alice', 'PATCH', `/api/social/posts/${p.id}`, { pinned: true });
    expect([pin.statusCode, pin.json().reason]).toEqual([400, expect.stringContaining('pinned')]);
    const empty = await send('alice', 'PATCH', `/api/social/posts/${p.id}`, {});
    expect(empty.statusCode).toBe(400);
    const stored = await h.db.prisma.socialPost.findUniqueOrThrow({ where: { id: p.id } });
    expect([stored.text, stored.pinned]).toEqual(['Fixed', false]);
  });

  it('lets the author of an announcement unpin it', async () => {
    const a = await post('hr', { kind: 'announcement', audience: 'all', text: 'Pinned for now', pinned: true });
    const res = await send('hr', 'PATCH', `/api/social/posts/${a.id}`, { pinned: false });
    expect([res.statusCode, res.json().data.post.pinned, res.json().data.post.editedAt]).toEqual([200, false, null]);
  });

  it('deletes a post with its comments and reactions: the author, or HR moderating; nobody else (403)', async () => {
    const p = await toDepartment('alice', 'Delete me');
    await send('bob', 'POST', `/api/social/posts/${p.id}/comments`, { text: 'ok' });
    await send('bob', 'PUT', `/api/social/posts/${p.id}/reactions/clap`);
    const byBob = await send('bob', 'DELETE', `/api/social/posts/${p.id}`);
    expect([byBob.statusCode, byBob.json().error]).toEqual([403, 'forbidden']);
    const byAlice = await send('alice', 'DELETE', `/api/social/posts/${p.id}`);
    expect([byAlice.statusCode, byAlice.json()]).toEqual([200, { data: { id: p.id } }]);
    expect(await h.db.prisma.socialComment.count({ where: { postId: p.id } })).toBe(0);
    expect(await h.db.prisma.socialReaction.count({ where: { postId: p.id } })).toBe(0);
    expect((await send('alice', 'GET', `/api/social/posts/${p.id}`)).statusCode).toBe(404);
    const moderated = await toDepartment('bob', 'Off topic');
    expect((await send('hr', 'DELETE', `/api/social/posts/${moderated.id}`)).statusCode).toBe(200);
    expect(await h.db.prisma.socialPost.count({ where: { id: moderated.id } })).toBe(0);
  });
});

describe('credentials and scopes', () => {
  it('takes a personal access token, a delegated credential and a company API key alike', async () => {
    for (const kind of ['personal_access_token', 'delegated_credential', 'company_api_key'] as const) {
      const token = await tokenFor(h.db.prisma, 'hr', [...scopes], { kind });
      const made = await h.app.inject({
        method: 'POST',
        url: '/api/social/posts',
        headers: bearer(token),
        payload: { audience: 'all', text: `By ${kind}` },
      });
      expect([kind, made.statusCode]).toEqual([kind, 201]);
      const read = await h.app.inject({
        method: 'GET',
        url: `/api/social/posts/${made.json().data.post.id}`,
        headers: bearer(token),
      });
      expect([kind, read.statusCode, read.json().data.post.author.name]).toEqual([kind, 200, 'Hannah Reyes']);
    }
  });

  it('answers 401 without a valid credential and 403 without the scope, and writes nothing', async () => {
    const before = await rows();
    const body = { audience: 'all', text: 'Nope' };
    const none = await h.app.inject({ method: 'POST', url: '/api/social/posts', payload: body });
    expect([none.statusCode, none.json().error]).toEqual([401, 'unauthorized']);
    const readOnly = await h.app.inject({
      method: 'POST',
      url: '/api/social/posts',
      headers: bearer(await tokenFor(h.db.prisma, 'hr', ['social:read'])),
      payload: body,
    });
    expect([readOnly.statusCode, readOnly.json().error]).toEqual([403, 'forbidden']);
    const noRead = await h.app.inject({
      method: 'GET',
      url: '/api/social/posts',
      headers: bearer(await tokenFor(h.db.prisma, 'hr', ['social:write'])),
    });
    expect(noRead.statusCode).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it('makes one post of a create sent twice with one Idempotency-Key; another body with it answers 422', async () => {
    const headers = { ...(await as('alice')), 'idempotency-key': `social-once-${process.pid}` };
    const payload = { audience: 'department', departmentId: await departmentOf('alice'), text: 'Once' };
    const send1 = (body: object) => h.app.inject({ method: 'POST', url: '/api/social/posts', headers, payload: body });
    const before = await rows();
    const first = await send1(payload);
    const second = await send1(payload);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const other = await send1({ ...payload, text: 'Twice' });
    expect([other.statusCode, other.json().error]).toEqual([422, 'idempotency_key_reused']);
    const after = await rows();
    expect(after.posts).toBe(before.posts + 1);
  });
});
