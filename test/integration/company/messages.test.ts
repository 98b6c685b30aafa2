import { randomUUID } from 'node:crypto';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';
import { messagesApi } from '../../support/messagesApi';

/**
 * Messages (company-api.md), its conversations, through the HTTP API on the real PostgreSQL: a direct
 * conversation once per pair (also when both open it at once), groups of 2 to 50 with their members adding people
 * and leaving, every bad input a 400 naming its field with nothing written, privacy (only participants read: HR,
 * ADMIN and OWNER get 404), the three credential kinds (a company API key: 403), 401/403 and idempotency.
 * Posts, read state, notifications and webhooks: messagesPosts.test.ts.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());
const { base, send, idOf, rows, group, post } = messagesApi(() => h);

describe('direct conversations', () => {
  it('are opened once per pair: opening again, from either side, answers the same one', async () => {
    const first = await send('alice', 'POST', base, { kind: 'direct', participantIds: [await idOf('carol')] });
    expect(first.statusCode).toBe(201);
    const { conversation, created } = first.json().data;
    expect(created).toBe(true);
    expect(conversation).toMatchObject({ kind: 'direct', title: null, unreadCount: 0, lastMessage: null });
    expect(conversation.participants.map((p: { name: string }) => p.name).sort()).toEqual([
      'Alice Anders',
      'Carol Chen',
    ]);
    const again = await send('alice', 'POST', base, { kind: 'direct', participantIds: [await idOf('carol')] });
    const fromCarol = await send('carol', 'POST', base, { kind: 'direct', participantIds: [await idOf('alice')] });
    for (const res of [again, fromCarol]) {
      expect([res.statusCode, res.json().data.created, res.json().data.conversation.id]).toEqual([
        201,
        false,
        conversation.id,
      ]);
    }
    expect(await h.db.prisma.messageConversation.count({ where: { kind: 'direct', id: conversation.id } })).toBe(1);
  });

  it('gives one conversation when both people open it at the same moment', async () => {
    const [a, b] = await Promise.all([
      send('bob', 'POST', base, { kind: 'direct', participantIds: [await idOf('director')] }),
      send('director', 'POST', base, { kind: 'direct', participantIds: [await idOf('bob')] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.conversation.id).toBe(b.json().data.conversation.id);
    expect([a.json().data.created, b.json().data.created].sort()).toEqual([false, true]);
  });

  it('cannot be left or grown into a group (409)', async () => {
    const res = await send('admin', 'POST', base, { kind: 'direct', participantIds: [await idOf('hr')] });
    const id = res.json().data.conversation.id;
    const add = await send('admin', 'POST', `${base}/${id}/participants`, { employeeIds: [await idOf('bob')] });
    const leave = await send('admin', 'POST', `${base}/${id}/leave`);
    for (const r of [add, leave]) expect([r.statusCode, r.json().error]).toEqual([409, 'conflict']);
    expect(await h.db.prisma.messageParticipant.count({ where: { conversationId: id, leftAt: null } })).toBe(2);
  });
});

describe('groups', () => {
  it('hold the creator and the people named; a member adds people; one who leaves reads it no more', async () => {
    const id = await group('manager', ['alice', 'bob']);
    const got = await send('alice', 'GET', `${base}/${id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data.conversation).toMatchObject({ kind: 'group', title: 'Team chat' });
    expect(got.json().data.conversation.participants).toHaveLength(3);

    // Alice, a member, adds Carol; naming Bob again changes nothing.
    const added = await send('alice', 'POST', `${base}/${id}/participants`, {
      employeeIds: [await idOf('carol'), await idOf('bob')],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.conversation.participants).toHaveLength(4);
    expect((await send('carol', 'GET', `${base}/${id}`)).statusCode).toBe(200);

    const left = await send('bob', 'POST', `${base}/${id}/leave`);
    expect([left.statusCode, left.json().data]).toEqual([200, { left: true }]);
    expect((await send('bob', 'GET', `${base}/${id}`)).statusCode).toBe(404);
    expect((await send('bob', 'GET', `${base}/${id}/messages`)).statusCode).toBe(404);
    expect((await post('bob', id, 'still here?')).statusCode).toBe(404);
    const listed = await send('bob', 'GET', base);
    expect(listed.json().data.conversations.map((c: { id: string }) => c.id)).not.toContain(id);

    // Added back by a member, he reads it again.
    await send('manager', 'POST', `${base}/${id}/participants`, { employeeIds: [await idOf('bob')] });
    expect((await send('bob', 'GET', `${base}/${id}`)).statusCode).toBe(200);
  });

  it('hold at most 50 people: a group that would pass it is refused, at its start (400) or later (409)', async () => {
    const acme = await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'hr@acme.test' } });
    const top = await h.db.prisma.employee.aggregate({
      where: { tenantId: acme.tenantId },
      _max: { employeeNumber: true },
    });
    const people: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const user = await h.db.prisma.user.create({
        data: { tenantId: acme.tenantId, email: `msg.${process.pid}.${i}@acme.test`, name: `Messenger ${i}` },
      });
      const employee = await h.db.prisma.employee.create({
        data: {
          tenantId: acme.tenantId,
          userId: user.id,
          employeeNumber: top._max.employeeNumber! + 1 + i,
          name: `Messenger ${i}`,
          email: user.email,
          jobTitle: 'Tester',
          hireDate: new Date('2026-01-05T00:00:00Z'),
        },
      });
      people.push(employee.id);
    }
    const before = await rows();
    const tooMany = await send('hr', 'POST', base, { kind: 'group', title: 'All', participantIds: people });
    expect([tooMany.statusCode, tooMany.json().error]).toEqual([400, 'bad_request']);
    expect(tooMany.json().reason).toMatch(/^participantIds: a group holds at most 50/);
    expect(await rows()).toEqual(before);

    const full = await send('hr', 'POST', base, { kind: 'group', title: 'Full', participantIds: people.slice(0, 49) });
    expect(full.statusCode).toBe(201);
    expect(full.json().data.conversation.participants).toHaveLength(50);
    const id = full.json().data.conversation.id;
    const more = await send('hr', 'POST', `${base}/${id}/participants`, { employeeIds: [people[49]] });
    expect([more.statusCode, more.json().error]).toEqual([409, 'conflict']);
    expect(more.json().reason).toContain('it has 50');
  });
});

describe('bad input', () => {
  it('answers 400 naming the field and writes nothing', async () => {
    // Someone of the workspace with no account: no one to write to.
    const hr = await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'hr@acme.test' } });
    const top = await h.db.prisma.employee.aggregate({
      where: { tenantId: hr.tenantId },
      _max: { employeeNumber: true },
    });
    const noAccount = await h.db.prisma.employee.create({
      data: {
        tenantId: hr.tenantId,
        employeeNumber: top._max.employeeNumber! + 1,
        name: 'No Account',
        email: `no.account.${process.pid}@acme.test`,
        jobTitle: 'Tester',
        hireDate: new Date('2026-01-05T00:00:00Z'),
      },
    });
    const dan = (await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'dan@globex.test' } })).id;
    const carol = await idOf('carol');
    const alice = await idOf('alice');
    const cases: Array<[object, string]> = [
      [{ kind: 'chat', participantIds: [carol] }, 'kind'],
      [{ kind: 'direct', participantIds: [] }, 'participantIds'],
      [{ kind: 'direct', participantIds: [carol, await idOf('bob')] }, 'participantIds'],
      [{ kind: 'direct', participantIds: [alice] }, 'participantIds'],
      [{ kind: 'direct', participantIds: [noAccount.id] }, 'participantIds'],
      [{ kind: 'direct', participantIds: [dan] }, 'participantIds'],
      [{ kind: 'direct', participantIds: ['not-a-uuid'] }, 'participantIds'],
      [{ kind: 'direct', title: 'Hi', participantIds: [carol] }, 'title'],
      [{ kind: 'group', participantIds: [carol] }, 'title'],
      [{ kind: 'group', title: '   ', participantIds: [carol] }, 'title'],
      [{ kind: 'group', title: 'x'.repeat(201), participantIds: [carol] }, 'title'],
      [{ kind: 'group', title: 'a\u0000b', participantIds: [carol] }, 'title'],
      [{ kind: 'group', title: 'Just me', participantIds: [alice] }, 'participantIds'],
      [{ kind: 'group', title: 'T', participantIds: [carol], extra: 1 }, 'extra'],
    ];
    const before = await rows();
    for (const [body, field] of cases) {
      const res = await send('alice', 'POST', base, body);
      expect([JSON.stringify(body), res.statusCode, res.json().error]).toEqual([
        JSON.stringify(body),
        400,
        'bad_request',
      ]);
      expect([JSON.stringify(body), res.json().reason]).toEqual([JSON.stringify(body), expect.stringContaining(field)]);
    }
    const id = await group('alice', ['carol']);
    const afterGroup = await rows();
    for (const [body, field] of [
      [{ employeeIds: [] }, 'employeeIds'],
      [{ employeeIds: [dan] }, 'employeeIds'],
      [{ employeeIds: ['x'] }, 'employeeIds'],
    ] as Array<[object, string]>) {
      const res = await send('alice', 'POST', `${base}/${id}/participants`, body);
      expect([res.statusCode, res.json().reason]).toEqual([400, expect.stringContaining(field)]);
    }
    for (const url of [
      `${base}?limit=0`,
      `${base}?limit=201`,
      `${base}?cursor=nope`,
      `${base}?cursor=${randomUUID()}`,
    ]) {
      const res = await send('alice', 'GET', url);
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    expect(await rows()).toEqual({ ...afterGroup });
    expect(afterGroup.conversations).toBe(before.conversations + 1);
  });
});

describe('privacy', () => {
  it('lets only participants read: HR, ADMIN, OWNER and the other workspace get 404, as for an unknown id', async () => {
    const id = await group('alice', ['bob']);
    await post('alice', id, 'just between us');
    for (const who of ['hr', 'admin', 'owner', 'manager', 'carol', 'globexHr'] as const) {
      for (const url of [`${base}/${id}`, `${base}/${id}/messages`]) {
        const res = await send(who, 'GET', url);
        expect([who, url, res.statusCode, res.json().error]).toEqual([who, url, 404, 'not_found']);
      }
      const write = await post(who, id, 'let me in');
      expect([who, write.statusCode]).toEqual([who, 404]);
      const add = await send(who, 'POST', `${base}/${id}/participants`, { employeeIds: [await idOf('carol')] });
      expect([who, add.statusCode]).toEqual([who, 404]);
      const listed = await send(who, 'GET', base);
      expect(listed.json().data.conversations.map((c: { id: string }) => c.id)).not.toContain(id);
    }
    const unknown = await send('alice', 'GET', `${base}/${randomUUID()}`);
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'not_found']);
    expect(await h.db.prisma.message.count({ where: { conversationId: id } })).toBe(1);
  });
});

describe('credentials and scopes', () => {
  it('takes a personal access token and a delegated credential; a company API key answers 403 saying why', async () => {
    const carol = await idOf('carol');
    for (const kind of ['personal_access_token', 'delegated_credential'] as const) {
      const token = await tokenFor(h.db.prisma, 'hr', ['messages:read', 'messages:write'], { kind });
      const made = await h.app.inject({
        method: 'POST',
        url: base,
        headers: bearer(token),
        payload: { kind: 'group', title: `By ${kind}`, participantIds: [carol] },
      });
      expect([kind, made.statusCode]).toEqual([kind, 201]);
      const read = await h.app.inject({ method: 'GET', url: base, headers: bearer(token) });
      expect([kind, read.statusCode]).toEqual([kind, 200]);
    }
    // The key's creator takes part in this group: the key is refused all the same, with nothing written.
    const id = await group('hr', ['carol']);
    const key = await tokenFor(h.db.prisma, 'hr', ['messages:read', 'messages:write'], { kind: 'company_api_key' });
    const before = await rows();
    for (const [method, url, payload] of [
      ['GET', base, undefined],
      ['GET', `${base}/${id}`, undefined],
      ['GET', `${base}/${id}/messages`, undefined],
      ['POST', `${base}/${id}/messages`, { text: 'from a key' }],
      ['POST', base, { kind: 'direct', participantIds: [carol] }],
    ] as const) {
      const res = await h.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
      expect([url, res.statusCode, res.json().error]).toEqual([url, 403, 'forbidden']);
      expect(res.json().reason).toContain('company API key acts for no person');
    }
    expect(await rows()).toEqual(before);
  });

  it('answers 401 without a credential, 403 without the scope, and writes nothing', async () => {
    const before = await rows();
    const body = { kind: 'direct', participantIds: [await idOf('owner')] };
    const none = await h.app.inject({ method: 'POST', url: base, payload: body });
    expect([none.statusCode, none.json().error]).toEqual([401, 'unauthorized']);
    const readOnly = await h.app.inject({
      method: 'POST',
      url: base,
      headers: bearer(await tokenFor(h.db.prisma, 'alice', ['messages:read'])),
      payload: body,
    });
    expect([readOnly.statusCode, readOnly.json().reason]).toEqual([
      403,
      'This credential lacks the scope messages:write',
    ]);
    const writeOnly = await h.app.inject({
      method: 'GET',
      url: base,
      headers: bearer(await tokenFor(h.db.prisma, 'alice', ['messages:write'])),
    });
    expect(writeOnly.statusCode).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it('posts once for a message sent twice with one Idempotency-Key; another body with it answers 422', async () => {
    const id = await group('alice', ['bob'], 'Idempotent');
    const headers = { 'idempotency-key': `messages-once-${process.pid}` };
    const token = await tokenFor(h.db.prisma, 'alice', ['messages:read', 'messages:write']);
    const send1 = (text: string) =>
      h.app.inject({
        method: 'POST',
        url: `${base}/${id}/messages`,
        headers: { ...bearer(token), ...headers },
        payload: { text },
      });
    const first = await send1('once');
    const second = await send1('once');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const other = await send1('twice');
    expect([other.statusCode, other.json().error]).toEqual([422, 'idempotency_key_reused']);
    expect(await h.db.prisma.message.count({ where: { conversationId: id } })).toBe(1);
    expect(
      await h.db.prisma.notification.count({
        where: { kind: 'messages.message_received', data: { path: ['conversationId'], equals: id } },
      }),
    ).toBe(1);
  });
});
