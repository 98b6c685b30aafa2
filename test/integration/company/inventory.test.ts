import { randomUUID } from 'node:crypto';
import { addDays } from '../../../engines/leave/dates';
import { createLifecycleProcess } from '../../../engines/lifecycle/createProcess';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { waitFor } from '../../support/waitFor';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * Inventory (company-api.md) through the HTTP API on the real PostgreSQL: items with their category, serial and
 * state machine; assignments, one holder at a time (in the engine and in the database, and under two assignments
 * sent at once); returns to available or to repair; the history of an item and of a person; what a person holds,
 * and what a leaver's offboarding lists; who sees and changes what; the three credential kinds.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const scopes = ['inventory:read', 'inventory:write'] as const;
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, scopes as never));
const send = async (who: DemoKey, method: string, url: string, payload?: object, headers: object = {}) =>
  h.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(await as(who)), ...headers },
    ...(payload ? { payload } : {}),
  });
const idOf = async (who: DemoKey) =>
  (await h.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;
const rows = async () => ({
  items: await h.db.prisma.inventoryItem.count(),
  assignments: await h.db.prisma.inventoryAssignment.count(),
  open: await h.db.prisma.inventoryAssignment.count({ where: { returnedAt: null } }),
});

let n = 0;
const serial = () => `INV-${process.pid}-${++n}`;
interface Item {
  id: string;
  serial: string;
  status: string;
  holder: { employeeId: string; employeeName: string } | null;
}
async function newItem(extra: object = {}): Promise<Item> {
  const res = await send('hr', 'POST', '/api/inventory/items', {
    name: 'MacBook Pro 14',
    category: 'laptop',
    serial: serial(),
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.item;
}
async function assign(itemId: string, who: DemoKey, by: DemoKey = 'hr') {
  return send(by, 'POST', `/api/inventory/items/${itemId}/assign`, { employeeId: await idOf(who) });
}
const statusOf = async (itemId: string) =>
  (await h.db.prisma.inventoryItem.findUniqueOrThrow({ where: { id: itemId } })).status;

describe('inventory items', () => {
  it('are recorded by HR, available, and read back with their details', async () => {
    const res = await send('hr', 'POST', '/api/inventory/items', {
      name: '  iPhone 16  ',
      category: 'phone',
      serial: 'PHONE-0001',
      notes: 'with a case',
    });
    expect(res.statusCode).toBe(201);
    const item = res.json().data.item;
    expect(item).toEqual({
      id: expect.any(String),
      name: 'iPhone 16',
      category: 'phone',
      serial: 'PHONE-0001',
      status: 'available',
      notes: 'with a case',
      holder: null,
      retiredAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await send('hr', 'GET', `/api/inventory/items/${item.id}`)).json().data.item).toEqual(item);
    expect(res.headers['x-audit-id']).toEqual(expect.any(String));
  });

  it('keep a serial unique within the workspace (409, nothing written), not across workspaces', async () => {
    const first = await newItem();
    const before = await rows();
    const again = await send('hr', 'POST', '/api/inventory/items', {
      name: 'Other',
      category: 'monitor',
      serial: first.serial,
    });
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 409,
      body: { error: 'conflict', reason: expect.stringContaining('serial') },
    });
    expect(await rows()).toEqual(before);
    const globex = await send('globexHr', 'POST', '/api/inventory/items', {
      name: 'Globex laptop',
      category: 'laptop',
      serial: first.serial,
    });
    expect(globex.statusCode).toBe(201);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(201) }],
    ['name', { name: 'a\u0000b' }],
    ['category', { category: 'tablet' }],
    ['serial', { serial: ' ' }],
    ['serial', { serial: 'S'.repeat(101) }],
    ['serial', { serial: 'SN\u00001' }],
    ['serial', { serial: 42 }],
    ['notes', { notes: 'n'.repeat(2001) }],
    ['colour', { colour: 'red' }],
  ])('answers 400 naming %s for a bad item, and writes nothing', async (field, bad) => {
    const before = await rows();
    const res = await send('hr', 'POST', '/api/inventory/items', {
      name: 'Monitor',
      category: 'monitor',
      serial: serial(),
      ...bad,
    });
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
    expect(await rows()).toEqual(before);
  });

  it.each([
    ['status', '?status=lost'],
    ['category', '?category=tablet'],
    ['employeeId', '?employeeId=alice'],
    ['limit', '?limit=0'],
    ['limit', '?limit=201'],
    ['cursor', '?cursor=nope'],
    ['colour', '?colour=red'],
  ])('answers 400 naming %s for a bad list query', async (field, query) => {
    const res = await send('hr', 'GET', `/api/inventory/items${query}`);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
  });

  it('answers 400 naming id for an id that is not a uuid, and 404 for an unknown one', async () => {
    const bad = await send('hr', 'GET', '/api/inventory/items/not-a-uuid');
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'bad_request']);
    expect(bad.json().reason).toContain('id');
    const unknown = await send('hr', 'POST', `/api/inventory/items/${randomUUID()}/assign`, {
      employeeId: await idOf('alice'),
    });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'not_found']);
  });

  it('are changed by HR; the serial only until the item is first assigned; a retired item not at all', async () => {
    const item = await newItem();
    const fixed = await send('hr', 'PATCH', `/api/inventory/items/${item.id}`, {
      serial: `${item.serial}-FIXED`,
      notes: 'charger in the box',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data.item).toMatchObject({ serial: `${item.serial}-FIXED`, notes: 'charger in the box' });
    const taken = await send('hr', 'PATCH', `/api/inventory/items/${item.id}`, { serial: (await newItem()).serial });
    expect([taken.statusCode, taken.json().reason]).toEqual([409, expect.stringMatching(/^serial: /)]);
    const cleared = await send('hr', 'PATCH', `/api/inventory/items/${item.id}`, { notes: null });
    expect(cleared.json().data.item.notes).toBeNull();
    const empty = await send('hr', 'PATCH', `/api/inventory/items/${item.id}`, {});
    expect([empty.statusCode, empty.json().error]).toEqual([400, 'bad_request']);

    expect((await assign(item.id, 'alice')).statusCode).toBe(201);
    const renamed = await send('hr', 'PATCH', `/api/inventory/items/${item.id}`, { name: 'MacBook Air' });
    expect(renamed.json().data.item).toMatchObject({ name: 'MacBook Air', status: 'assigned' });
    const reserial = await send('hr', 'PATCH', `/api/inventory/items/${item.id}`, { serial: 'NEW-SERIAL' });
    expect({ status: reserial.statusCode, reason: reserial.json().reason }).toEqual({
      status: 409,
      reason: expect.stringMatching(/^serial: .*assigned/),
    });
    await send('hr', 'POST', `/api/inventory/items/${item.id}/return`, {});
    // Returned, the item still has a history that names its serial.
    const afterReturn = await send('hr', 'PATCH', `/api/inventory/items/${item.id}`, { serial: 'NEW-SERIAL' });
    expect(afterReturn.statusCode).toBe(409);

    expect((await send('hr', 'POST', `/api/inventory/items/${item.id}/retire`)).statusCode).toBe(200);
    const late = await send('hr', 'PATCH', `/api/inventory/items/${item.id}`, { notes: 'gone' });
    expect({ status: late.statusCode, reason: late.json().reason }).toEqual({
      status: 409,
      reason: expect.stringContaining('retired'),
    });
  });
});

describe('the item’s states', () => {
  it('go available → assigned → in_repair → available → retired, and refuse every other move with a 409 naming the state', async () => {
    const item = await newItem();
    const url = `/api/inventory/items/${item.id}`;
    const conflict = async (res: Awaited<ReturnType<typeof send>>, state: string) => {
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 409,
        body: { error: 'conflict', reason: expect.stringContaining(`The item is ${state}`) },
      });
    };
    await conflict(await send('hr', 'POST', `${url}/return`, {}), 'available');
    await conflict(await send('hr', 'POST', `${url}/status`, { status: 'available' }), 'available');

    expect((await assign(item.id, 'alice')).statusCode).toBe(201);
    await conflict(await assign(item.id, 'bob'), 'assigned');
    await conflict(await send('hr', 'POST', `${url}/retire`), 'assigned');
    await conflict(await send('hr', 'POST', `${url}/status`, { status: 'in_repair' }), 'assigned');

    const back = await send('hr', 'POST', `${url}/return`, {
      condition: 'needs_repair',
      conditionNote: 'cracked screen',
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.assignment).toMatchObject({
      open: false,
      returnCondition: 'needs_repair',
      conditionNote: 'cracked screen',
      item: { id: item.id, status: 'in_repair' },
    });
    await conflict(await assign(item.id, 'bob'), 'in_repair');

    const repaired = await send('hr', 'POST', `${url}/status`, { status: 'available' });
    expect(repaired.json().data.item.status).toBe('available');
    expect((await send('hr', 'POST', `${url}/status`, { status: 'in_repair' })).statusCode).toBe(200);
    const retired = await send('hr', 'POST', `${url}/retire`);
    expect(retired.json().data.item).toMatchObject({ status: 'retired', retiredAt: expect.any(String) });

    const before = await rows();
    await conflict(await assign(item.id, 'bob'), 'retired');
    await conflict(await send('hr', 'POST', `${url}/retire`), 'retired');
    await conflict(await send('hr', 'POST', `${url}/status`, { status: 'available' }), 'retired');
    expect(await rows()).toEqual(before);
    expect(await statusOf(item.id)).toBe('retired');
  });

  it.each([
    ['condition', { condition: 'broken' }],
    ['conditionNote', { condition: 'needs_repair' }],
    ['conditionNote', { condition: 'needs_repair', conditionNote: 'x'.repeat(2001) }],
    ['conditionNote', { conditionNote: 'ok\u0000' }],
    ['when', { when: 'now' }],
  ])('answers 400 naming %s for a bad return, and keeps the item assigned', async (field, bad) => {
    const item = await newItem();
    await assign(item.id, 'alice');
    const before = await rows();
    const res = await send('hr', 'POST', `/api/inventory/items/${item.id}/return`, bad);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
    expect(await rows()).toEqual(before);
    expect(await statusOf(item.id)).toBe('assigned');
  });

  it.each([
    ['status', { status: 'retired' }],
    ['status', { status: 'assigned' }],
    ['status', {}],
  ])('answers 400 naming %s for a bad status change', async (field, bad) => {
    const item = await newItem();
    const res = await send('hr', 'POST', `/api/inventory/items/${item.id}/status`, bad);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
    expect(await statusOf(item.id)).toBe('available');
  });
});

describe('assignments', () => {
  it('hand an item to one person, who is told; its webhook goes to those who see them', async () => {
    const managersHook = await queuedWebhookOf(h.db.prisma, 'manager', ['inventory.item.assigned']);
    const salesHook = await queuedWebhookOf(h.db.prisma, 'salesManager', ['inventory.item.assigned']);
    const item = await newItem({ name: 'Office badge', category: 'badge' });
    const res = await send('hr', 'POST', `/api/inventory/items/${item.id}/assign`, {
      employeeId: await idOf('alice'),
      note: 'badge for floor 3',
    });
    expect(res.statusCode).toBe(201);
    const assignment = res.json().data.assignment;
    expect(assignment).toEqual({
      id: expect.any(String),
      item: { id: item.id, name: 'Office badge', category: 'badge', serial: item.serial, status: 'assigned' },
      employeeId: await idOf('alice'),
      employeeName: 'Alice Anders',
      note: 'badge for floor 3',
      assignedAt: expect.any(String),
      assignedByUserId: expect.any(String),
      open: true,
      returnedAt: null,
      returnedByUserId: null,
      returnCondition: null,
      conditionNote: null,
    });
    expect((await send('hr', 'GET', `/api/inventory/items/${item.id}`)).json().data.item.holder).toMatchObject({
      assignmentId: assignment.id,
      employeeName: 'Alice Anders',
    });
    const told = await h.db.prisma.notification.findMany({
      where: { kind: 'inventory.item_assigned', data: { path: ['assignmentId'], equals: assignment.id } },
    });
    expect(told.map((t) => t.title)).toEqual(['Assigned to you: Office badge']);
    const delivered = await managersHook.deliveries();
    expect(
      delivered.map((d) => [d.eventType, (d.payload as { data: { assignment: { id: string } } }).data.assignment.id]),
    ).toEqual([['inventory.item.assigned', assignment.id]]);
    expect(await salesHook.deliveries()).toEqual([]);
    // The audit record is chained after the answer (the audit's pending queue): wait for it.
    await waitFor('the audit record of the assignment', async () =>
      (
        await h.db.prisma.auditRecord.findMany({ where: { operation: 'assign_inventory_item', outcome: 'success' } })
      ).some((a) => JSON.stringify(a.arguments).includes(item.id)),
    );
  });

  it('takes two assignments of one item sent at once as one success and one 409: one holder', async () => {
    for (let round = 0; round < 5; round++) {
      const item = await newItem();
      const [a, b] = await Promise.all([assign(item.id, 'alice'), assign(item.id, 'bob')]);
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
      const loser = a!.statusCode === 409 ? a! : b!;
      expect(loser.json().reason).toContain('The item is assigned');
      expect(await h.db.prisma.inventoryAssignment.count({ where: { itemId: item.id, returnedAt: null } })).toBe(1);
    }
  });

  it('holds one open assignment per item in the database itself, whatever writes it', async () => {
    const item = await newItem();
    const made = (await assign(item.id, 'alice')).json().data.assignment;
    const open = await h.db.prisma.inventoryAssignment.findUniqueOrThrow({ where: { id: made.id } });
    await expect(
      h.db.prisma.inventoryAssignment.create({
        data: {
          tenantId: open.tenantId,
          itemId: item.id,
          employeeId: await idOf('bob'),
          openItemId: item.id,
          assignedByUserId: open.assignedByUserId,
        },
      }),
    ).rejects.toMatchObject({ code: 'P2002' });
    expect(await h.db.prisma.inventoryAssignment.count({ where: { itemId: item.id } })).toBe(1);
  });

  it.each([
    ['employeeId', { employeeId: 'alice' }],
    ['employeeId', { employeeId: null }],
    ['employeeId', { employeeId: '00000000-0000-4000-8000-000000000000' }],
    ['note', { note: 'n'.repeat(2001) }],
    ['note', { note: 'a\u0000' }],
    ['until', { until: '2027-01-01' }],
  ])('answers 400 naming %s for a bad assignment, and writes nothing', async (field, bad) => {
    const item = await newItem();
    const before = await rows();
    const res = await send('hr', 'POST', `/api/inventory/items/${item.id}/assign`, {
      employeeId: await idOf('alice'),
      ...bad,
    });
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
    expect(await rows()).toEqual(before);
    expect(await statusOf(item.id)).toBe('available');
  });

  it('does not hand an item to someone who has left (409), nor to someone of another workspace (400)', async () => {
    const item = await newItem();
    const acme = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const top = await h.db.prisma.employee.aggregate({ where: { tenantId: acme.id }, _max: { employeeNumber: true } });
    const leaver = await h.db.prisma.employee.create({
      data: {
        tenantId: acme.id,
        employeeNumber: top._max.employeeNumber! + 1,
        name: 'Lou Left',
        email: `lou.left.${process.pid}@acme.test`,
        jobTitle: 'Former',
        hireDate: new Date('2020-01-06T00:00:00.000Z'),
        terminationDate: new Date(`${addDays(await todayOf(h.db.prisma, 'hr'), -1)}T00:00:00.000Z`),
      },
    });
    const before = await rows();
    const left = await send('hr', 'POST', `/api/inventory/items/${item.id}/assign`, { employeeId: leaver.id });
    expect({ status: left.statusCode, reason: left.json().reason }).toEqual({
      status: 409,
      reason: expect.stringContaining('left on'),
    });
    const dan = (await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'dan@globex.test' } })).id;
    const other = await send('hr', 'POST', `/api/inventory/items/${item.id}/assign`, { employeeId: dan });
    expect([other.statusCode, other.json().reason]).toEqual([400, expect.stringContaining('employeeId')]);
    expect(await rows()).toEqual(before);
  });

  it('close on return: the item is available again, the holder told, the history kept', async () => {
    const item = await newItem();
    const first = (await assign(item.id, 'alice')).json().data.assignment;
    const back = await send('hr', 'POST', `/api/inventory/items/${item.id}/return`, { conditionNote: 'like new' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.assignment).toMatchObject({
      id: first.id,
      open: false,
      returnedAt: expect.any(String),
      returnCondition: 'good',
      conditionNote: 'like new',
      item: { status: 'available' },
    });
    expect(
      await h.db.prisma.notification.count({
        where: { kind: 'inventory.item_returned', data: { path: ['assignmentId'], equals: first.id } },
      }),
    ).toBe(1);
    const second = (await assign(item.id, 'bob')).json().data.assignment;
    const history = await send('hr', 'GET', `/api/inventory/assignments?itemId=${item.id}`);
    expect(history.json().data.assignments.map((a: { id: string; open: boolean }) => [a.id, a.open])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const openOnly = await send('hr', 'GET', `/api/inventory/assignments?itemId=${item.id}&open=true`);
    expect(openOnly.json().data.assignments.map((a: { id: string }) => a.id)).toEqual([second.id]);
    const returned = await send('hr', 'GET', `/api/inventory/assignments?itemId=${item.id}&open=false`);
    expect(returned.json().data.assignments.map((a: { id: string }) => a.id)).toEqual([first.id]);
  });
});

describe('what people hold, and who sees it', () => {
  it('shows a person their own, a manager their team’s, HR everyone’s; 404 out of sight', async () => {
    const alices = await newItem({ name: 'Alice’s laptop' });
    const carols = await newItem({ name: 'Carol’s phone', category: 'phone' });
    await assign(alices.id, 'alice');
    await assign(carols.id, 'carol');
    const alice = await idOf('alice');
    const holdingsUrl = `/api/inventory/holdings?employeeId=${alice}`;
    for (const who of ['alice', 'manager', 'director', 'hr', 'admin', 'owner'] as const) {
      const res = await send(who, 'GET', holdingsUrl);
      expect([who, res.statusCode]).toEqual([who, 200]);
      expect(res.json().data.holdings.map((a: { item: { id: string } }) => a.item.id)).toContain(alices.id);
    }
    for (const who of ['bob', 'carol', 'salesManager', 'globexHr'] as const) {
      expect([who, (await send(who, 'GET', holdingsUrl)).statusCode]).toEqual([who, 404]);
      expect([who, (await send(who, 'GET', `/api/inventory/items/${alices.id}`)).statusCode]).toEqual([who, 404]);
    }
    // By default one's own.
    const own = await send('alice', 'GET', '/api/inventory/holdings');
    expect(own.json().data.employeeId).toBe(alice);
    expect(own.json().data.holdings.every((a: { employeeId: string }) => a.employeeId === alice)).toBe(true);

    const itemsOf = async (who: DemoKey, query = '') =>
      (await send(who, 'GET', `/api/inventory/items?limit=200${query}`)).json().data.items.map((i: Item) => i.id);
    expect(await itemsOf('alice')).toContain(alices.id);
    expect(await itemsOf('alice')).not.toContain(carols.id);
    expect(await itemsOf('manager')).toContain(alices.id);
    expect(await itemsOf('manager')).not.toContain(carols.id);
    expect(await itemsOf('hr')).toEqual(expect.arrayContaining([alices.id, carols.id]));
    expect(await itemsOf('hr', `&employeeId=${alice}`)).toContain(alices.id);
    expect(await itemsOf('hr', `&employeeId=${alice}`)).not.toContain(carols.id);
    expect(await itemsOf('hr', '&category=phone')).not.toContain(alices.id);
    expect(await itemsOf('hr', '&status=assigned')).toEqual(expect.arrayContaining([alices.id, carols.id]));
    expect(await itemsOf('hr', '&status=available')).not.toContain(alices.id);

    const historyOf = async (who: DemoKey) =>
      (await send(who, 'GET', '/api/inventory/assignments?limit=200'))
        .json()
        .data.assignments.map((a: { employeeName: string }) => a.employeeName);
    expect(new Set(await historyOf('alice'))).toEqual(new Set(['Alice Anders']));
    expect(await historyOf('salesManager')).toContain('Carol Chen');
    expect(await historyOf('salesManager')).not.toContain('Alice Anders');
  });

  it('pages the lists with limit and cursor, newest first', async () => {
    const made = [await newItem(), await newItem(), await newItem()];
    const first = (await send('hr', 'GET', '/api/inventory/items?limit=2')).json().data;
    expect(first.items.map((i: Item) => i.id)).toEqual([made[2]!.id, made[1]!.id]);
    const second = (await send('hr', 'GET', `/api/inventory/items?limit=2&cursor=${first.nextCursor}`)).json().data;
    expect(second.items[0].id).toBe(made[0]!.id);
  });

  it('lists what a leaver holds on their offboarding, for who sees them; not for who only has a task in it', async () => {
    const acme = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const top = await h.db.prisma.employee.aggregate({ where: { tenantId: acme.id }, _max: { employeeNumber: true } });
    const leaver = await h.db.prisma.employee.create({
      data: {
        tenantId: acme.id,
        employeeNumber: top._max.employeeNumber! + 1,
        name: 'Lena Leaving',
        email: `lena.leaving.${process.pid}@acme.test`,
        jobTitle: 'Engineer',
        hireDate: new Date('2021-03-01T00:00:00.000Z'),
        managerId: await idOf('manager'),
      },
    });
    const laptop = await newItem({ name: 'Lena’s laptop' });
    const badge = await newItem({ name: 'Lena’s badge', category: 'badge' });
    const returned = await newItem({ name: 'Returned monitor', category: 'monitor' });
    for (const item of [laptop, badge, returned]) {
      await send('hr', 'POST', `/api/inventory/items/${item.id}/assign`, { employeeId: leaver.id });
    }
    await send('hr', 'POST', `/api/inventory/items/${returned.id}/return`, {});
    const anchorDate = addDays(await todayOf(h.db.prisma, 'hr'), 20);
    const { processId } = await h.db.prisma.$transaction((tx) =>
      createLifecycleProcess(tx, {
        tenantId: acme.id,
        kind: 'offboarding',
        employeeId: leaver.id,
        anchorDate,
        source: 'manual',
      }),
    );
    const task = await h.db.prisma.lifecycleTask.findFirstOrThrow({
      where: { processId },
      orderBy: { position: 'asc' },
    });
    await h.db.prisma.lifecycleTask.update({
      where: { id: task.id },
      data: { assigneeEmployeeId: await idOf('carol') },
    });

    const read = async (who: DemoKey) =>
      h.app.inject({
        method: 'GET',
        url: `/api/offboarding/processes/${processId}`,
        headers: bearer(await tokenFor(h.db.prisma, who, ['offboarding:read'])),
      });
    for (const who of ['hr', 'manager'] as const) {
      const res = await read(who);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().data.equipment.map((a: { item: { id: string }; open: boolean }) => [a.item.id, a.open]),
      ).toEqual([
        [laptop.id, true],
        [badge.id, true],
      ]);
    }
    const carol = await read('carol');
    expect(carol.statusCode).toBe(200);
    expect(carol.json().data).not.toHaveProperty('equipment');
  });
});

describe('credentials and scopes', () => {
  it('takes a personal access token, a delegated credential and a company API key alike', async () => {
    for (const kind of ['personal_access_token', 'delegated_credential', 'company_api_key'] as const) {
      const token = await tokenFor(h.db.prisma, 'hr', ['inventory:read', 'inventory:write'], { kind });
      const made = await h.app.inject({
        method: 'POST',
        url: '/api/inventory/items',
        headers: bearer(token),
        payload: { name: `By ${kind}`, category: 'other', serial: serial() },
      });
      expect([kind, made.statusCode]).toEqual([kind, 201]);
      const read = await h.app.inject({
        method: 'GET',
        url: `/api/inventory/items/${made.json().data.item.id}`,
        headers: bearer(token),
      });
      expect([kind, read.statusCode]).toEqual([kind, 200]);
    }
  });

  it('answers 401 without a valid credential, 403 without the scope or the role, and writes nothing', async () => {
    const before = await rows();
    const body = { name: 'X', category: 'other', serial: serial() };
    const none = await h.app.inject({ method: 'POST', url: '/api/inventory/items', payload: body });
    expect([none.statusCode, none.json().error]).toEqual([401, 'unauthorized']);
    const readOnly = await h.app.inject({
      method: 'POST',
      url: '/api/inventory/items',
      headers: bearer(await tokenFor(h.db.prisma, 'hr', ['inventory:read'])),
      payload: body,
    });
    expect([readOnly.statusCode, readOnly.json().error]).toEqual([403, 'forbidden']);
    const noRead = await h.app.inject({
      method: 'GET',
      url: '/api/inventory/items',
      headers: bearer(await tokenFor(h.db.prisma, 'hr', ['inventory:write'])),
    });
    expect(noRead.statusCode).toBe(403);
    for (const who of ['alice', 'manager', 'director'] as const) {
      const res = await send(who, 'POST', '/api/inventory/items', body);
      expect([who, res.statusCode, res.json().error]).toEqual([who, 403, 'forbidden']);
    }
    const item = await newItem();
    const byManager = await assign(item.id, 'alice', 'manager');
    expect(byManager.statusCode).toBe(403);
    expect((await rows()).items).toBe(before.items + 1);
    expect(await statusOf(item.id)).toBe('available');
  });

  it('makes one item of a create sent twice with one Idempotency-Key; another body with it answers 422', async () => {
    // One credential: a key is remembered per workspace and credential.
    const headers = { ...(await as('hr')), 'idempotency-key': `inventory-once-${process.pid}` };
    const payload = { name: 'Dock', category: 'other', serial: serial() };
    const post = (body: object) =>
      h.app.inject({ method: 'POST', url: '/api/inventory/items', headers, payload: body });
    const before = await rows();
    const first = await post(payload);
    const second = await post(payload);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const other = await post({ ...payload, serial: serial() });
    expect([other.statusCode, other.json().error]).toEqual([422, 'idempotency_key_reused']);
    expect((await rows()).items).toBe(before.items + 1);
  });
});
