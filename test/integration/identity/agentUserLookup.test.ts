import type { Scope } from '../../../engines/access/scopes';
import { demoPeople } from '../../../prisma/seed';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { allScopes, bearer, tokenFor, type DemoKey } from '../../support/identity';

/**
 * lookup_agent_user (issue 24, item 5): a backend holding an integration credential finds the user it means by
 * e-mail address or by the id it gave them in its own system (`externalId`, set by an ADMIN or OWNER), and passes
 * the answered id to exchange_agent_token. Only its own workspace is searched.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const userIdOf = async (email: string) => (await h.db.prisma.user.findUniqueOrThrow({ where: { email } })).id;
const integration = (scopes: readonly Scope[] = ['agent:run', 'agent:read'], who: DemoKey = 'admin') =>
  tokenFor(h.db.prisma, who, scopes, { kind: 'integration_credential' });
const lookUp = (token: string | undefined, query: string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/v1/agent/users?${query}`,
    headers: token === undefined ? {} : bearer(token),
  });
const setExternalId = async (who: DemoKey, userId: string, externalId: unknown) =>
  h.app.inject({
    method: 'PUT',
    url: `/api/users/${userId}/external-id`,
    headers: bearer(await tokenFor(h.db.prisma, who, allScopes)),
    payload: { externalId },
  });

describe('GET /api/v1/agent/users (lookup_agent_user)', () => {
  it('finds a user by e-mail (any case), and its id is what exchange_agent_token takes', async () => {
    const token = await integration();
    const res = await lookUp(token, 'email=Alice%40ACME.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        user: {
          id: await userIdOf('alice@acme.test'),
          email: 'alice@acme.test',
          name: demoPeople.alice.name,
          role: demoPeople.alice.role,
          status: 'active',
          externalId: null,
        },
      },
    });
    const exchanged = await h.app.inject({
      method: 'POST',
      url: '/api/v1/agent/token',
      headers: bearer(token),
      payload: { userId: res.json().data.user.id, externalSessionId: 'lookup-1', scopes: ['agent:run'] },
    });
    expect(exchanged.statusCode).toBe(201);
    expect(exchanged.json().data.accessToken).toMatch(/^hrd_/);
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: bearer(exchanged.json().data.accessToken),
    });
    expect(me.json().data.user).toMatchObject({ email: 'alice@acme.test' });
  });

  it('finds a user by the external id an admin gave them, and exchanges for them', async () => {
    const bob = await userIdOf('bob@acme.test');
    const set = await setExternalId('admin', bob, '  crm/4711  ');
    expect(set.statusCode).toBe(200);
    expect(set.json().data.user).toMatchObject({ id: bob, externalId: 'crm/4711' });

    const token = await integration();
    const res = await lookUp(token, `externalId=${encodeURIComponent('crm/4711')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toEqual({
      id: bob,
      email: 'bob@acme.test',
      name: demoPeople.bob.name,
      role: demoPeople.bob.role,
      status: 'active',
      externalId: 'crm/4711',
    });
    const exchanged = await h.app.inject({
      method: 'POST',
      url: '/api/v1/agent/token',
      headers: bearer(token),
      payload: { userId: res.json().data.user.id, externalSessionId: 'lookup-2', scopes: ['agent:read'] },
    });
    expect(exchanged.statusCode).toBe(201);
    expect(exchanged.json().data).toMatchObject({ userId: bob, scopes: ['agent:read'] });
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: bearer(exchanged.json().data.accessToken),
    });
    expect(me.json().data.user).toMatchObject({ email: 'bob@acme.test' });
  });

  it('answers a user who is not active with their status', async () => {
    const token = await integration();
    const tenantId = (await h.db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } })).tenantId;
    await h.db.prisma.user.create({
      data: { tenantId, email: 'gone@acme.test', name: 'Gone', status: 'deactivated', externalId: 'gone-1' },
    });
    const res = await lookUp(token, 'externalId=gone-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'gone@acme.test', status: 'deactivated' });
  });

  it('answers 400 in the error envelope naming the field for bad input', async () => {
    const token = await integration();
    const cases: Array<[string, string]> = [
      ['', 'email'],
      [`email=alice%40acme.test&externalId=crm%2F4711`, 'externalId'],
      ['email=not-an-address', 'email'],
      [`email=${'a'.repeat(250)}%40acme.test`, 'email'],
      ['email=alice%00%40acme.test', 'email'],
      [`externalId=${'x'.repeat(201)}`, 'externalId'],
      ['externalId=crm%004711', 'externalId'],
      ['externalId=', 'externalId'],
      ['externalId=%20%20', 'externalId'],
      // An unknown key is named as every operation names one (in the query), with what to give instead.
      ['userId=x', 'query: Unrecognized key: "userId"; email'],
    ];
    for (const [query, field] of cases) {
      const res = await lookUp(token, query);
      expect({ query, status: res.statusCode, body: res.json() }).toEqual({
        query,
        status: 400,
        body: {
          error: {
            code: 'validation_error',
            message: expect.stringMatching(new RegExp(`^${field}: `)),
            details: expect.anything(),
          },
        },
      });
    }
  });

  it('answers 401 without a credential, and with an unknown one', async () => {
    for (const token of [undefined, `hri_${'0'.repeat(49)}`]) {
      const res = await lookUp(token, 'email=alice%40acme.test');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    }
  });

  it('answers 403 to other credential kinds, to a credential without agent:run, and to a non-admin’s', async () => {
    const refused = [
      await tokenFor(h.db.prisma, 'admin', allScopes),
      await tokenFor(h.db.prisma, 'admin', allScopes, { kind: 'delegated_credential' }),
      await tokenFor(h.db.prisma, 'admin', ['people:read'], { kind: 'company_api_key' }),
      await integration(['agent:read']),
      await tokenFor(h.db.prisma, 'hr', ['agent:run'], { kind: 'integration_credential' }),
    ];
    for (const token of refused) {
      const res = await lookUp(token, 'email=alice%40acme.test');
      expect({ status: res.statusCode, code: res.json().error?.code }).toEqual({ status: 403, code: 'forbidden' });
      expect(res.body).not.toContain(await userIdOf('alice@acme.test'));
    }
  });

  it('answers 404 for nobody, and for a user of another workspace by e-mail or external id', async () => {
    const token = await integration();
    await h.db.prisma.user.update({ where: { email: 'dan@globex.test' }, data: { externalId: 'shared-7' } });
    for (const query of [
      'email=nobody%40acme.test',
      'externalId=no-such-id',
      'email=dan%40globex.test',
      'externalId=shared-7',
    ]) {
      const res = await lookUp(token, query);
      expect({ query, status: res.statusCode, code: res.json().error?.code }).toEqual({
        query,
        status: 404,
        code: 'not_found',
      });
      expect(res.body).not.toContain(await userIdOf('dan@globex.test'));
    }
    // The same external id in two workspaces: each finds its own user.
    const carol = await userIdOf('carol@acme.test');
    expect((await setExternalId('owner', carol, 'shared-7')).statusCode).toBe(200);
    const res = await lookUp(token, 'externalId=shared-7');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(carol);
  });
});

describe('external ids of users (set_user_external_id, invite_user)', () => {
  it('is set on invitation, unique within the workspace (409), and removed with null', async () => {
    const owner = bearer(await tokenFor(h.db.prisma, 'owner', allScopes));
    const invite = (email: string, externalId: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/users/invitations',
        headers: owner,
        payload: { email, name: 'Invitee', externalId },
      });
    const invited = await invite('ext.invitee@acme.test', 'hris-1');
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data.user).toMatchObject({ email: 'ext.invitee@acme.test', externalId: 'hris-1' });
    const found = await lookUp(await integration(), 'externalId=hris-1');
    expect(found.json().data.user).toMatchObject({ id: invited.json().data.user.id, status: 'invited' });

    const users = await h.db.prisma.user.count();
    const again = await invite('ext.invitee2@acme.test', 'hris-1');
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { error: 'conflict', reason: expect.stringContaining('externalId') },
    ]);
    expect(await h.db.prisma.user.count()).toBe(users);
    const taken = await setExternalId('admin', await userIdOf('manager@acme.test'), 'hris-1');
    expect([taken.statusCode, taken.json()]).toEqual([
      409,
      { error: 'conflict', reason: expect.stringContaining('externalId') },
    ]);

    const removed = await setExternalId('admin', invited.json().data.user.id, null);
    expect([removed.statusCode, removed.json().data.user.externalId]).toEqual([200, null]);
    expect((await lookUp(await integration(), 'externalId=hris-1')).statusCode).toBe(404);
  });

  it.each([
    ['too long', 'x'.repeat(201)],
    ['empty', ''],
    ['blank', '   '],
    ['with a NUL', 'crm\u00004711'],
    ['not a string', 42],
  ])('answers 400 naming externalId for an id %s, writing nothing', async (_what, externalId) => {
    const alice = await userIdOf('alice@acme.test');
    const before = await h.db.prisma.user.findUniqueOrThrow({ where: { id: alice } });
    const res = await setExternalId('admin', alice, externalId);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { error: 'bad_request', reason: expect.stringMatching(/^externalId: /) },
    ]);
    expect(await h.db.prisma.user.findUniqueOrThrow({ where: { id: alice } })).toEqual(before);
  });

  it('lets only ADMIN and OWNER set it, and only an OWNER on an OWNER', async () => {
    const alice = await userIdOf('alice@acme.test');
    for (const who of ['hr', 'manager', 'alice'] as const) {
      expect((await setExternalId(who, alice, `by-${who}`)).statusCode).toBe(403);
    }
    expect((await setExternalId('admin', await userIdOf('owner@acme.test'), 'the-owner')).statusCode).toBe(403);
    expect((await setExternalId('owner', await userIdOf('owner@acme.test'), 'the-owner')).statusCode).toBe(200);
    expect((await setExternalId('owner', await userIdOf('dan@globex.test'), 'theirs')).statusCode).toBe(404);
    expect((await h.db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } })).externalId).toBeNull();
  });
});
