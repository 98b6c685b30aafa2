import { PassThrough } from 'node:stream';
import { createCredentialFromArgs } from '../../../cli/commands/credential';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * The Company API Keys area (company-api.md): create (shown once), list, get, rotate, revoke, last used; OWNER,
 * ADMIN and HR_MANAGER only; a key made through the API works at once, stops at once when revoked, and its secret
 * appears nowhere afterwards: not in lists, the audit trail's export, an idempotent replay, or the logs.
 */
let h: ApiHarness;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString('utf8')));
  h = await startApiHarness(
    { SVC_HR_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'trace' },
    { logger: true, logStream },
  );
});
afterAll(() => h?.close());

const managerScopes = ['company-api-keys:read', 'company-api-keys:write', 'people:read', 'people:write'] as const;
const patOf = async (who: DemoKey, scopes: Parameters<typeof tokenFor>[2] = [...managerScopes]) =>
  bearer(await tokenFor(h.db.prisma, who, scopes));

function send(headers: Record<string, string>, method: string, url: string, payload?: object) {
  return h.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
}

describe('a key made through the API', () => {
  it('works at once, stops at once when revoked, and its secret appears nowhere afterwards', async () => {
    const hook = await queuedWebhookOf(h.db.prisma, 'hr', [
      'company_api_keys.key.created',
      'company_api_keys.key.revoked',
    ]);
    const hr = { ...(await patOf('hr')), 'idempotency-key': `key-${Date.now()}` };
    const body = { name: 'Payroll sync', scopes: ['people:read'], expiresInDays: 30 };
    const created = await send(hr, 'POST', '/api/company-api-keys', body);
    expect(created.statusCode).toBe(201);
    const { key, secret } = created.json().data;
    expect(secret).toMatch(/^hrk_/);
    expect(key).toMatchObject({ name: 'Payroll sync', scopes: ['people:read'], status: 'active', lastUsedAt: null });
    expect(key.createdBy.name).toBe('Hannah Reyes');

    // Works at once, with exactly its scopes.
    const people = await send(bearer(secret), 'GET', '/api/people?limit=1');
    expect(people.statusCode).toBe(200);
    const write = await send(bearer(secret), 'POST', '/api/people', { name: 'x' });
    expect(write.statusCode).toBe(403);
    expect(write.json().reason).toContain('people:write');

    // An idempotent replay answers the key without its secret, saying why.
    const replay = await send(hr, 'POST', '/api/company-api-keys', body);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data.key.id).toBe(key.id);
    expect(replay.json().data).not.toHaveProperty('secret');
    expect(replay.json().data.secretWithheld).toContain('rotate');

    // Last used shows up in the list; the secret does not.
    const list = await send(await patOf('admin'), 'GET', '/api/company-api-keys');
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.keys.find((k: { id: string }) => k.id === key.id);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.hint).toBe(secret.slice(0, listed.hint.replace('…', '').length) + '…');

    // Revoked: the next request with it is refused.
    const revoked = await send(await patOf('owner'), 'DELETE', `/api/company-api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.key.status).toBe('revoked');
    const after = await send(bearer(secret), 'GET', '/api/people');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'unauthorized', reason: expect.stringContaining('revoked') });

    // Nowhere afterwards: answers, the audit export, the stored idempotency answer, the logs, the database.
    const get = await send(await patOf('hr'), 'GET', `/api/company-api-keys/${key.id}`);
    const exported = (await send(await patOf('hr', ['audit:read']), 'GET', '/api/v1/agent/audit/export')).body;
    expect(exported).toContain('create_company_api_key');
    const stored = JSON.stringify(await h.db.prisma.idempotencyRecord.findMany());
    const audit = JSON.stringify(await h.db.prisma.auditRecord.findMany(), (_k, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v,
    );
    const deliveries = await hook.deliveries();
    expect(deliveries.map((d) => d.eventType)).toEqual([
      'company_api_keys.key.created',
      'company_api_keys.key.revoked',
    ]);
    expect(JSON.stringify(deliveries[0]!.payload)).toContain(key.id);
    for (const [where, text] of Object.entries({
      webhooks: JSON.stringify(deliveries),
      list: list.body,
      get: get.body,
      replay: replay.body,
      revoked: revoked.body,
      exported,
      stored,
      audit,
      logs: logLines.join(''),
    })) {
      expect({ where, leaks: text.includes(secret) }).toEqual({ where, leaks: false });
    }
    expect(audit).toContain('create_company_api_key');
    expect(logLines.join('')).toContain('/api/company-api-keys');
  });
});

describe('rotate_company_api_key', () => {
  it('gives a new secret shown once; the old one stops at once; a revoked key answers 409', async () => {
    const hr = await patOf('hr');
    const { key, secret } = (
      await send(hr, 'POST', '/api/company-api-keys', { name: 'Rotating', scopes: ['people:read'] })
    ).json().data;
    const rotated = await send(hr, 'POST', `/api/company-api-keys/${key.id}/rotate`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data.secret;
    expect(fresh).toMatch(/^hrk_/);
    expect(fresh).not.toBe(secret);
    expect(rotated.json().data.key).toMatchObject({ id: key.id, scopes: ['people:read'], status: 'active' });
    expect(rotated.json().data.key.rotatedAt).not.toBeNull();
    expect((await send(bearer(secret), 'GET', '/api/people')).statusCode).toBe(401);
    expect((await send(bearer(fresh), 'GET', '/api/people')).statusCode).toBe(200);

    await send(hr, 'DELETE', `/api/company-api-keys/${key.id}`);
    const again = await send(hr, 'POST', `/api/company-api-keys/${key.id}/rotate`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', reason: expect.stringContaining('revoked') });
  });
});

describe('who may manage keys', () => {
  it.each(['alice', 'manager', 'director'] as const)('refuses %s whatever the scopes, writing nothing', async (who) => {
    const count = await h.db.prisma.credential.count({ where: { kind: 'company_api_key' } });
    const pat = await patOf(who);
    const create = await send(pat, 'POST', '/api/company-api-keys', { name: 'x', scopes: ['people:read'] });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ error: 'forbidden', reason: expect.stringContaining('HR_MANAGER') });
    expect((await send(pat, 'GET', '/api/company-api-keys')).statusCode).toBe(403);
    expect(await h.db.prisma.credential.count({ where: { kind: 'company_api_key' } })).toBe(count);
  });

  it('takes only a personal access token for writes, and only scopes it holds', async () => {
    const narrow = await patOf('hr', ['company-api-keys:write']);
    const wider = await send(narrow, 'POST', '/api/company-api-keys', { name: 'x', scopes: ['people:write'] });
    expect(wider.statusCode).toBe(403);
    expect(wider.json().reason).toContain('people:write');
    for (const kind of ['delegated_credential', 'company_api_key'] as const) {
      const other = bearer(await tokenFor(h.db.prisma, 'hr', [...managerScopes], { kind }));
      const res = await send(other, 'POST', '/api/company-api-keys', { name: 'x', scopes: ['people:read'] });
      expect({ kind, status: res.statusCode }).toEqual({ kind, status: 403 });
      // Reads take all three kinds.
      expect((await send(other, 'GET', '/api/company-api-keys')).statusCode).toBe(200);
    }
  });

  it.each([
    ['scopes', { name: 'x', scopes: [] }],
    ['scopes', { name: 'x', scopes: ['agent:run'] }],
    ['scopes', { name: 'x', scopes: ['nope'] }],
    ['name', { name: '', scopes: ['people:read'] }],
    ['name', { name: 'x'.repeat(101), scopes: ['people:read'] }],
    ['expiresInDays', { name: 'x', scopes: ['people:read'], expiresInDays: 0 }],
    ['expiresInDays', { name: 'x', scopes: ['people:read'], expiresInDays: 1e9 }],
    ['secret', { name: 'x', scopes: ['people:read'], secret: 'hrk_mine' }],
  ])('answers 400 naming %s and makes no key', async (field, payload) => {
    const count = await h.db.prisma.credential.count({ where: { kind: 'company_api_key' } });
    const res = await send(await patOf('hr'), 'POST', '/api/company-api-keys', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining(field) });
    expect(await h.db.prisma.credential.count({ where: { kind: 'company_api_key' } })).toBe(count);
  });

  it('answers 404 for another workspace’s key, a personal access token’s id, and an unknown id', async () => {
    const globex = await patOf('globexHr');
    const { key } = (
      await send(globex, 'POST', '/api/company-api-keys', { name: 'Globex', scopes: ['people:read'] })
    ).json().data;
    const hr = await patOf('hr');
    const pat = await h.db.prisma.credential.findFirstOrThrow({ where: { kind: 'personal_access_token' } });
    for (const id of [key.id, pat.id, '00000000-0000-4000-8000-000000000000']) {
      for (const [method, url] of [
        ['GET', `/api/company-api-keys/${id}`],
        ['DELETE', `/api/company-api-keys/${id}`],
        ['POST', `/api/company-api-keys/${id}/rotate`],
      ] as const) {
        const res = await send(hr, method, url);
        expect({ url, method, status: res.statusCode, body: res.json().error }).toEqual({
          url,
          method,
          status: 404,
          body: 'not_found',
        });
      }
    }
    const list = await send(hr, 'GET', '/api/company-api-keys?limit=200');
    expect(list.body).not.toContain(key.id);
  });

  it('pages the list newest first with a cursor', async () => {
    const hr = await patOf('hr');
    for (let i = 0; i < 3; i++)
      await send(hr, 'POST', '/api/company-api-keys', { name: `page ${i}`, scopes: ['people:read'] });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await send(hr, 'GET', `/api/company-api-keys?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      ids.push(...res.json().data.keys.map((k: { id: string }) => k.id));
      cursor = res.json().data.nextCursor;
    } while (cursor);
    const all = await h.db.prisma.credential.findMany({
      where: { kind: 'company_api_key', tenant: { domain: 'acme.test' } },
      orderBy: { id: 'desc' },
    });
    expect(ids).toEqual(all.map((k) => k.id));
    expect((await send(hr, 'GET', '/api/company-api-keys?cursor=nope')).json().reason).toContain('cursor');
  });
});

describe('svc-hr apikey create (the CLI, through the same engine)', () => {
  it('prints only a key that works at once, with exactly the company scopes given', async () => {
    const made = await createCredentialFromArgs(h.db.prisma, 'apikey', [
      'create',
      '--email',
      'hr@acme.test',
      '--name',
      'From the CLI',
      '--scopes',
      'people:read,organization:read',
    ]);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const secret = made.stdout.trim();
    expect(secret).toMatch(/^hrk_/);
    expect((await send(bearer(secret), 'GET', '/api/people?limit=1')).statusCode).toBe(200);
    const listed = (await send(await patOf('hr'), 'GET', '/api/company-api-keys?limit=200')).json().data.keys;
    expect(listed.find((k: { name: string }) => k.name === 'From the CLI')).toMatchObject({
      scopes: ['organization:read', 'people:read'],
      createdBy: { name: 'Hannah Reyes' },
    });
  });

  it.each([
    ['no scopes', ['--email', 'hr@acme.test', '--name', 'x'], 2, /usage: svc-hr apikey create/],
    [
      'a scope a key cannot carry',
      ['--email', 'hr@acme.test', '--name', 'x', '--scopes', 'agent:run'],
      1,
      /company scopes/,
    ],
    [
      'an employee',
      ['--email', 'alice@acme.test', '--name', 'x', '--scopes', 'people:read'],
      1,
      /OWNER, ADMIN or HR_MANAGER/,
    ],
  ] as const)('refuses %s and makes no key', async (_label, args, code, message) => {
    const count = await h.db.prisma.credential.count({ where: { kind: 'company_api_key' } });
    const result = await createCredentialFromArgs(h.db.prisma, 'apikey', ['create', ...args]);
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(await h.db.prisma.credential.count({ where: { kind: 'company_api_key' } })).toBe(count);
  });
});
