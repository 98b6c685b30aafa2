import type { LightMyRequestResponse } from 'fastify';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';

/**
 * The webhook registry as an integrator uses it: create (secret shown once), list, get, disable and rotate, with
 * who-sees-what, and every bad input answered with a clear error that writes nothing. This server does not allow
 * private networks (the default), and resolves no names but localhost: URLs use public address literals.
 */
let h: ApiHarness;
const tokens = new Map<DemoKey, string>();
async function call(
  who: DemoKey,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const token = tokens.get(who) ?? (await tokenFor(h.db.prisma, who));
  tokens.set(who, token);
  return h.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
}
const PUBLIC_URL = 'https://203.0.113.10/hooks';

interface WebhookJson {
  id: string;
  url: string;
  events: string[];
  status: string;
  secret?: string;
  secretHint: string;
  disabledReason?: string;
  previousSecretExpiresAt?: string;
  createdByUserId: string;
}
const webhookOf = (res: LightMyRequestResponse) => res.json<{ data: { webhook: WebhookJson } }>().data.webhook;

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(() => h?.close());

describe('create_agent_webhook', () => {
  it('answers 201 with the webhook and its whsec_ secret once; lists and gets never show the secret', async () => {
    const res = await call('alice', 'POST', '/api/v1/agent/webhooks', {
      url: PUBLIC_URL,
      events: ['run.completed', 'leave_request.created', 'run.completed'],
      description: 'CRM sync',
    });
    expect(res.statusCode).toBe(201);
    const webhook = webhookOf(res);
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(webhook.secret!.slice(6), 'base64')).toHaveLength(32);
    expect(webhook).toMatchObject({
      url: PUBLIC_URL,
      status: 'enabled',
      events: ['run.completed', 'leave_request.created'],
    });
    expect(webhook.secret!.startsWith(webhook.secretHint.replace('…', ''))).toBe(true);

    const list = await call('alice', 'GET', '/api/v1/agent/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(webhook.id);
    expect(list.body).not.toContain(webhook.secret!);
    const got = await call('alice', 'GET', `/api/v1/agent/webhooks/${webhook.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.body).not.toContain(webhook.secret!);
    // Stored sealed, never as it is.
    const row = await h.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(JSON.stringify(row)).not.toContain(webhook.secret!.slice(6));
  });

  it('writes the call to the audit trail without the secret', async () => {
    const res = await call('alice', 'POST', '/api/v1/agent/webhooks', { url: PUBLIC_URL, events: ['run.failed'] });
    const secret = webhookOf(res).secret!;
    const auditId = res.headers['x-audit-id'] as string;
    expect(auditId).toBeTruthy();
    const pending = await h.db.prisma.auditPending.findMany();
    const chained = await h.db.prisma.auditRecord.findMany();
    const all = JSON.stringify([...pending, ...chained], (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    expect(all).toContain(auditId);
    expect(all).toContain('create_agent_webhook');
    expect(all).not.toContain(secret.slice(6));
  });

  const bad: Array<[string, object, RegExp]> = [
    ['a non-https URL', { url: 'http://203.0.113.10/hooks', events: ['run.completed'] }, /https/],
    ['a URL that is not absolute', { url: 'hooks.example', events: ['run.completed'] }, /absolute URL/],
    ['a loopback address', { url: 'https://127.0.0.1/hooks', events: ['run.completed'] }, /private, loopback/],
    ['a name that resolves to loopback', { url: 'https://localhost/hooks', events: ['run.completed'] }, /private/],
    ['a private IPv4 address', { url: 'https://10.1.2.3/hooks', events: ['run.completed'] }, /private/],
    ['a link-local address', { url: 'https://169.254.169.254/latest', events: ['run.completed'] }, /private/],
    ['an IPv6 loopback', { url: 'https://[::1]/hooks', events: ['run.completed'] }, /private/],
    ['an IPv4-mapped IPv6 loopback', { url: 'https://[::ffff:127.0.0.1]/hooks', events: ['run.completed'] }, /private/],
    ['a unique-local IPv6', { url: 'https://[fd00::1]/hooks', events: ['run.completed'] }, /private/],
    [
      'a name that does not resolve',
      { url: 'https://no-such-host.invalid/hooks', events: ['run.completed'] },
      /resolve/,
    ],
    ['credentials in the URL', { url: 'https://user:pw@203.0.113.10/hooks', events: ['run.completed'] }, /password/],
    [
      'an unknown event',
      { url: PUBLIC_URL, events: ['run.completed', 'run.exploded'] },
      /Unknown event type: run.exploded/,
    ],
    ['no events', { url: PUBLIC_URL, events: [] }, /at least one event/],
    ['a missing url', { events: ['run.completed'] }, /url/],
    ['an unknown field', { url: PUBLIC_URL, events: ['run.completed'], secret: 'whsec_mine' }, /secret|Unrecognized/i],
  ];
  it.each(bad)('answers 400 validation_error for %s and writes nothing', async (_what, payload, message) => {
    const before = await h.db.prisma.agentWebhook.count();
    const res = await call('alice', 'POST', '/api/v1/agent/webhooks', payload);
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(message);
    expect(await h.db.prisma.agentWebhook.count()).toBe(before);
  });
});

/**
 * Issue 16, finding B: a replay with the same Idempotency-Key answered the secret a second time (contract,
 * Authentication item 2: a secret is displayed exactly once). It now answers the webhook without the secret and
 * says why in `secretWithheld`; no copy of the secret is kept for replays at all, sealed or not.
 */
describe('an Idempotency-Key replay', () => {
  const post = (url: string, payload: object, key: string) =>
    call('alice', 'POST', url, payload, { 'idempotency-key': key });
  const replayRecordOf = async (key: string) =>
    (await h.db.prisma.idempotencyRecord.findFirstOrThrow({ where: { key } })).responseBody;

  it('of create_agent_webhook answers the webhook without its secret, saying why, and creates nothing', async () => {
    const body = { url: PUBLIC_URL, events: ['run.completed'] };
    const first = await post('/api/v1/agent/webhooks', body, 'create-once-1');
    expect(first.statusCode).toBe(201);
    const { secret, ...created } = webhookOf(first);
    expect(secret).toMatch(/^whsec_/);
    expect(first.json().data.secretWithheld).toBeUndefined();
    const before = await h.db.prisma.agentWebhook.count();

    const again = await post('/api/v1/agent/webhooks', body, 'create-once-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual({
      data: {
        webhook: created,
        secretWithheld:
          'webhook.secret was shown once, in the first answer to this Idempotency-Key, and is not kept for ' +
          'replays. If it was lost, rotate it: POST /api/v1/agent/webhooks/{id}/rotate-secret.',
      },
    });
    expect(again.body).not.toContain(secret!.slice(6));
    expect(await h.db.prisma.agentWebhook.count()).toBe(before);
    // What is kept for the replay is the answer without the secret: nothing sealed, nothing to open.
    expect(await replayRecordOf('create-once-1')).toEqual(again.json().data);
  });

  it('of rotate_agent_webhook_secret answers the webhook without the new secret, and rotates once', async () => {
    const created = await call('alice', 'POST', '/api/v1/agent/webhooks', { url: PUBLIC_URL, events: ['run.failed'] });
    const rotateUrl = `/api/v1/agent/webhooks/${webhookOf(created).id}/rotate-secret`;
    const first = await post(rotateUrl, { overlapSeconds: 0 }, 'rotate-once-1');
    expect(first.statusCode).toBe(200);
    const { secret, ...rotated } = webhookOf(first);
    expect(secret).not.toBe(webhookOf(created).secret);
    const row = await h.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: rotated.id } });

    const again = await post(rotateUrl, { overlapSeconds: 0 }, 'rotate-once-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual({
      data: {
        webhook: rotated,
        secretWithheld: expect.stringMatching(/^webhook\.secret was shown once, in the first answer/),
      },
    });
    expect(again.body).not.toContain(secret!.slice(6));
    const after = await h.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: rotated.id } });
    expect(after.secretCiphertext).toBe(row.secretCiphertext);
    expect(after.secretRotatedAt).toEqual(row.secretRotatedAt);
    expect(await replayRecordOf('rotate-once-1')).toEqual(again.json().data);
  });

  it('of a record an earlier version stored sealed answers 409 conflict, and creates nothing', async () => {
    const body = { url: PUBLIC_URL, events: ['run.expired'] };
    expect((await post('/api/v1/agent/webhooks', body, 'create-sealed-legacy')).statusCode).toBe(201);
    // Such records held the first answer, secret included, sealed with the webhook secret key (24 h at most).
    await h.db.prisma.idempotencyRecord.updateMany({
      where: { key: 'create-sealed-legacy' },
      data: { responseBody: { sealed: 'v1:AAAA:BBBB:CCCC' } },
    });
    const before = await h.db.prisma.agentWebhook.count();
    const again = await post('/api/v1/agent/webhooks', body, 'create-sealed-legacy');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {
        code: 'conflict',
        message:
          'The first answer to this Idempotency-Key showed a secret, which is not shown again; ' +
          'list the resources to find what it created',
      },
    });
    expect(await h.db.prisma.agentWebhook.count()).toBe(before);
  });
});

describe('who sees which webhook', () => {
  it("shows a user their own webhooks, an ADMIN or OWNER all of the workspace's, another user 404", async () => {
    const bobs = webhookOf(
      await call('bob', 'POST', '/api/v1/agent/webhooks', { url: PUBLIC_URL, events: ['run.failed'] }),
    );
    const carols = webhookOf(
      await call('carol', 'POST', '/api/v1/agent/webhooks', { url: PUBLIC_URL, events: ['run.failed'] }),
    );
    const listOf = async (who: DemoKey) =>
      (await call(who, 'GET', '/api/v1/agent/webhooks')).json<{ data: { webhooks: WebhookJson[] } }>().data.webhooks;
    expect((await listOf('bob')).map((w) => w.id)).toEqual([bobs.id]);
    for (const admin of ['admin', 'owner'] as const) {
      expect((await listOf(admin)).map((w) => w.id)).toEqual(expect.arrayContaining([bobs.id, carols.id]));
    }
    // HR sees every employee, but webhooks are no HR record: only admins oversee them.
    expect((await listOf('hr')).map((w) => w.id)).not.toContain(bobs.id);
    expect((await listOf('globexHr')).map((w) => w.id)).not.toContain(bobs.id);

    for (const [method, suffix, payload] of [
      ['GET', '', undefined],
      ['DELETE', '', undefined],
      ['POST', '/rotate-secret', {}],
      ['GET', '/deliveries', undefined],
    ] as const) {
      const res = await call('carol', method, `/api/v1/agent/webhooks/${bobs.id}${suffix}`, payload);
      expect({ suffix, status: res.statusCode }).toEqual({ suffix, status: 404 });
      expect(res.json<{ error: { code: string } }>().error.code).toBe('not_found');
    }
    const row = await h.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: bobs.id } });
    expect(row.status).toBe('enabled');
    expect(row.secretRotatedAt).toBeNull();

    const byAdmin = await call('admin', 'DELETE', `/api/v1/agent/webhooks/${carols.id}`);
    expect(byAdmin.statusCode).toBe(200);
    expect(webhookOf(byAdmin)).toMatchObject({ status: 'disabled', disabledReason: 'disabled_by_user' });
  });
});

describe('disable_agent_webhook', () => {
  it('disables, cancels waiting deliveries, and answers the same when called again', async () => {
    const created = webhookOf(
      await call('alice', 'POST', '/api/v1/agent/webhooks', { url: PUBLIC_URL, events: ['run.failed'] }),
    );
    const tenantId = (await h.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: created.id } })).tenantId;
    const waiting = await h.db.prisma.webhookDelivery.create({
      data: { tenantId, webhookId: created.id, eventType: 'run.failed', payload: {}, status: 'pending' },
    });
    const first = await call('alice', 'DELETE', `/api/v1/agent/webhooks/${created.id}`);
    expect(first.statusCode).toBe(200);
    expect(webhookOf(first)).toMatchObject({ status: 'disabled', disabledReason: 'disabled_by_user' });
    expect((await h.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe(
      'cancelled',
    );
    const again = await call('alice', 'DELETE', `/api/v1/agent/webhooks/${created.id}`);
    expect(again.statusCode).toBe(200);
    expect(webhookOf(again).status).toBe('disabled');

    expect((await call('bob', 'POST', `/api/v1/agent/webhooks/${created.id}/enable`)).statusCode).toBe(404);
    const enabled = await call('alice', 'POST', `/api/v1/agent/webhooks/${created.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(webhookOf(enabled).status).toBe('enabled');
    expect(webhookOf(enabled).disabledReason).toBeUndefined();
    // The cancelled delivery stays cancelled: enabling sends only what happens from now on.
    expect((await h.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe(
      'cancelled',
    );
  });

  it('refuses to enable a webhook whose URL the network rules refuse now, and leaves it disabled', async () => {
    const created = webhookOf(
      await call('alice', 'POST', '/api/v1/agent/webhooks', { url: PUBLIC_URL, events: ['run.failed'] }),
    );
    await call('alice', 'DELETE', `/api/v1/agent/webhooks/${created.id}`);
    // As if it was made on a server that allowed private networks (a development database moved over).
    await h.db.prisma.agentWebhook.update({ where: { id: created.id }, data: { url: 'https://127.0.0.1/hooks' } });
    const res = await call('alice', 'POST', `/api/v1/agent/webhooks/${created.id}/enable`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/private, loopback/);
    expect((await h.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: created.id } })).status).toBe('disabled');
  });

  it('answers 404 for an unknown webhook and 400 for an id that is no UUID', async () => {
    expect(
      (await call('alice', 'DELETE', '/api/v1/agent/webhooks/0190a000-0000-7000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await call('alice', 'DELETE', '/api/v1/agent/webhooks/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('rotate_agent_webhook_secret', () => {
  it('answers a new secret once, keeps the previous one for the overlap, and drops it at once with 0', async () => {
    const created = webhookOf(
      await call('alice', 'POST', '/api/v1/agent/webhooks', { url: PUBLIC_URL, events: ['run.failed'] }),
    );
    const rotated = await call('alice', 'POST', `/api/v1/agent/webhooks/${created.id}/rotate-secret`, {
      overlapSeconds: 3600,
    });
    expect(rotated.statusCode).toBe(200);
    const webhook = webhookOf(rotated);
    expect(webhook.secret).toMatch(/^whsec_/);
    expect(webhook.secret).not.toBe(created.secret);
    const expires = Date.parse(webhook.previousSecretExpiresAt!);
    expect(expires - Date.now()).toBeGreaterThan(3500_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(3600_000);

    const immediate = webhookOf(
      await call('alice', 'POST', `/api/v1/agent/webhooks/${created.id}/rotate-secret`, { overlapSeconds: 0 }),
    );
    expect(immediate.previousSecretExpiresAt).toBeUndefined();
    const row = await h.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.previousSecretCiphertext).toBeNull();
  });

  it('answers 400 for an overlap out of range and changes nothing', async () => {
    const created = webhookOf(
      await call('alice', 'POST', '/api/v1/agent/webhooks', { url: PUBLIC_URL, events: ['run.failed'] }),
    );
    for (const overlapSeconds of [-1, 604_801, 1.5]) {
      const res = await call('alice', 'POST', `/api/v1/agent/webhooks/${created.id}/rotate-secret`, { overlapSeconds });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('validation_error');
    }
    const row = await h.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretRotatedAt).toBeNull();
  });
});
