import { randomUUID } from 'node:crypto';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { messagesApi } from '../../support/messagesApi';
import { waitFor } from '../../support/waitFor';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * Messages (company-api.md), its messages, through the HTTP API on the real PostgreSQL: posting (trimmed text, 1
 * to 4000 characters, every bad input a 400 naming the field with nothing written), the newest-first pages,
 * the read mark and unread counts in the conversation list, one notification per other participant and message,
 * and the webhook `messages.message.created` with ids only, to the participants' webhooks alone.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());
const { base, send, idOf, rows, group, post } = messagesApi(() => h);
/** The audit record `id`, chained or still pending. */
// Pending first, then chained: a record only moves that way (one transaction), so this order never misses it.
const auditOf = async (id: string) =>
  (await h.db.prisma.auditPending.findUnique({ where: { id } })) ??
  (await h.db.prisma.auditRecord.findUnique({ where: { id } }));
const userOf = async (email: string) => (await h.db.prisma.user.findUniqueOrThrow({ where: { email } })).id;
const receivedBy = async (email: string, conversationId: string) =>
  h.db.prisma.notification.findMany({
    where: {
      userId: await userOf(email),
      kind: 'messages.message_received',
      data: { path: ['conversationId'], equals: conversationId },
    },
    orderBy: { seq: 'asc' },
  });

describe('posting', () => {
  it('answers the message, trimmed, and makes it the conversation’s last', async () => {
    const id = await group('alice', ['bob']);
    const res = await post('alice', id, '  Lunch at noon?  ');
    expect(res.statusCode).toBe(201);
    const message = res.json().data.message;
    expect(message).toMatchObject({ conversationId: id, text: 'Lunch at noon?', sender: { name: 'Alice Anders' } });
    expect(message.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Audited without the text: the trail says who wrote where, and how long it was.
    const auditId = res.headers['x-audit-id'] as string;
    await waitFor('the audit record', async () => (await auditOf(auditId)) !== null);
    const record = (await auditOf(auditId))!;
    expect(record.operation).toBe('post_message');
    expect(JSON.stringify(record.arguments)).not.toContain('Lunch');
    expect(JSON.stringify(record.arguments)).toContain('[18 characters]');
    const got = await send('bob', 'GET', `${base}/${id}`);
    expect(got.json().data.conversation.lastMessage).toEqual(message);
  });

  it('answers 400 naming the field for a bad text and writes nothing', async () => {
    const id = await group('alice', ['bob']);
    const before = await rows();
    const notifications = await h.db.prisma.notification.count();
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(4001) },
      { text: 'a\u0000b' },
      { text: 7 },
    ]) {
      const res = await send('alice', 'POST', `${base}/${id}/messages`, body);
      expect([JSON.stringify(body), res.statusCode, res.json().error]).toEqual([
        JSON.stringify(body),
        400,
        'bad_request',
      ]);
      expect(res.json().reason).toContain('text');
    }
    const extra = await send('alice', 'POST', `${base}/${id}/messages`, { text: 'hi', to: 'bob' });
    expect([extra.statusCode, extra.json().reason]).toEqual([400, expect.stringContaining('to')]);
    const badId = await send('alice', 'POST', `${base}/not-a-uuid/messages`, { text: 'hi' });
    expect([badId.statusCode, badId.json().reason]).toEqual([400, expect.stringContaining('id')]);
    expect((await post('alice', id, 'x'.repeat(4000))).statusCode).toBe(201);
    expect(await rows()).toEqual({ ...before, messages: before.messages + 1 });
    expect(await h.db.prisma.notification.count()).toBe(notifications + 1);
  });
});

describe('reading', () => {
  it('lists messages newest first, a page at a time, each message once', async () => {
    const id = await group('manager', ['alice']);
    const texts = Array.from({ length: 5 }, (_, i) => `m${i + 1}`);
    for (const [i, text] of texts.entries())
      expect((await post(i % 2 ? 'alice' : 'manager', id, text)).statusCode).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await send('alice', 'GET', `${base}/${id}/messages?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().data.messages.map((m: { text: string }) => m.text));
      cursor = page.json().data.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...texts].reverse());
    for (const url of [`${base}/${id}/messages?limit=0`, `${base}/${id}/messages?cursor=${randomUUID()}`]) {
      const res = await send('alice', 'GET', url);
      expect([url, res.statusCode, res.json().error]).toEqual([url, 400, 'bad_request']);
    }
  });

  it('counts unread messages of others per conversation; marking read moves the mark, never back', async () => {
    const id = await group('director', ['carol', 'salesManager']);
    const sent: string[] = [];
    for (const text of ['one', 'two', 'three']) sent.push((await post('director', id, text)).json().data.message.id);
    await post('carol', id, 'mine');
    const listOf = async (who: 'carol' | 'director' | 'salesManager') =>
      (await send(who, 'GET', base)).json().data.conversations.find((c: { id: string }) => c.id === id);
    // Posting reads what came before: Carol, who answered, and the director have only what came after to read.
    expect((await listOf('carol')).unreadCount).toBe(0);
    expect((await listOf('director')).unreadCount).toBe(1);
    expect((await listOf('salesManager')).unreadCount).toBe(4);
    expect((await listOf('carol')).lastMessage.text).toBe('mine');

    const marked = await send('salesManager', 'POST', `${base}/${id}/read`, { messageId: sent[1] });
    expect([marked.statusCode, marked.json().data.conversation.unreadCount]).toEqual([200, 2]);
    const back = await send('salesManager', 'POST', `${base}/${id}/read`, { messageId: sent[0] });
    expect(back.json().data.conversation.unreadCount).toBe(2);
    expect((await listOf('salesManager')).unreadCount).toBe(2);

    const before = await h.db.prisma.messageParticipant.findMany({ where: { conversationId: id } });
    const other = await group('carol', ['bob']);
    const foreign = (await post('carol', other, 'elsewhere')).json().data.message.id;
    for (const body of [{ messageId: foreign }, { messageId: randomUUID() }, { messageId: 'x' }, {}]) {
      const res = await send('salesManager', 'POST', `${base}/${id}/read`, body);
      expect([JSON.stringify(body), res.statusCode, res.json().reason]).toEqual([
        JSON.stringify(body),
        400,
        expect.stringContaining('messageId'),
      ]);
    }
    expect(await h.db.prisma.messageParticipant.findMany({ where: { conversationId: id } })).toEqual(before);
  });

  it('lists conversations by latest activity, a page at a time', async () => {
    const ids = [await group('admin', ['hr'], 'first'), await group('admin', ['hr'], 'second')];
    await group('admin', ['hr'], 'third');
    await post('hr', ids[0]!, 'brings the first back up');
    const titles: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await send('admin', 'GET', `${base}?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      titles.push(...page.json().data.conversations.map((c: { title: string }) => c.title));
      cursor = page.json().data.nextCursor;
    } while (cursor);
    expect(titles).toEqual(['first', 'third', 'second']);
  });
});

describe('notifications and webhooks', () => {
  it('tell every other participant once per message, never the sender', async () => {
    const id = await group('owner', ['alice', 'bob']);
    await post('owner', id, 'Team lunch on Friday');
    await post('alice', id, 'Count me in');
    const [toAlice, toBob, toOwner] = await Promise.all([
      receivedBy('alice@acme.test', id),
      receivedBy('bob@acme.test', id),
      receivedBy('owner@acme.test', id),
    ]);
    expect(toAlice.map((n) => n.body)).toEqual(['Team lunch on Friday']);
    expect(toBob.map((n) => n.body)).toEqual(['Team lunch on Friday', 'Count me in']);
    expect(toOwner.map((n) => n.body)).toEqual(['Count me in']);
    expect(toBob[0]!.title).toBe('Olivia Owens in Team chat');
    // A direct one: titled by the sender only.
    const direct = await send('owner', 'POST', base, { kind: 'direct', participantIds: [await idOf('carol')] });
    await post('owner', direct.json().data.conversation.id, 'Hi Carol');
    expect((await receivedBy('carol@acme.test', direct.json().data.conversation.id)).map((n) => n.title)).toEqual([
      'Olivia Owens',
    ]);
  });

  it('emit messages.message.created with ids only, to the webhooks of participants alone', async () => {
    const [ofBob, ofHr] = await Promise.all([
      queuedWebhookOf(h.db.prisma, 'bob', ['messages.message.created']),
      queuedWebhookOf(h.db.prisma, 'hr', ['messages.message.created']),
    ]);
    const id = await group('alice', ['bob']);
    const message = (await post('alice', id, 'private words')).json().data.message;
    const deliveries = await ofBob.deliveries();
    expect(deliveries).toHaveLength(1);
    expect(JSON.stringify(deliveries[0]!.payload)).not.toContain('private words');
    expect(deliveries[0]!.payload).toMatchObject({
      type: 'messages.message.created',
      data: {
        conversation: { id, kind: 'group' },
        message: { id: message.id, senderUserId: message.sender.userId, createdAt: message.createdAt },
      },
    });
    expect(await ofHr.deliveries()).toHaveLength(0);
  });
});
