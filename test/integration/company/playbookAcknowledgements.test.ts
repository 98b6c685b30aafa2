import { randomUUID } from 'node:crypto';
import { addDays } from '../../../engines/leave/dates';
import { toDbDate } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { freshSlug } from '../../support/playbook';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * The Playbook's acknowledgements (company-api.md) through the HTTP API on the real PostgreSQL: publishing a policy
 * that asks for acknowledgement tells each employee in scope once; a new version asks again; acknowledging is
 * idempotent and only of the current version; who has not acknowledged is computed from today's scope (hires
 * in, leavers out) within the caller's visibility of people; one's own pending requests; department scope.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const scopes = ['playbook:read', 'playbook:write'] as const;
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, scopes as never));
const send = async (who: DemoKey, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers: await as(who), ...(payload ? { payload } : {}) });
const acme = async () => (await h.db.prisma.tenant.findFirstOrThrow({ where: { name: 'Acme' } })).id;
const employee = async (who: DemoKey) =>
  h.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } });
const departmentId = async (name: string) =>
  (await h.db.prisma.department.findFirstOrThrow({ where: { tenantId: await acme(), name } })).id;
/** Acme's employees by number, as the API should list them; `where` narrows (a department). */
const acmeNames = async (where: object = {}) =>
  (
    await h.db.prisma.employee.findMany({
      where: { tenantId: await acme(), terminationDate: null, ...where },
      orderBy: { employeeNumber: 'asc' },
    })
  ).map((e) => e.name);

interface Pending {
  versionNumber: number;
  total: number;
  employees: Array<{ name: string; employeeId: string }>;
}
async function unacknowledged(id: string, who: DemoKey = 'hr'): Promise<Pending> {
  const res = await send(who, 'GET', `/api/playbook/documents/${id}/unacknowledged?limit=200`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const namesOf = (p: Pending) => p.employees.map((e) => e.name);

/** A published policy asking for acknowledgement (of `departments`, else everyone): its id. */
async function askingPolicy(departments: string[] = []): Promise<string> {
  const made = await send('hr', 'POST', '/api/playbook/documents', {
    kind: 'policy',
    slug: freshSlug('policy'),
    title: 'Travel policy',
    body: 'Book economy.',
    requiresAcknowledgement: true,
    departmentIds: await Promise.all(departments.map(departmentId)),
  });
  expect(made.statusCode).toBe(201);
  const id = made.json().data.document.id;
  expect((await send('hr', 'POST', `/api/playbook/documents/${id}/publish`)).statusCode).toBe(200);
  return id;
}
const acknowledge = (id: string, who: DemoKey, versionNumber = 1) =>
  send(who, 'POST', `/api/playbook/documents/${id}/acknowledge`, { versionNumber });
const requestsTo = async (id: string) =>
  h.db.prisma.notification.findMany({
    where: { kind: 'playbook.acknowledgement_requested', data: { path: ['documentId'], equals: id } },
  });
const pendingSlugs = async (who: DemoKey, status = 'pending') =>
  (await send(who, 'GET', `/api/playbook/acknowledgements?status=${status}&limit=200`))
    .json()
    .data.acknowledgements.map((a: { documentId: string; versionNumber: number }) => [a.documentId, a.versionNumber]);

describe('publishing a policy that asks for acknowledgement', () => {
  it('asks every employee of the workspace, each told once, and lists them all as not acknowledged', async () => {
    const everyone = await acmeNames();
    expect(everyone.slice(0, 3)).toEqual(['Olivia Owens', 'Adam Adler', 'Hannah Reyes']);
    const hook = await queuedWebhookOf(h.db.prisma, 'carol', ['playbook.policy.published']);
    const made = await send('hr', 'POST', '/api/playbook/documents', {
      kind: 'policy',
      slug: 'travel-policy',
      title: 'Travel policy',
      body: 'Book economy.',
      requiresAcknowledgement: true,
    });
    const id = made.json().data.document.id;
    const published = await send('hr', 'POST', `/api/playbook/documents/${id}/publish`);
    expect(published.json().data.acknowledgementRequests).toBe(everyone.length);
    const users = await h.db.prisma.employee.count({ where: { tenantId: await acme(), userId: { not: null } } });
    expect((await requestsTo(id)).length).toBe(users);
    const list = await unacknowledged(id);
    expect({ version: list.versionNumber, total: list.total, names: namesOf(list) }).toEqual({
      version: 1,
      total: everyone.length,
      names: everyone,
    });
    expect((await hook.deliveries()).map((d) => d.eventType)).toEqual(['playbook.policy.published']);
    expect(await pendingSlugs('alice')).toContainEqual([id, 1]);
  });
});

describe('acknowledging', () => {
  it('records the current version once: again answers the same, one webhook to who sees the person', async () => {
    const id = await askingPolicy();
    const managersHook = await queuedWebhookOf(h.db.prisma, 'manager', ['playbook.policy.acknowledged']);
    const salesHook = await queuedWebhookOf(h.db.prisma, 'salesManager', ['playbook.policy.acknowledged']);
    const first = await acknowledge(id, 'alice');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.acknowledgement).toEqual({
      documentId: id,
      slug: expect.any(String),
      title: 'Travel policy',
      versionNumber: 1,
      publishedAt: expect.any(String),
      employeeId: (await employee('alice')).id,
      acknowledgedAt: expect.any(String),
    });
    const again = await acknowledge(id, 'alice');
    expect(again.json()).toEqual(first.json());
    expect(await h.db.prisma.playbookAcknowledgement.count({ where: { documentId: id } })).toBe(1);
    expect((await managersHook.deliveries()).map((d) => d.eventType)).toEqual(['playbook.policy.acknowledged']);
    expect(await salesHook.deliveries()).toEqual([]);
    expect(namesOf(await unacknowledged(id))).not.toContain('Alice Anders');
    expect(await pendingSlugs('alice')).not.toContainEqual([id, 1]);
    expect(await pendingSlugs('alice', 'acknowledged')).toContainEqual([id, 1]);
  });

  it('asks again when a new version is published: the old version is a 409 naming the current one', async () => {
    const id = await askingPolicy();
    await acknowledge(id, 'alice');
    await acknowledge(id, 'bob');
    const aliceUser = (await employee('alice')).userId!;
    const toAlice = async () => (await requestsTo(id)).filter((n) => n.userId === aliceUser).length;
    expect(await toAlice()).toBe(1);
    await send('hr', 'PATCH', `/api/playbook/documents/${id}/draft`, { body: 'Book economy; trains under 4 hours.' });
    // A draft asks nobody yet.
    expect(await toAlice()).toBe(1);
    expect(namesOf(await unacknowledged(id))).not.toContain('Alice Anders');
    await send('hr', 'POST', `/api/playbook/documents/${id}/publish`);
    expect(await toAlice()).toBe(2);
    const list = await unacknowledged(id);
    expect(list.versionNumber).toBe(2);
    expect(namesOf(list)).toEqual(await acmeNames());
    expect(await pendingSlugs('alice')).toContainEqual([id, 2]);
    const before = await h.db.prisma.playbookAcknowledgement.count();
    const old = await acknowledge(id, 'alice', 1);
    expect([old.statusCode, old.json().error]).toEqual([409, 'conflict']);
    expect(old.json().reason).toContain('the current version is 2');
    expect(await h.db.prisma.playbookAcknowledgement.count()).toBe(before);
    expect((await acknowledge(id, 'alice', 2)).statusCode).toBe(200);
    expect(namesOf(await unacknowledged(id))).not.toContain('Alice Anders');
  });

  it('is only of a published policy that asks: a page or a policy that asks nobody is a 409, a draft a 404', async () => {
    const page = await send('hr', 'POST', '/api/playbook/documents', {
      kind: 'page',
      slug: freshSlug('page'),
      title: 'Wiki',
      body: 'x',
    });
    const pageId = page.json().data.document.id;
    await send('hr', 'POST', `/api/playbook/documents/${pageId}/publish`);
    const quiet = await send('hr', 'POST', '/api/playbook/documents', {
      kind: 'policy',
      slug: freshSlug('quiet'),
      title: 'Quiet',
      body: 'x',
    });
    const quietId = quiet.json().data.document.id;
    await send('hr', 'POST', `/api/playbook/documents/${quietId}/publish`);
    for (const id of [pageId, quietId]) {
      expect((await acknowledge(id, 'alice')).statusCode).toBe(409);
      expect((await send('hr', 'GET', `/api/playbook/documents/${id}/unacknowledged`)).statusCode).toBe(409);
    }
    const draft = await send('hr', 'POST', '/api/playbook/documents', {
      kind: 'policy',
      slug: freshSlug('draft'),
      title: 'Draft',
      body: 'x',
      requiresAcknowledgement: true,
    });
    const draftId = draft.json().data.document.id;
    expect((await acknowledge(draftId, 'alice')).statusCode).toBe(404);
    expect((await send('alice', 'GET', `/api/playbook/documents/${draftId}/unacknowledged`)).statusCode).toBe(404);
    expect((await requestsTo(draftId)).length).toBe(0);
    expect(
      await h.db.prisma.playbookAcknowledgement.count({ where: { documentId: { in: [pageId, quietId, draftId] } } }),
    ).toBe(0);
  });

  it.each([
    ['versionNumber', {}],
    ['versionNumber', { versionNumber: 0 }],
    ['versionNumber', { versionNumber: 1.5 }],
    ['versionNumber', { versionNumber: '1' }],
    ['versionNumber', { versionNumber: 2 ** 31 }],
    ['note', { versionNumber: 1, note: 'read it' }],
  ])('answers 400 naming %s for a bad acknowledgement, and writes nothing', async (field, body) => {
    const id = await askingPolicy();
    const res = await send('alice', 'POST', `/api/playbook/documents/${id}/acknowledge`, body);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
    expect(await h.db.prisma.playbookAcknowledgement.count({ where: { documentId: id } })).toBe(0);
  });

  it.each([
    ['limit', 'unacknowledged?limit=0'],
    ['cursor', 'unacknowledged?cursor=x'],
  ])('answers 400 naming %s for a bad query of who has not acknowledged', async (field, path) => {
    const id = await askingPolicy();
    const res = await send('hr', 'GET', `/api/playbook/documents/${id}/${path}`);
    expect([res.statusCode, res.json().error, res.json().reason]).toEqual([
      400,
      'bad_request',
      expect.stringContaining(field),
    ]);
  });

  it('answers 400 naming status for an unknown status of one’s acknowledgements', async () => {
    const res = await send('alice', 'GET', '/api/playbook/acknowledgements?status=done');
    expect([res.statusCode, res.json().reason]).toEqual([400, expect.stringContaining('status')]);
  });

  it('takes a personal access token, a delegated credential and a company API key alike', async () => {
    const id = await askingPolicy();
    for (const kind of ['personal_access_token', 'delegated_credential', 'company_api_key'] as const) {
      const token = await tokenFor(h.db.prisma, 'hr', [...scopes], { kind });
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/playbook/documents/${id}/acknowledge`,
        headers: bearer(token),
        payload: { versionNumber: 1 },
      });
      expect([kind, res.statusCode]).toEqual([kind, 200]);
      const list = await h.app.inject({
        method: 'GET',
        url: `/api/playbook/documents/${id}/unacknowledged`,
        headers: bearer(token),
      });
      expect([kind, list.statusCode]).toEqual([kind, 200]);
    }
    expect(await h.db.prisma.playbookAcknowledgement.count({ where: { documentId: id } })).toBe(1);
    const readOnly = await h.app.inject({
      method: 'POST',
      url: `/api/playbook/documents/${id}/acknowledge`,
      headers: bearer(await tokenFor(h.db.prisma, 'alice', ['playbook:read'])),
      payload: { versionNumber: 1 },
    });
    expect(readOnly.statusCode).toBe(403);
    const none = await h.app.inject({ method: 'GET', url: `/api/playbook/documents/${id}/unacknowledged` });
    expect(none.statusCode).toBe(401);
  });
});

describe('who has not acknowledged', () => {
  it('is answered within the caller’s visibility: HR everyone, a manager their team, an employee themself', async () => {
    const id = await askingPolicy();
    const hr = await unacknowledged(id, 'hr');
    const manager = namesOf(await unacknowledged(id, 'manager'));
    // Marcus's team, walked down the reporting lines here: himself and everyone under him, by number.
    const team = [await employee('manager')];
    for (let i = 0; i < team.length; i++) {
      team.push(...(await h.db.prisma.employee.findMany({ where: { managerId: team[i]!.id } })));
    }
    const byNumber = team.sort((a, b) => a.employeeNumber - b.employeeNumber).map((e) => e.name);
    expect(byNumber).toEqual(expect.arrayContaining(['Marcus Miller', 'Alice Anders', 'Bob Brown']));
    expect(manager).toEqual(byNumber);
    expect(manager).not.toContain('Carol Chen');
    expect(manager.every((n) => namesOf(hr).includes(n))).toBe(true);
    const director = namesOf(await unacknowledged(id, 'director'));
    expect(director).toEqual(await acmeNames({ departmentId: await departmentId('Engineering') }));
    expect(namesOf(await unacknowledged(id, 'alice'))).toEqual(['Alice Anders']);
    await acknowledge(id, 'alice');
    expect(await unacknowledged(id, 'alice')).toMatchObject({ total: 0, employees: [] });
    expect(namesOf(await unacknowledged(id, 'manager'))).toEqual(manager.filter((n) => n !== 'Alice Anders'));
  });

  it('follows today’s scope: someone hired since is asked, someone whose last day has passed is not', async () => {
    const id = await askingPolicy();
    const tenantId = await acme();
    const last = await h.db.prisma.employee.findFirstOrThrow({
      where: { tenantId },
      orderBy: { employeeNumber: 'desc' },
    });
    const hire = await h.db.prisma.employee.create({
      data: {
        tenantId,
        employeeNumber: last.employeeNumber + 1,
        name: 'Nina New',
        email: `nina-${randomUUID()}@acme.test`,
        jobTitle: 'Engineer',
        hireDate: toDbDate(await todayOf(h.db.prisma, 'hr')),
        departmentId: await departmentId('Engineering'),
      },
    });
    const today = await todayOf(h.db.prisma, 'hr');
    const bob = await employee('bob');
    const carol = await employee('carol');
    await h.db.prisma.employee.update({
      where: { id: bob.id },
      data: { terminationDate: toDbDate(addDays(today, -1)) },
    });
    await h.db.prisma.employee.update({ where: { id: carol.id }, data: { terminationDate: toDbDate(today) } });
    try {
      const names = namesOf(await unacknowledged(id));
      expect(names).toContain('Nina New');
      expect(names).not.toContain('Bob Brown');
      expect(names).toContain('Carol Chen'); // her last day is today: still an employee
      expect(names.at(-1)).toBe('Nina New');
      const bobAck = await acknowledge(id, 'bob');
      expect([bobAck.statusCode, bobAck.json().error]).toEqual([409, 'conflict']);
    } finally {
      await h.db.prisma.employee.updateMany({
        where: { id: { in: [bob.id, carol.id] } },
        data: { terminationDate: null },
      });
      await h.db.prisma.employee.delete({ where: { id: hire.id } });
    }
  });

  it('of a policy for some departments lists exactly their people, who alone are told and may acknowledge', async () => {
    const id = await askingPolicy(['Sales', 'Marketing']);
    const expected = await acmeNames({
      departmentId: { in: [await departmentId('Sales'), await departmentId('Marketing')] },
    });
    expect(expected).toEqual(expect.arrayContaining(['Sam Salazar', 'Carol Chen', 'Maya Moreno']));
    const list = await unacknowledged(id);
    expect({ total: list.total, names: namesOf(list) }).toEqual({ total: expected.length, names: expected });
    const told = await requestsTo(id);
    const carolUser = (await employee('carol')).userId!;
    const aliceUser = (await employee('alice')).userId!;
    expect(told.map((n) => n.userId)).toContain(carolUser);
    expect(told.map((n) => n.userId)).not.toContain(aliceUser);
    expect(await pendingSlugs('carol')).toContainEqual([id, 1]);
    expect(await pendingSlugs('alice')).not.toContainEqual([id, 1]);
    const alice = await acknowledge(id, 'alice');
    expect([alice.statusCode, alice.json().error]).toEqual([409, 'conflict']);
    expect((await acknowledge(id, 'carol')).statusCode).toBe(200);
    expect(namesOf(await unacknowledged(id))).toEqual(expected.filter((n) => n !== 'Carol Chen'));
    // Alice still reads the policy: scope is whom it asks, not who may read it.
    expect((await send('alice', 'GET', `/api/playbook/documents/${id}`)).statusCode).toBe(200);
  });

  it('pages by employee number with limit and cursor', async () => {
    const id = await askingPolicy();
    const first = await send('hr', 'GET', `/api/playbook/documents/${id}/unacknowledged?limit=2`);
    expect(namesOf(first.json().data)).toEqual(['Olivia Owens', 'Adam Adler']);
    expect(first.json().data.nextCursor).toBe('2');
    const next = await send('hr', 'GET', `/api/playbook/documents/${id}/unacknowledged?limit=2&cursor=2`);
    expect(namesOf(next.json().data)).toEqual(['Hannah Reyes', 'Diana Diaz']);
  });
});
