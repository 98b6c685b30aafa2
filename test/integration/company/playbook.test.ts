import { randomUUID } from 'node:crypto';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { freshSlug } from '../../support/playbook';
import { waitFor } from '../../support/waitFor';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * The Playbook's pages and policies (company-api.md) through the HTTP API on the real PostgreSQL: writing them,
 * drafts edited and published, published versions that never change, drafts hidden from all but HR, bad input,
 * who may write, the three credential kinds and idempotency. Acknowledgements: playbookAcknowledgements.test.ts.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const scopes = ['playbook:read', 'playbook:write'] as const;
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, scopes as never));
const send = async (who: DemoKey, method: string, url: string, payload?: object, headers: object = {}) =>
  h.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(await as(who)), ...headers },
    ...(payload ? { payload } : {}),
  });
const rows = async () => ({
  documents: await h.db.prisma.playbookDocument.count(),
  versions: await h.db.prisma.playbookVersion.count(),
  published: await h.db.prisma.playbookVersion.count({ where: { publishedAt: { not: null } } }),
});

async function newDocument(extra: object = {}) {
  const res = await send('hr', 'POST', '/api/playbook/documents', {
    kind: 'page',
    slug: freshSlug('page'),
    title: 'How we work',
    body: '# How we work\n\nRemote first.',
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.document as { id: string; slug: string };
}
const publish = (id: string, by: DemoKey = 'hr') => send(by, 'POST', `/api/playbook/documents/${id}/publish`);

describe('pages and policies', () => {
  it('are written by HR as a draft of version 1, hidden from employees until published', async () => {
    const res = await send('hr', 'POST', '/api/playbook/documents', {
      kind: 'page',
      slug: 'how-we-work',
      title: '  How we work  ',
      body: '# How we work',
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json().data.document;
    expect(doc).toEqual({
      id: expect.any(String),
      kind: 'page',
      slug: 'how-we-work',
      current: null,
      draft: {
        number: 1,
        status: 'draft',
        title: 'How we work',
        body: '# How we work',
        requiresAcknowledgement: false,
        departmentIds: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        publishedAt: null,
      },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.headers['x-audit-id']).toEqual(expect.any(String));
    for (const who of ['alice', 'manager', 'director'] as const) {
      const get = await send(who, 'GET', `/api/playbook/documents/${doc.id}`);
      expect([who, get.statusCode, get.json().error]).toEqual([who, 404, 'not_found']);
      const versions = await send(who, 'GET', `/api/playbook/documents/${doc.id}/versions`);
      expect([who, versions.statusCode]).toEqual([who, 404]);
      const list = await send(who, 'GET', '/api/playbook/documents?slug=how-we-work');
      expect([who, list.json().data.documents]).toEqual([who, []]);
    }
    const hrList = await send('admin', 'GET', '/api/playbook/documents?slug=how-we-work');
    expect(hrList.json().data.documents).toEqual([
      {
        id: doc.id,
        kind: 'page',
        slug: 'how-we-work',
        title: 'How we work',
        currentVersion: null,
        publishedAt: null,
        requiresAcknowledgement: false,
        draftVersion: 1,
      },
    ]);
  });

  it('are published by HR: the draft becomes the current version, everyone reads it, its webhook goes out', async () => {
    const hook = await queuedWebhookOf(h.db.prisma, 'alice', ['playbook.page.published']);
    const doc = await newDocument();
    const res = await publish(doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.acknowledgementRequests).toBe(0);
    const published = res.json().data.document;
    expect(published.current).toMatchObject({ number: 1, status: 'published', publishedAt: expect.any(String) });
    expect(published.draft).toBeNull();
    const seen = await send('alice', 'GET', `/api/playbook/documents/${doc.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.document).toEqual({ ...published, draft: null });
    const deliveries = await hook.deliveries();
    expect(
      deliveries.map((d) => [d.eventType, (d.payload as { data: { document: { id: string } } }).data.document.id]),
    ).toEqual([['playbook.page.published', doc.id]]);
    // Publishing twice: nothing left to publish.
    const again = await publish(doc.id);
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { error: 'conflict', reason: 'No draft to publish: version 1 is published and current' },
    ]);
    await waitFor('the audit record of the publication', async () =>
      (
        await h.db.prisma.auditRecord.findMany({
          where: { operation: 'publish_playbook_document', outcome: 'success' },
        })
      ).some((a) => JSON.stringify(a.arguments).includes(doc.id)),
    );
  });

  it('never change once published: editing opens version 2 as a draft, a copy, hidden until published', async () => {
    const doc = await newDocument({ title: 'Leave rules', body: 'Version one' });
    await publish(doc.id);
    const edited = await send('hr', 'PATCH', `/api/playbook/documents/${doc.id}/draft`, { body: 'Version two' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.document.current).toMatchObject({ number: 1, body: 'Version one' });
    expect(edited.json().data.document.draft).toMatchObject({
      number: 2,
      status: 'draft',
      title: 'Leave rules',
      body: 'Version two',
    });
    // A second edit changes the same draft: still one draft, version 2.
    const retitled = await send('hr', 'PATCH', `/api/playbook/documents/${doc.id}/draft`, { title: 'Leave' });
    expect(retitled.json().data.document.draft).toMatchObject({ number: 2, title: 'Leave', body: 'Version two' });
    expect(await h.db.prisma.playbookVersion.count({ where: { documentId: doc.id } })).toBe(2);
    // Alice still reads version 1, and sees no draft anywhere.
    const alice = await send('alice', 'GET', `/api/playbook/documents/${doc.id}`);
    expect(alice.json().data.document).toMatchObject({ current: { number: 1, body: 'Version one' }, draft: null });
    const aliceVersions = await send('alice', 'GET', `/api/playbook/documents/${doc.id}/versions`);
    expect(aliceVersions.json().data.versions.map((v: { number: number }) => v.number)).toEqual([1]);
    const hrVersions = await send('hr', 'GET', `/api/playbook/documents/${doc.id}/versions`);
    expect(
      hrVersions.json().data.versions.map((v: { number: number; status: string }) => [v.number, v.status]),
    ).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);
    await publish(doc.id);
    const after = await send('bob', 'GET', `/api/playbook/documents/${doc.id}/versions`);
    expect(
      after
        .json()
        .data.versions.map((v: { number: number; title: string; body: string }) => [v.number, v.title, v.body]),
    ).toEqual([
      [2, 'Leave', 'Version two'],
      [1, 'Leave rules', 'Version one'],
    ]);
    const paged = await send('bob', 'GET', `/api/playbook/documents/${doc.id}/versions?limit=1`);
    expect(paged.json().data.nextCursor).toBe('2');
    const rest = await send('bob', 'GET', `/api/playbook/documents/${doc.id}/versions?limit=1&cursor=2`);
    expect(rest.json().data).toMatchObject({ versions: [{ number: 1 }], nextCursor: null });
  });

  it('keep one draft per document in the database itself', async () => {
    const doc = await newDocument();
    const draft = await h.db.prisma.playbookVersion.findFirstOrThrow({ where: { documentId: doc.id } });
    await expect(
      h.db.prisma.playbookVersion.create({
        data: { ...draft, id: randomUUID(), number: 2, createdAt: undefined, updatedAt: undefined },
      }),
    ).rejects.toThrow(/Unique constraint/);
  });

  it('keep a slug unique within the workspace (409 naming slug, nothing written), not across workspaces', async () => {
    const first = await newDocument();
    const before = await rows();
    const again = await send('hr', 'POST', '/api/playbook/documents', {
      kind: 'policy',
      slug: first.slug,
      title: 'Other',
      body: 'x',
    });
    expect([again.statusCode, again.json().error]).toEqual([409, 'conflict']);
    expect(again.json().reason).toContain('slug');
    expect(await rows()).toEqual(before);
    const globex = await send('globexHr', 'POST', '/api/playbook/documents', {
      kind: 'page',
      slug: first.slug,
      title: 'Globex page',
      body: 'x',
    });
    expect(globex.statusCode).toBe(201);
    // And Acme does not see Globex's document: 404.
    expect((await send('hr', 'GET', `/api/playbook/documents/${globex.json().data.document.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['kind', { kind: 'memo' }],
    ['slug', { slug: 'Travel Policy' }],
    ['slug', { slug: 's'.repeat(101) }],
    ['slug', { slug: '-leading' }],
    ['title', { title: ' ' }],
    ['title', { title: 't'.repeat(201) }],
    ['title', { title: 'a\u0000b' }],
    ['body', { body: 'b'.repeat(100_001) }],
    ['body', { body: 42 }],
    ['requiresAcknowledgement', { requiresAcknowledgement: 'yes' }],
    ['requiresAcknowledgement', { kind: 'page', requiresAcknowledgement: true }],
    ['departmentIds', { kind: 'policy', departmentIds: ['sales'] }],
    ['departmentIds', { kind: 'policy', departmentIds: [randomUUID()] }],
    ['departmentIds', { kind: 'page', departmentIds: [randomUUID()] }],
    ['colour', { colour: 'red' }],
  ])('answers 400 naming %s for a bad document, and writes nothing', async (field, bad) => {
    const before = await rows();
    const res = await send('hr', 'POST', '/api/playbook/documents', {
      kind: 'policy',
      slug: freshSlug(),
      title: 'Travel',
      body: 'Book economy.',
      ...bad,
    });
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
    expect(await rows()).toEqual(before);
  });

  it.each([
    ['title', { title: '' }],
    ['body', { body: 'b'.repeat(100_001) }],
    ['requiresAcknowledgement', { requiresAcknowledgement: true }],
    ['departmentIds', { departmentIds: [randomUUID()] }],
    ['number', { number: 3 }],
  ])('answers 400 naming %s for a bad draft edit, and writes nothing', async (field, bad) => {
    const doc = await newDocument();
    await publish(doc.id);
    const before = await rows();
    const res = await send('hr', 'PATCH', `/api/playbook/documents/${doc.id}/draft`, bad);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
    expect(await rows()).toEqual(before);
  });

  it.each([
    ['kind', '?kind=memo'],
    ['slug', `?slug=${'s'.repeat(101)}`],
    ['limit', '?limit=0'],
    ['limit', '?limit=201'],
    ['cursor', '?cursor=nope'],
  ])('answers 400 naming %s for a bad list query', async (field, query) => {
    const res = await send('alice', 'GET', `/api/playbook/documents${query}`);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
  });

  it('answers 400 naming id for an id that is not a uuid, and 404 for an unknown one', async () => {
    const bad = await send('hr', 'GET', '/api/playbook/documents/nope');
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'bad_request']);
    expect(bad.json().reason).toContain('id');
    const unknown = await send('hr', 'POST', `/api/playbook/documents/${randomUUID()}/publish`);
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'not_found']);
  });

  it('pages the list with limit and cursor, newest first, and filters by kind', async () => {
    const a = await newDocument();
    const b = await newDocument({ kind: 'policy' });
    const first = await send('hr', 'GET', '/api/playbook/documents?limit=1');
    expect(first.json().data.documents.map((d: { id: string }) => d.id)).toEqual([b.id]);
    const next = await send('hr', 'GET', `/api/playbook/documents?limit=1&cursor=${first.json().data.nextCursor}`);
    expect(next.json().data.documents.map((d: { id: string }) => d.id)).toEqual([a.id]);
    const policies = await send('hr', 'GET', '/api/playbook/documents?kind=policy&limit=200');
    const kinds = new Set(policies.json().data.documents.map((d: { kind: string }) => d.kind));
    expect([...kinds]).toEqual(['policy']);
  });
});

describe('credentials and scopes', () => {
  it('takes a personal access token, a delegated credential and a company API key alike', async () => {
    for (const kind of ['personal_access_token', 'delegated_credential', 'company_api_key'] as const) {
      const token = await tokenFor(h.db.prisma, 'hr', [...scopes], { kind });
      const made = await h.app.inject({
        method: 'POST',
        url: '/api/playbook/documents',
        headers: bearer(token),
        payload: { kind: 'page', slug: freshSlug(kind.replace(/_/g, '-')), title: `By ${kind}`, body: 'x' },
      });
      expect([kind, made.statusCode]).toEqual([kind, 201]);
      const id = made.json().data.document.id;
      const published = await h.app.inject({
        method: 'POST',
        url: `/api/playbook/documents/${id}/publish`,
        headers: bearer(token),
      });
      expect([kind, published.statusCode]).toEqual([kind, 200]);
      const read = await h.app.inject({ method: 'GET', url: `/api/playbook/documents/${id}`, headers: bearer(token) });
      expect([kind, read.statusCode]).toEqual([kind, 200]);
    }
  });

  it('answers 401 without a valid credential, 403 without the scope or the role, and writes nothing', async () => {
    const doc = await newDocument();
    const before = await rows();
    const body = { kind: 'page', slug: freshSlug(), title: 'X', body: 'x' };
    const none = await h.app.inject({ method: 'POST', url: '/api/playbook/documents', payload: body });
    expect([none.statusCode, none.json().error]).toEqual([401, 'unauthorized']);
    const readOnly = await h.app.inject({
      method: 'POST',
      url: '/api/playbook/documents',
      headers: bearer(await tokenFor(h.db.prisma, 'hr', ['playbook:read'])),
      payload: body,
    });
    expect([readOnly.statusCode, readOnly.json().error]).toEqual([403, 'forbidden']);
    const noRead = await h.app.inject({
      method: 'GET',
      url: '/api/playbook/documents',
      headers: bearer(await tokenFor(h.db.prisma, 'hr', ['playbook:write'])),
    });
    expect(noRead.statusCode).toBe(403);
    for (const who of ['alice', 'manager', 'director'] as const) {
      const made = await send(who, 'POST', '/api/playbook/documents', body);
      expect([who, made.statusCode, made.json().error]).toEqual([who, 403, 'forbidden']);
      const edit = await send(who, 'PATCH', `/api/playbook/documents/${doc.id}/draft`, { body: 'mine' });
      expect([who, edit.statusCode]).toEqual([who, 403]);
      expect([who, (await publish(doc.id, who)).statusCode]).toEqual([who, 403]);
    }
    expect(await rows()).toEqual(before);
  });

  it('makes one document of a create sent twice with one Idempotency-Key; another body with it answers 422', async () => {
    const headers = { ...(await as('hr')), 'idempotency-key': `playbook-once-${process.pid}` };
    const payload = { kind: 'page', slug: freshSlug(), title: 'Once', body: 'x' };
    const post = (body: object) =>
      h.app.inject({ method: 'POST', url: '/api/playbook/documents', headers, payload: body });
    const before = await rows();
    const first = await post(payload);
    const second = await post(payload);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const other = await post({ ...payload, slug: freshSlug() });
    expect([other.statusCode, other.json().error]).toEqual([422, 'idempotency_key_reused']);
    expect((await rows()).documents).toBe(before.documents + 1);
  });
});
