import { loadRunActor } from '../../../engines/agent/runActor';
import { createRun } from '../../../engines/agent/runs';
import { createThread } from '../../../engines/agent/threads';
import { authenticate } from '../../../engines/tokens/authenticate';
import { issueCredential } from '../../../engines/tokens/credentials';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { allScopes, bearer, tokenFor, type DemoKey } from '../../support/identity';
import { waitFor } from '../../support/waitFor';

/**
 * The User area of the company API (company-api.md): accounts, roles that apply at once, the last OWNER protected,
 * deactivation that stops every credential at once, invitations shown once and accepted once.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, allScopes));
const send = (headers: Record<string, string>, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
const userOf = async (email: string) => (await h.db.prisma.user.findUniqueOrThrow({ where: { email } })).id;
let n = 0;
const invitee = () => ({ email: `invitee.${++n}.${Date.now()}@acme.test`, name: `Invitee ${n}` });

async function invite(role = 'EMPLOYEE') {
  const res = await send(await as('owner'), 'POST', '/api/users/invitations', { ...invitee(), role });
  expect(res.statusCode).toBe(201);
  return res.json().data as { user: { id: string; email: string }; secret: string };
}
async function activeUser(role = 'EMPLOYEE') {
  const { user, secret } = await invite(role);
  const accepted = await send({}, 'POST', '/api/users/invitations/accept', { invitation: secret });
  expect(accepted.statusCode).toBe(200);
  return { id: user.id, token: accepted.json().data.secret as string };
}

describe('reading accounts', () => {
  it('lets HR, admins and owners list accounts, and nobody else', async () => {
    const list = await send(await as('hr'), 'GET', '/api/users?limit=200');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.users.map((u: { email: string }) => u.email)).toContain('alice@acme.test');
    expect(list.body).not.toContain('@globex.test');
    for (const who of ['alice', 'manager', 'director'] as const) {
      const res = await send(await as(who), 'GET', '/api/users');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', reason: expect.any(String) });
    }
  });
});

describe('roles', () => {
  it('a role change applies to the user’s very next request, and to their running agent run’s next step', async () => {
    const { id, token } = await activeUser();
    const self = await h.db.prisma.user.findUniqueOrThrow({ where: { id } });
    const actor = await authenticate(h.db.prisma, token);
    const thread = await createThread(h.db.prisma, actor, 'role change');
    const run = await createRun(h.db.prisma, actor, thread.id, 'hello');
    expect((await send(bearer(token), 'GET', '/api/users')).statusCode).toBe(403);

    const promoted = await send(await as('admin'), 'PATCH', `/api/users/${id}`, { role: 'HR_MANAGER' });
    expect(promoted.json().data.user.role).toBe('HR_MANAGER');
    expect((await send(bearer(token), 'GET', '/api/users')).statusCode).toBe(200);
    const runRow = await h.db.prisma.agentRun.findUniqueOrThrow({ where: { id: run.id } });
    expect((await loadRunActor(h.db.prisma, runRow)).user.role).toBe('HR_MANAGER');
    expect(self.role).toBe('EMPLOYEE');
  });

  it('keeps the OWNER role to owners and never leaves the workspace without an active OWNER', async () => {
    const ownerId = await userOf('owner@acme.test');
    const admin = await as('admin');
    const byAdmin = await send(admin, 'PATCH', `/api/users/${ownerId}`, { role: 'EMPLOYEE' });
    expect(byAdmin.statusCode).toBe(403);
    const { id } = await activeUser();
    expect((await send(admin, 'PATCH', `/api/users/${id}`, { role: 'OWNER' })).statusCode).toBe(403);

    const owner = await as('owner');
    const last = await send(owner, 'PATCH', `/api/users/${ownerId}`, { role: 'ADMIN' });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: 'conflict', reason: expect.stringContaining('last active OWNER') });
    expect((await send(owner, 'POST', `/api/users/${ownerId}/deactivate`)).statusCode).toBe(409);
    expect((await h.db.prisma.user.findUniqueOrThrow({ where: { id: ownerId } })).role).toBe('OWNER');
  });

  it('two owners demoting each other at once leave one OWNER', async () => {
    const ownerId = await userOf('owner@acme.test');
    const second = await activeUser();
    await send(await as('owner'), 'PATCH', `/api/users/${second.id}`, { role: 'OWNER' });
    const [a, b] = await Promise.all([
      send(await as('owner'), 'PATCH', `/api/users/${second.id}`, { role: 'ADMIN' }),
      send(bearer(second.token), 'PATCH', `/api/users/${ownerId}`, { role: 'ADMIN' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const acme = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    expect(await h.db.prisma.user.count({ where: { tenantId: acme.id, role: 'OWNER', status: 'active' } })).toBe(1);
    // Put the demo back: the owner stays the only OWNER.
    if (b.statusCode === 200) await h.db.prisma.user.update({ where: { id: ownerId }, data: { role: 'OWNER' } });
    await h.db.prisma.user.update({ where: { id: second.id }, data: { role: 'ADMIN' } });
  });
});

describe('deactivation', () => {
  it('stops every credential of the user at once; reactivation does not bring them back', async () => {
    const { id, token } = await activeUser();
    const key = await tokenFor(h.db.prisma, 'alice', ['people:read'], { kind: 'delegated_credential' });
    expect((await send(bearer(token), 'GET', '/api/people')).statusCode).toBe(200);
    const admin = await as('admin');
    const res = await send(admin, 'POST', `/api/users/${id}/deactivate`);
    expect(res.json().data.user).toMatchObject({ status: 'deactivated' });
    const after = await send(bearer(token), 'GET', '/api/people');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'unauthorized', reason: expect.any(String) });
    expect(await h.db.prisma.credential.count({ where: { userId: id, revokedAt: null } })).toBe(0);
    expect((await send(bearer(key), 'GET', '/api/people')).statusCode).toBe(200);

    expect((await send(admin, 'POST', `/api/users/${id}/reactivate`)).json().data.user.status).toBe('active');
    expect((await send(bearer(token), 'GET', '/api/people')).statusCode).toBe(401);
    expect((await send(admin, 'POST', `/api/users/${id}/reactivate`)).statusCode).toBe(409);
  });

  it('refuses deactivating yourself, and a manager’s attempt, writing nothing', async () => {
    const adminId = await userOf('admin@acme.test');
    expect((await send(await as('admin'), 'POST', `/api/users/${adminId}/deactivate`)).statusCode).toBe(409);
    expect((await send(await as('manager'), 'POST', `/api/users/${adminId}/deactivate`)).statusCode).toBe(403);
    expect((await h.db.prisma.user.findUniqueOrThrow({ where: { id: adminId } })).status).toBe('active');
  });

  it('stops the running agent runs of a deactivated user at their next step', async () => {
    const { id, token } = await activeUser();
    const actor = await authenticate(h.db.prisma, token);
    const run = await createRun(h.db.prisma, actor, (await createThread(h.db.prisma, actor, 't')).id, 'hello');
    await send(await as('admin'), 'POST', `/api/users/${id}/deactivate`);
    const row = await h.db.prisma.agentRun.findUniqueOrThrow({ where: { id: run.id } });
    await expect(loadRunActor(h.db.prisma, row)).rejects.toThrow('deactivated');
  });
});

describe('invitations', () => {
  it('shows the secret once, accepts it once, and the first token works at once', async () => {
    const headers = { ...(await as('owner')), 'idempotency-key': `invite-${Date.now()}` };
    const body = { ...invitee(), role: 'MANAGER' };
    const first = await send(headers, 'POST', '/api/users/invitations', body);
    expect(first.statusCode).toBe(201);
    const { user, secret } = first.json().data;
    expect(secret).toMatch(/^hru_/);
    expect(user).toMatchObject({ status: 'invited', role: 'MANAGER', email: body.email });
    const replay = await send(headers, 'POST', '/api/users/invitations', body);
    expect(replay.json().data).not.toHaveProperty('secret');
    expect(replay.json().data.user.id).toBe(user.id);

    const accepted = await send({}, 'POST', '/api/users/invitations/accept', { invitation: secret });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.user.status).toBe('active');
    const token = accepted.json().data.secret;
    expect((await send(bearer(token), 'GET', '/api/v1/me')).json().data.user.email).toBe(body.email);
    const again = await send({}, 'POST', '/api/users/invitations/accept', { invitation: secret });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'unauthorized', reason: expect.any(String) });
    // The acceptance is recorded as the person who joined, with the token they got (chained after the answer);
    // the refused second try names no workspace and leaves no record.
    const acceptances = () =>
      h.db.prisma.auditRecord.findMany({ where: { operation: 'accept_user_invitation', userId: user.id } });
    await waitFor('the audit record of the acceptance', async () => (await acceptances()).length > 0);
    const joined = await acceptances();
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({
      id: accepted.headers['x-audit-id'],
      tenantId: (await h.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).tenantId,
      userId: user.id,
      credentialId: accepted.json().data.token.id,
      credentialKind: 'personal_access_token',
      outcome: 'success',
      arguments: { params: {}, query: {}, body: { invitation: '[REDACTED]' } },
    });
    const audit = JSON.stringify(await h.db.prisma.auditRecord.findMany(), (_k, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v,
    );
    expect(audit).toContain('invite_user');
    expect(audit).not.toContain(secret);
  });

  it('refuses an expired invitation, and no credential of an invited user works before acceptance', async () => {
    const { user, secret } = await invite();
    const row = await h.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const { secret: early } = await issueCredential(h.db.prisma, {
      tenantId: row.tenantId,
      userId: user.id,
      kind: 'personal_access_token',
      name: 'made before acceptance',
      scopes: ['people:read'],
    });
    expect((await send(bearer(early), 'GET', '/api/people')).statusCode).toBe(401);
    await h.db.prisma.userInvitation.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(0) } });
    const res = await send({}, 'POST', '/api/users/invitations/accept', { invitation: secret });
    expect(res.statusCode).toBe(401);
    expect((await h.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe('invited');
  });

  it.each([
    ['email', { email: 'nope', name: 'x' }],
    ['name', { email: 'a@b.test', name: '' }],
    ['role', { email: 'a@b.test', name: 'x', role: 'KING' }],
    ['employeeId', { email: 'a@b.test', name: 'x', employeeId: '00000000-0000-4000-8000-000000000000' }],
  ])('answers 400 naming %s and invites nobody', async (field, payload) => {
    const count = await h.db.prisma.user.count();
    const res = await send(await as('owner'), 'POST', '/api/users/invitations', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining(field) });
    expect(await h.db.prisma.user.count()).toBe(count);
  });

  it('answers 409 for an address in use, 403 for an admin inviting an OWNER or a delegated credential', async () => {
    expect(
      (await send(await as('owner'), 'POST', '/api/users/invitations', { email: 'alice@acme.test', name: 'A' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await send(await as('admin'), 'POST', '/api/users/invitations', { ...invitee(), role: 'OWNER' })).statusCode,
    ).toBe(403);
    const delegated = bearer(await tokenFor(h.db.prisma, 'owner', allScopes, { kind: 'delegated_credential' }));
    expect((await send(delegated, 'POST', '/api/users/invitations', invitee())).statusCode).toBe(403);
  });
});

describe('what a change to an account tells', () => {
  it('notifies the user of a new role, and sends users.user.* only to webhooks of those who read accounts', async () => {
    const tenant = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const hook = async (email: string) =>
      (
        await h.db.prisma.agentWebhook.create({
          data: {
            tenantId: tenant.id,
            createdByUserId: await userOf(email),
            url: 'https://203.0.113.10/hooks',
            events: ['users.user.role_changed', 'users.user.deactivated'],
            status: 'enabled',
            secretCiphertext: 'unused: this test reads the queued deliveries, nothing is sent',
            secretHint: 'whsec_…',
          },
        })
      ).id;
    const hrHook = await hook('hr@acme.test');
    const managerHook = await hook('manager@acme.test');
    const { id, token } = await activeUser();
    const externalId = `crm-${id.slice(0, 8)}`;
    await h.db.prisma.user.update({ where: { id }, data: { externalId } });
    await send(await as('admin'), 'PATCH', `/api/users/${id}`, { role: 'MANAGER' });
    const notes = (await send(bearer(token), 'GET', '/api/notifications')).json().data.notifications;
    expect(notes[0]).toMatchObject({ kind: 'users.role_changed', title: 'Your role is now MANAGER' });
    await send(await as('admin'), 'POST', `/api/users/${id}/deactivate`);
    const deliveries = await h.db.prisma.webhookDelivery.findMany({
      where: { webhookId: { in: [hrHook, managerHook] } },
      orderBy: { createdAt: 'asc' },
    });
    expect(deliveries.map((d) => [d.webhookId, d.eventType])).toEqual([
      [hrHook, 'users.user.role_changed'],
      [hrHook, 'users.user.deactivated'],
    ]);
    expect(JSON.stringify(deliveries[1]!.payload)).toContain('"status":"deactivated"');
    // The integrator's own id of the user comes with the account, so its backend matches it without a lookup.
    expect(deliveries.map((d) => (d.payload as { data: { user: unknown } }).data.user)).toEqual([
      { id, name: expect.any(String), role: 'MANAGER', status: 'active', externalId },
      { id, name: expect.any(String), role: 'MANAGER', status: 'deactivated', externalId },
    ]);
  });
});
