import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * The Organization area of the company API (company-api.md): departments (a tree with heads, no cycles), teams
 * (moving one moves its members and who sees them), locations, legal entities, positions, the org chart.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const scopes = ['organization:read', 'organization:write', 'people:read', 'people:write'] as const;
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, [...scopes]));
const send = (headers: Record<string, string>, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
const employeeOf = async (email: string) => (await h.db.prisma.employee.findFirstOrThrow({ where: { email } })).id;
let n = 0;
const unique = (what: string) => `${what} ${++n}`;

describe('departments', () => {
  it('builds a tree with heads and refuses a move that makes a cycle, writing nothing', async () => {
    const hr = await as('hr');
    const top = (await send(hr, 'POST', '/api/organization/departments', { name: unique('Product') })).json().data
      .department;
    const mid = (
      await send(hr, 'POST', '/api/organization/departments', {
        name: unique('Design'),
        parentId: top.id,
        headEmployeeId: await employeeOf('director@acme.test'),
      })
    ).json().data.department;
    const low = (
      await send(hr, 'POST', '/api/organization/departments', { name: unique('UX'), parentId: mid.id })
    ).json().data.department;
    expect(mid).toMatchObject({ parentId: top.id, employeeCount: 0 });

    const cycle = await send(hr, 'PATCH', `/api/organization/departments/${top.id}`, { parentId: low.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining('cycle') });
    const self = await send(hr, 'PATCH', `/api/organization/departments/${top.id}`, { parentId: top.id });
    expect(self.statusCode).toBe(400);
    expect((await h.db.prisma.department.findUniqueOrThrow({ where: { id: top.id } })).parentId).toBeNull();

    const moved = await send(hr, 'PATCH', `/api/organization/departments/${low.id}`, { parentId: null });
    expect(moved.json().data.department.parentId).toBeNull();
  });

  it('answers 409 for a taken name and for deleting a department people are in', async () => {
    const hr = await as('hr');
    const taken = await send(hr, 'POST', '/api/organization/departments', { name: 'Engineering' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('conflict');
    const engineering = await h.db.prisma.department.findFirstOrThrow({
      where: { name: 'Engineering', tenant: { domain: 'acme.test' } },
    });
    const del = await send(hr, 'DELETE', `/api/organization/departments/${engineering.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ error: 'conflict', reason: expect.stringContaining('employees') });
    const empty = (await send(hr, 'POST', '/api/organization/departments', { name: unique('Empty') })).json().data
      .department;
    expect((await send(hr, 'DELETE', `/api/organization/departments/${empty.id}`)).json().data).toEqual({
      id: empty.id,
    });
  });

  it('is read by everyone with the scope and changed by HR, ADMIN and OWNER only', async () => {
    const list = await send(await as('alice'), 'GET', '/api/organization/departments?limit=200');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.departments.map((d: { name: string }) => d.name)).toContain('Engineering');
    const write = await send(await as('director'), 'POST', '/api/organization/departments', { name: unique('No') });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ error: 'forbidden', reason: expect.stringContaining('HR_MANAGER') });
  });

  it.each([
    ['name', { name: '' }],
    ['parentId', { name: 'x', parentId: 'nope' }],
    ['parentId', { name: 'x', parentId: '00000000-0000-4000-8000-000000000000' }],
    ['headEmployeeId', { name: 'x', headEmployeeId: '00000000-0000-4000-8000-000000000000' }],
    ['color', { name: 'x', color: 'red' }],
  ])('answers 400 naming %s and writes nothing', async (field, payload) => {
    const count = await h.db.prisma.department.count();
    const res = await send(await as('hr'), 'POST', '/api/organization/departments', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining(field) });
    expect(await h.db.prisma.department.count()).toBe(count);
  });
});

describe('teams', () => {
  it('moving a team moves its members, and who sees them, at once', async () => {
    const hr = await as('hr');
    const engineering = await h.db.prisma.department.findFirstOrThrow({
      where: { name: 'Engineering', tenant: { domain: 'acme.test' } },
    });
    const sales = await h.db.prisma.department.findFirstOrThrow({
      where: { name: 'Sales', tenant: { domain: 'acme.test' } },
    });
    const hire = (
      await send(bearer(await tokenFor(h.db.prisma, 'hr', ['people:write'])), 'POST', '/api/people', {
        name: 'Tina Team',
        email: `tina.${Date.now()}@acme.test`,
        jobTitle: 'Designer',
        hireDate: '2026-10-01',
      })
    ).json().data.person;
    const team = (
      await send(hr, 'POST', '/api/organization/teams', { name: unique('Design team'), departmentId: engineering.id })
    ).json().data.team;
    const added = await send(hr, 'POST', `/api/organization/teams/${team.id}/members`, { employeeId: hire.id });
    expect(added.json().data.team.memberCount).toBe(1);
    // The director heads Engineering's reporting line and sees the department: Tina is visible now.
    const director = await as('director');
    expect((await send(director, 'GET', `/api/people/${hire.id}`)).statusCode).toBe(200);

    const moved = await send(hr, 'PATCH', `/api/organization/teams/${team.id}`, { departmentId: sales.id });
    expect(moved.json().data.team.departmentId).toBe(sales.id);
    expect((await h.db.prisma.employee.findUniqueOrThrow({ where: { id: hire.id } })).departmentId).toBe(sales.id);
    expect((await send(director, 'GET', `/api/people/${hire.id}`)).statusCode).toBe(404);
  });

  it('lists members as far as the caller may see people; the count is the whole team', async () => {
    const hr = await as('hr');
    const team = (await send(hr, 'POST', '/api/organization/teams', { name: unique('Pair') })).json().data.team;
    for (const email of ['alice@acme.test', 'bob@acme.test']) {
      await send(hr, 'POST', `/api/organization/teams/${team.id}/members`, { employeeId: await employeeOf(email) });
    }
    const alice = await send(await as('alice'), 'GET', `/api/organization/teams/${team.id}`);
    expect(alice.json().data.team.memberCount).toBe(2);
    expect(alice.json().data.members.map((m: { name: string }) => m.name)).toEqual(['Alice Anders']);
    const manager = await send(await as('manager'), 'GET', `/api/organization/teams/${team.id}`);
    expect(manager.json().data.members).toHaveLength(2);
    const found = await send(await as('alice'), 'GET', '/api/organization/teams?name=pAiR');
    expect(found.json().data.teams.map((t: { id: string }) => t.id)).toContain(team.id);

    const removed = await send(
      hr,
      'DELETE',
      `/api/organization/teams/${team.id}/members/${await employeeOf('bob@acme.test')}`,
    );
    expect(removed.json().data.team.memberCount).toBe(1);
    const again = await send(
      hr,
      'DELETE',
      `/api/organization/teams/${team.id}/members/${await employeeOf('bob@acme.test')}`,
    );
    expect(again.statusCode).toBe(404);
  });

  it('refuses a member of another workspace (400) and another workspace’s team (404)', async () => {
    const hr = await as('hr');
    const team = (await send(hr, 'POST', '/api/organization/teams', { name: unique('Closed') })).json().data.team;
    const dan = await send(hr, 'POST', `/api/organization/teams/${team.id}/members`, {
      employeeId: await employeeOf('dan@globex.test'),
    });
    expect(dan.statusCode).toBe(400);
    expect(dan.json().reason).toContain('employeeId');
    const globex = await as('globexHr');
    expect((await send(globex, 'GET', `/api/organization/teams/${team.id}`)).statusCode).toBe(404);
    expect((await send(globex, 'DELETE', `/api/organization/teams/${team.id}`)).statusCode).toBe(404);
    expect(await h.db.prisma.team.count({ where: { id: team.id } })).toBe(1);
  });
});

describe('locations, legal entities and positions', () => {
  it('keeps what positions point at, and one position per employee', async () => {
    const hr = await as('hr');
    const berlin = (
      await send(hr, 'POST', '/api/organization/locations', {
        name: unique('Berlin'),
        countryCode: 'DE',
        city: 'Berlin',
        timeZone: 'Europe/Berlin',
      })
    ).json().data.location;
    const gmbh = (
      await send(hr, 'POST', '/api/organization/legal-entities', { name: unique('Acme GmbH'), countryCode: 'DE' })
    ).json().data.legalEntity;
    // A new hire: the demo's people hold their positions already.
    const alice = (
      await send(hr, 'POST', '/api/people', {
        name: 'Pia Position',
        email: `pia.${Date.now()}@acme.test`,
        jobTitle: 'Engineer',
        hireDate: '2026-12-01',
      })
    ).json().data.person.id;
    const position = await send(hr, 'POST', '/api/organization/positions', {
      title: 'Senior Engineer',
      locationId: berlin.id,
      legalEntityId: gmbh.id,
      holderEmployeeId: alice,
    });
    expect(position.statusCode).toBe(201);
    expect(position.json().data.position).toMatchObject({ status: 'filled', holderEmployeeId: alice });
    const second = await send(hr, 'POST', '/api/organization/positions', { title: 'Other', holderEmployeeId: alice });
    expect(second.statusCode).toBe(409);
    expect((await send(hr, 'DELETE', `/api/organization/locations/${berlin.id}`)).statusCode).toBe(409);
    expect((await send(hr, 'DELETE', `/api/organization/legal-entities/${gmbh.id}`)).statusCode).toBe(409);

    const opened = await send(hr, 'PATCH', `/api/organization/positions/${position.json().data.position.id}`, {
      holderEmployeeId: null,
    });
    expect(opened.json().data.position.status).toBe('open');
    const open = await send(hr, 'GET', '/api/organization/positions?status=open&limit=200');
    expect(open.json().data.positions.map((p: { id: string }) => p.id)).toContain(position.json().data.position.id);
  });

  it.each([
    ['/api/organization/locations', 'countryCode', { name: 'x', countryCode: 'germany' }],
    ['/api/organization/locations', 'timeZone', { name: 'x', countryCode: 'DE', timeZone: 'Mars/Olympus' }],
    ['/api/organization/legal-entities', 'countryCode', { name: 'x', countryCode: 'de' }],
    ['/api/organization/positions', 'locationId', { title: 'x', locationId: '00000000-0000-4000-8000-000000000000' }],
    ['/api/organization/positions', 'title', { title: 'x'.repeat(201) }],
  ])('%s answers 400 naming %s', async (url, field, payload) => {
    const res = await send(await as('hr'), 'POST', url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining(field) });
  });
});

describe('the org chart', () => {
  it('shows HR every current employee once, with reporting lines and direct reports', async () => {
    const res = await send(await as('hr'), 'GET', '/api/organization/chart');
    expect(res.statusCode).toBe(200);
    const nodes: Array<{ id: string; managerId: string | null; level: number; directReports: number }> =
      res.json().data.nodes;
    const acme = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const current = await h.db.prisma.employee.count({ where: { tenantId: acme.id, terminationDate: null } });
    expect(nodes).toHaveLength(current);
    expect(new Set(nodes.map((x) => x.id)).size).toBe(current);
    const byId = new Map(nodes.map((x) => [x.id, x]));
    for (const node of nodes) {
      if (node.level > 0) expect(byId.get(node.managerId!)!.level).toBe(node.level - 1);
      expect(node.directReports).toBe(nodes.filter((x) => x.managerId === node.id).length);
    }
  });

  it('starts below a person, stops at a depth, and shows a manager only their part', async () => {
    const managerId = await employeeOf('manager@acme.test');
    const hr = await as('hr');
    const below = (await send(hr, 'GET', `/api/organization/chart?rootId=${managerId}&depth=1`)).json().data.nodes;
    expect(below[0]).toMatchObject({ id: managerId, level: 0 });
    expect(below.every((x: { level: number }) => x.level <= 1)).toBe(true);
    expect(
      (await send(hr, 'GET', `/api/organization/chart?rootId=${managerId}&depth=0`)).json().data.nodes,
    ).toHaveLength(1);

    const mine = (await send(await as('manager'), 'GET', '/api/organization/chart')).json().data.nodes;
    const visible = await h.db.prisma.employee.count({
      where: { OR: [{ id: managerId }, { managerId }], terminationDate: null },
    });
    expect(mine.length).toBeGreaterThanOrEqual(visible);
    expect(mine.map((x: { id: string }) => x.id)).not.toContain(await employeeOf('owner@acme.test'));
    const bad = await send(hr, 'GET', '/api/organization/chart?depth=51');
    expect(bad.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining('depth') });
    const other = await send(await as('globexHr'), 'GET', `/api/organization/chart?rootId=${managerId}`);
    expect(other.statusCode).toBe(404);
  });
});

describe('what a change to the structure tells', () => {
  it('sends organization.* to the webhooks of every role, naming what changed', async () => {
    const hook = await queuedWebhookOf(h.db.prisma, 'alice', [
      'organization.department.created',
      'organization.team.deleted',
      'organization.location.created',
      'organization.position.deleted',
    ]);
    const hr = await as('hr');
    const name = unique('Research');
    await send(hr, 'POST', '/api/organization/departments', { name });
    const team = (await send(hr, 'POST', '/api/organization/teams', { name: unique('Gone') })).json().data.team;
    await send(hr, 'DELETE', `/api/organization/teams/${team.id}`);
    const office = unique('Office');
    await send(hr, 'POST', '/api/organization/locations', { name: office, countryCode: 'DE' });
    const position = (await send(hr, 'POST', '/api/organization/positions', { title: unique('Role') })).json().data
      .position;
    await send(hr, 'DELETE', `/api/organization/positions/${position.id}`);
    // Refused: no event for what was not written.
    await send(hr, 'POST', '/api/organization/locations', { name: unique('Bad'), countryCode: 'de' });
    const deliveries = await hook.deliveries();
    expect(deliveries.map((d) => d.eventType)).toEqual([
      'organization.department.created',
      'organization.team.deleted',
      'organization.location.created',
      'organization.position.deleted',
    ]);
    expect(JSON.stringify(deliveries[0]!.payload)).toContain(name);
    expect(JSON.stringify(deliveries[2]!.payload)).toContain(office);
    expect(JSON.stringify(deliveries[3]!.payload)).toContain(position.id);
  });
});
