import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';

/**
 * The People area of the company API (company-api.md): get, create, update, terminate through the HTTP API, with
 * the three credential kinds, field-level access, the organisation's rules and the company error shape.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const sensitive = ['dateOfBirth', 'homeAddress', 'nationalId', 'bankAccountIban', 'terminationReason'];
const iban = 'DE89 3704 0044 0532 0130 00';

async function employeeIdOf(who: string): Promise<string> {
  return (await h.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;
}
const departmentIdOf = async (name: string) =>
  (
    await h.db.prisma.department.findFirstOrThrow({
      where: { name, tenant: { domain: 'acme.test' } },
    })
  ).id;

async function as(who: DemoKey, scopes: Parameters<typeof tokenFor>[2] = ['people:read', 'people:write']) {
  return bearer(await tokenFor(h.db.prisma, who, scopes));
}

function send(headers: Record<string, string>, method: string, url: string, payload?: object) {
  return h.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
}

let created = 0;
const newPerson = (extra: object = {}) => ({
  name: `New Hire ${++created}`,
  email: `new.hire.${created}.${Date.now()}@acme.test`,
  jobTitle: 'Designer',
  hireDate: '2026-12-01',
  ...extra,
});

describe('create_person', () => {
  it('adds an employee with the next number and tells the manager', async () => {
    const hr = await as('hr');
    const managerId = await employeeIdOf('manager');
    const acme = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const before = await h.db.prisma.employee.aggregate({
      where: { tenantId: acme.id },
      _max: { employeeNumber: true },
    });
    const body = newPerson({
      managerId,
      departmentId: await departmentIdOf('Engineering'),
      dateOfBirth: '1990-04-02',
      bankAccountIban: iban,
      customFields: { tShirt: 'M', remote: true },
    });
    const res = await send(hr, 'POST', '/api/people', body);
    expect(res.statusCode).toBe(201);
    const person = res.json().data.person;
    expect(person).toMatchObject({
      employeeId: before._max.employeeNumber! + 1,
      name: body.name,
      email: body.email,
      managerId,
      manager: 'Marcus Miller',
      department: 'Engineering',
      status: 'active',
      dateOfBirth: '1990-04-02',
      bankAccountIban: 'DE89370400440532013000',
      customFields: { tShirt: 'M', remote: true },
      employmentType: 'full_time',
    });
    const managerUser = await h.db.prisma.user.findUniqueOrThrow({ where: { email: 'manager@acme.test' } });
    const notes = await h.db.prisma.notification.findMany({
      where: { userId: managerUser.id, kind: 'people.new_report' },
    });
    expect(notes.map((n) => n.title)).toContain(`${body.name} now reports to you`);
  });

  it('works with a company API key and a delegated credential of HR as well', async () => {
    for (const kind of ['company_api_key', 'delegated_credential'] as const) {
      const key = await tokenFor(h.db.prisma, 'hr', ['people:write'], { kind });
      const res = await send(bearer(key), 'POST', '/api/people', newPerson());
      expect({ kind, status: res.statusCode }).toEqual({ kind, status: 201 });
    }
  });

  it.each([
    ['name', { name: '' }],
    ['email', { email: 'not-an-address' }],
    ['hireDate', { hireDate: '2026-02-30' }],
    ['hireDate', { hireDate: '1800-01-01' }],
    ['bankAccountIban', { bankAccountIban: 'DE89 3704 0044 0532 0130 01' }],
    ['phone', { phone: 'call me' }],
    ['employmentType', { employmentType: 'intern' }],
    ['customFields', { customFields: { '1bad': 'x' } }],
    ['customFields', { customFields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i])) }],
    ['managerId', { managerId: 'not-a-uuid' }],
    ['managerId', { managerId: '00000000-0000-4000-8000-000000000000' }],
    ['departmentId', { departmentId: '00000000-0000-4000-8000-000000000000' }],
    ['name', { name: 'nul\u0000byte' }],
    ['salary', { salary: 1 }],
  ])('answers 400 naming %s, and writes nothing', async (field, extra) => {
    const hr = await as('hr');
    const count = await h.db.prisma.employee.count();
    const res = await send(hr, 'POST', '/api/people', newPerson(extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining(field) });
    expect(await h.db.prisma.employee.count()).toBe(count);
  });

  it('answers 409 for an e-mail address another employee has', async () => {
    const res = await send(await as('hr'), 'POST', '/api/people', newPerson({ email: 'alice@acme.test' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', reason: expect.stringContaining('email') });
  });

  it('refuses anyone below HR, whatever their scopes', async () => {
    for (const who of ['alice', 'manager', 'director'] as const) {
      const res = await send(await as(who), 'POST', '/api/people', newPerson());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', reason: expect.stringContaining('HR_MANAGER') });
    }
  });

  it('replays an Idempotency-Key: one employee, the same answer', async () => {
    const headers = { ...(await as('hr')), 'idempotency-key': `create-person-${Date.now()}` };
    const body = newPerson();
    const first = await send(headers, 'POST', '/api/people', body);
    const second = await send(headers, 'POST', '/api/people', body);
    expect(first.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await h.db.prisma.employee.count({ where: { email: body.email } })).toBe(1);
  });
});

describe('webhook events', () => {
  it('sends people.employee.* to webhooks whose creator sees the person, naming fields, never their values', async () => {
    const tenant = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const webhookOf = async (email: string) =>
      (
        await h.db.prisma.agentWebhook.create({
          data: {
            tenantId: tenant.id,
            createdByUserId: (await h.db.prisma.user.findUniqueOrThrow({ where: { email } })).id,
            url: 'https://203.0.113.10/hooks',
            events: ['people.employee.created', 'people.employee.updated'],
            status: 'enabled',
            secretCiphertext: 'unused: this test reads the queued deliveries, nothing is sent',
            secretHint: 'whsec_…',
          },
        })
      ).id;
    const hrHook = await webhookOf('hr@acme.test');
    const aliceHook = await webhookOf('alice@acme.test');
    const hr = await as('hr');
    const person = (await send(hr, 'POST', '/api/people', newPerson())).json().data.person;
    await send(hr, 'PATCH', `/api/people/${person.id}`, { nationalId: 'ZZ999999Z', jobTitle: 'Lead Designer' });
    const deliveries = await h.db.prisma.webhookDelivery.findMany({
      where: { webhookId: { in: [hrHook, aliceHook] } },
      orderBy: { createdAt: 'asc' },
    });
    expect(deliveries.map((d) => [d.webhookId, d.eventType])).toEqual([
      [hrHook, 'people.employee.created'],
      [hrHook, 'people.employee.updated'],
    ]);
    expect(JSON.stringify(deliveries[1]!.payload)).toContain('"changedFields":["jobTitle","nationalId"]');
    expect(JSON.stringify(deliveries)).not.toContain('ZZ999999Z');
  });
});

describe('get_person and field-level access', () => {
  let aliceId: string;
  beforeAll(async () => {
    aliceId = await employeeIdOf('alice');
    await h.db.prisma.employee.update({
      where: { id: aliceId },
      data: { dateOfBirth: new Date('1992-03-04T00:00:00Z'), nationalId: 'AB123456C', homeAddress: '1 Main St' },
    });
  });

  it.each([
    ['alice', true],
    ['hr', true],
    ['admin', true],
    ['owner', true],
    ['manager', false],
    ['director', false],
  ] as const)('%s reads Alice; sensitive fields shown: %s', async (who, shown) => {
    const res = await send(await as(who, ['people:read']), 'GET', `/api/people/${aliceId}`);
    expect(res.statusCode).toBe(200);
    const person = res.json().data.person;
    expect(person.name).toBe('Alice Anders');
    for (const field of sensitive) expect({ field, present: field in person }).toEqual({ field, present: shown });
    if (shown) expect(person.nationalId).toBe('AB123456C');
    else expect(res.body).not.toContain('AB123456C');
  });

  it('answers 404, not 403, for a person outside the caller’s visibility and for another workspace', async () => {
    const bobId = await employeeIdOf('bob');
    const alice = await send(await as('alice', ['people:read']), 'GET', `/api/people/${bobId}`);
    expect(alice.statusCode).toBe(404);
    expect(alice.json()).toEqual({ error: 'not_found', reason: expect.any(String) });
    const globex = bearer(await tokenFor(h.db.prisma, 'globexHr', ['people:read'], { kind: 'company_api_key' }));
    const other = await send(globex, 'GET', `/api/people/${aliceId}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Alice');
  });

  it('answers 401 and 403 in the company shape', async () => {
    const none = await send({}, 'GET', `/api/people/${aliceId}`);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'unauthorized', reason: expect.any(String) });
    const noScope = await send(await as('hr', ['leave:read']), 'GET', `/api/people/${aliceId}`);
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json()).toEqual({ error: 'forbidden', reason: expect.stringContaining('people:read') });
    const bad = await send(await as('hr'), 'GET', '/api/people/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining('id') });
  });
});

describe('update_person', () => {
  it('lets a person change their own phone and bank account, not their job title', async () => {
    const bobId = await employeeIdOf('bob');
    const bob = await as('bob');
    const own = await send(bob, 'PATCH', `/api/people/${bobId}`, { phone: '+49 30 1234567', bankAccountIban: iban });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.person).toMatchObject({
      phone: '+49 30 1234567',
      bankAccountIban: 'DE89370400440532013000',
    });
    const before = await h.db.prisma.employee.findUniqueOrThrow({ where: { id: bobId } });
    const title = await send(bob, 'PATCH', `/api/people/${bobId}`, { jobTitle: 'CTO', phone: '+1 555 0100' });
    expect(title.statusCode).toBe(403);
    expect(title.json()).toEqual({ error: 'forbidden', reason: expect.stringContaining('jobTitle') });
    expect(await h.db.prisma.employee.findUniqueOrThrow({ where: { id: bobId } })).toEqual(before);
  });

  it('lets a manager see but not change their report', async () => {
    const res = await send(await as('manager'), 'PATCH', `/api/people/${await employeeIdOf('bob')}`, {
      phone: '+1 555 0199',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toContain('of another person');
  });

  it('refuses a manager change that makes a cycle, and writes nothing', async () => {
    const directorId = await employeeIdOf('director');
    const aliceId = await employeeIdOf('alice');
    // Alice reports to the manager, who reports to the director: the director cannot report to Alice.
    const res = await send(await as('hr'), 'PATCH', `/api/people/${directorId}`, { managerId: aliceId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining('cycle') });
    const self = await send(await as('hr'), 'PATCH', `/api/people/${aliceId}`, { managerId: aliceId });
    expect(self.statusCode).toBe(400);
    expect((await h.db.prisma.employee.findUniqueOrThrow({ where: { id: directorId } })).managerId).not.toBe(aliceId);
  });

  it('never makes a cycle when two opposite changes race', async () => {
    const hr = await as('hr');
    const a = (await send(hr, 'POST', '/api/people', newPerson())).json().data.person.id;
    const b = (await send(hr, 'POST', '/api/people', newPerson())).json().data.person.id;
    const [ab, ba] = await Promise.all([
      send(hr, 'PATCH', `/api/people/${a}`, { managerId: b }),
      send(hr, 'PATCH', `/api/people/${b}`, { managerId: a }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 400]);
  });

  it('answers 400 for an empty change and for clearing a required field', async () => {
    const id = await employeeIdOf('bob');
    const empty = await send(await as('hr'), 'PATCH', `/api/people/${id}`, {});
    expect(empty.statusCode).toBe(400);
    const cleared = await send(await as('hr'), 'PATCH', `/api/people/${id}`, { name: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().reason).toContain('name');
  });
});

describe('terminate_person', () => {
  it('records the last day once, warns about reports, tells the manager; the person reads as leaving', async () => {
    const hr = await as('hr');
    const boss = (await send(hr, 'POST', '/api/people', newPerson({ managerId: await employeeIdOf('manager') }))).json()
      .data.person;
    await send(hr, 'POST', '/api/people', newPerson({ managerId: boss.id }));
    const res = await send(hr, 'POST', `/api/people/${boss.id}/terminate`, {
      terminationDate: '2027-01-31',
      reason: 'Moving abroad',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.person).toMatchObject({ status: 'leaving', terminationDate: '2027-01-31' });
    expect(res.json().data.warnings).toEqual([expect.stringContaining('1 person reports')]);
    const again = await send(hr, 'POST', `/api/people/${boss.id}/terminate`, {
      terminationDate: '2027-02-28',
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', reason: expect.stringContaining('2027-01-31') });
    const manager = await send(await as('manager'), 'GET', `/api/people/${boss.id}`);
    expect(manager.json().data.person.status).toBe('leaving');
    expect(manager.json().data.person).not.toHaveProperty('terminationReason');
  });

  it('reads a past last day as terminated, and refuses a last day before the hire date', async () => {
    const hr = await as('hr');
    const p = (await send(hr, 'POST', '/api/people', newPerson({ hireDate: '2020-01-01' }))).json().data.person;
    const early = await send(hr, 'POST', `/api/people/${p.id}/terminate`, {
      terminationDate: '2019-12-31',
      reason: 'x',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().reason).toContain('terminationDate');
    const past = await send(hr, 'POST', `/api/people/${p.id}/terminate`, {
      terminationDate: '2026-11-01',
      reason: 'x',
    });
    expect(past.json().data.person.status).toBe('terminated');
  });
});

describe('list_people', () => {
  it('answers for a personal access token with people:read, following the user’s role', async () => {
    const res = await send(await as('manager', ['people:read']), 'GET', '/api/people?limit=200');
    expect(res.statusCode).toBe(200);
    const emails = res.json().data.people.map((p: { email: string }) => p.email);
    expect(emails).toEqual(expect.arrayContaining(['manager@acme.test', 'alice@acme.test', 'bob@acme.test']));
    expect(emails).not.toContain('owner@acme.test');
  });
});
