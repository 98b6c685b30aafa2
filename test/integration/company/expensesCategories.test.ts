import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { yesterdayOf } from '../../support/expenses';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * Expense categories (company-api.md, Expenses) through the HTTP API: the demo's, HR's changes to them, and what a
 * change does to lines written before and after it.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const as = async (who: DemoKey, scopes = ['expenses:read', 'expenses:write']) =>
  bearer(await tokenFor(h.db.prisma, who, scopes as never));
const send = async (who: DemoKey, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers: await as(who), ...(payload ? { payload } : {}) });
const rows = async () => ({
  categories: await h.db.prisma.expenseCategory.count(),
  deliveries: await h.db.prisma.webhookDelivery.count(),
});
const money = (amountMinor: number, currency: string) => ({ amountMinor, currency });

describe('expense categories', () => {
  it('lists the demo categories, Acme’s in EUR and Globex’s in USD, to everyone', async () => {
    const acme = (await send('alice', 'GET', '/api/expenses/categories')).json().data;
    expect(acme.nextCursor).toBeNull();
    expect(
      acme.categories.map((c: { name: string; limit: unknown; limitAction: string }) => [
        c.name,
        c.limit,
        c.limitAction,
      ]),
    ).toEqual([
      ['Travel', money(150_000, 'EUR'), 'flag'],
      ['Taxi', money(10_000, 'EUR'), 'refuse'],
      ['Meals', money(6_000, 'EUR'), 'flag'],
      ['Accommodation', money(25_000, 'EUR'), 'flag'],
      ['Mileage', null, 'flag'],
      ['Office supplies', money(20_000, 'EUR'), 'refuse'],
    ]);
    expect(acme.categories[1]).toMatchObject({ receiptRequiredAbove: money(5_000, 'EUR'), mileageRate: null });
    expect(acme.categories[4]).toMatchObject({ mileageRate: money(30, 'EUR'), receiptRequiredAbove: null });
    expect(acme.categories[3].receiptRequiredAbove).toEqual(money(0, 'EUR'));
    const globex = (await send('dan', 'GET', '/api/expenses/categories?limit=2')).json().data;
    expect(globex.categories.map((c: { name: string; currency: string }) => [c.name, c.currency])).toEqual([
      ['Travel', 'USD'],
      ['Taxi', 'USD'],
    ]);
    const next = (await send('dan', 'GET', `/api/expenses/categories?limit=200&cursor=${globex.nextCursor}`)).json();
    expect(next.data.categories).toHaveLength(4);
    expect(JSON.stringify(next)).not.toContain('EUR');
  });

  it('lets HR make one (with a webhook event), never twice under one name, and nobody else', async () => {
    const hook = await queuedWebhookOf(h.db.prisma, 'alice', ['expenses.category.created']);
    const made = await send('hr', 'POST', '/api/expenses/categories', {
      name: 'Conference fees',
      currency: 'EUR',
      limitMinor: 80_000,
      limitAction: 'refuse',
      receiptRequiredAboveMinor: 0,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.category).toMatchObject({
      name: 'Conference fees',
      limit: money(80_000, 'EUR'),
      limitAction: 'refuse',
      receiptRequiredAbove: money(0, 'EUR'),
      mileageRate: null,
      active: true,
    });
    expect((await hook.deliveries()).map((d) => d.eventType)).toEqual(['expenses.category.created']);

    const before = await rows();
    const again = await send('admin', 'POST', '/api/expenses/categories', { name: 'conference FEES', currency: 'EUR' });
    expect([again.statusCode, again.json().error]).toEqual([409, 'conflict']);
    expect(again.json().reason).toContain('Conference fees');
    const denied = await send('manager', 'POST', '/api/expenses/categories', { name: 'Gym', currency: 'EUR' });
    expect([denied.statusCode, denied.json()]).toEqual([
      403,
      { error: 'forbidden', reason: 'Only an HR_MANAGER, ADMIN or OWNER may make expense categories' },
    ]);
    const cases: Array<[object, string]> = [
      [{ name: '', currency: 'EUR' }, 'name'],
      [{ name: 'x'.repeat(101), currency: 'EUR' }, 'name'],
      [{ name: 'Gym', currency: 'eur' }, 'currency'],
      [{ name: 'Gym', currency: 'XYZ' }, 'currency'],
      [{ name: 'Gym' }, 'currency'],
      [{ name: 'Gym', currency: 'EUR', limitMinor: 0 }, 'limitMinor'],
      [{ name: 'Gym', currency: 'EUR', limitMinor: 12.5 }, 'limitMinor'],
      [{ name: 'Gym', currency: 'EUR', limitMinor: '100' }, 'limitMinor'],
      [{ name: 'Gym', currency: 'EUR', limitAction: 'block' }, 'limitAction'],
      [{ name: 'Gym', currency: 'EUR', receiptRequiredAboveMinor: -1 }, 'receiptRequiredAboveMinor'],
      [{ name: 'Gym', currency: 'EUR', mileageRateMinor: 1e13 }, 'mileageRateMinor'],
      [{ name: 'Gym', currency: 'EUR', active: 'yes' }, 'active'],
      [{ name: 'Gym', currency: 'EUR', colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await send('hr', 'POST', '/api/expenses/categories', body);
      expect({ body, status: res.statusCode, error: res.json().error }).toEqual({
        body,
        status: 400,
        error: 'bad_request',
      });
      expect(res.json().reason).toContain(field);
    }
    expect(await rows()).toEqual(before);
  });

  it('applies a changed limit to lines written after the change; a deactivated one takes no new line', async () => {
    const { id } = (
      await send('hr', 'POST', '/api/expenses/categories', { name: 'Parking', currency: 'EUR', limitMinor: 2_000 })
    ).json().data.category;
    const date = await yesterdayOf(h.db.prisma, 'alice');
    const line = { category: 'parking', date, description: 'Airport parking', amountMinor: 2_500 };
    const draft = (await send('alice', 'POST', '/api/expenses/claims', { title: 'Trip', lines: [line] })).json().data
      .claim;
    expect(draft.lines[0]).toMatchObject({ category: { id, name: 'Parking' }, flags: ['over_limit'] });

    const changed = await send('hr', 'PATCH', `/api/expenses/categories/${id}`, { limitMinor: 3_000 });
    expect(changed.json().data.category.limit).toEqual(money(3_000, 'EUR'));
    const kept = (await send('alice', 'GET', `/api/expenses/claims/${draft.id}`)).json().data.claim;
    expect(kept.lines[0].flags).toEqual(['over_limit']);
    const rewritten = await send('alice', 'PATCH', `/api/expenses/claims/${draft.id}`, { lines: [line] });
    expect(rewritten.json().data.claim).toMatchObject({ flags: [], lines: [{ flags: [] }] });

    const off = await send('hr', 'PATCH', `/api/expenses/categories/${id}`, { active: false, limitMinor: null });
    expect(off.json().data.category).toMatchObject({ active: false, limit: null });
    const listed = async (query: string) =>
      (await send('alice', 'GET', `/api/expenses/categories${query}`))
        .json()
        .data.categories.map((c: { id: string }) => c.id);
    expect(await listed('')).not.toContain(id);
    expect(await listed('?includeInactive=true&limit=200')).toContain(id);
    const refused = await send('alice', 'POST', '/api/expenses/claims', { title: 'Trip', lines: [line] });
    expect([refused.statusCode, refused.json().reason]).toEqual([
      400,
      'lines.0.category: the category Parking is no longer active',
    ]);
    const stuck = await send('alice', 'POST', `/api/expenses/claims/${draft.id}/submit`);
    expect(stuck.statusCode).toBe(409);
    expect(stuck.json().reason).toContain('lines.0 (Parking');
    expect(stuck.json().reason).toContain('no longer active');
  });

  it('answers 400 for a bad or empty change, 404 for a category of another workspace or none, 403 without HR, changing nothing', async () => {
    const globexTaxi = await h.db.prisma.expenseCategory.findFirstOrThrow({
      where: { name: 'Taxi', currency: 'USD' },
    });
    const acmeTaxi = await h.db.prisma.expenseCategory.findFirstOrThrow({ where: { name: 'Taxi', currency: 'EUR' } });
    const empty = await send('hr', 'PATCH', `/api/expenses/categories/${acmeTaxi.id}`, {});
    expect([empty.statusCode, empty.json().reason]).toEqual([400, 'body: give at least one field to change']);
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ currency: 'eu' }, 'currency'],
      [{ limitMinor: -1 }, 'limitMinor'],
      [{ limitAction: 'warn' }, 'limitAction'],
      [{ receiptRequiredAboveMinor: 0.5 }, 'receiptRequiredAboveMinor'],
      [{ mileageRateMinor: 0 }, 'mileageRateMinor'],
      [{ active: 'no' }, 'active'],
      [{ id: acmeTaxi.id }, 'id'],
    ] as Array<[object, string]>) {
      const res = await send('hr', 'PATCH', `/api/expenses/categories/${acmeTaxi.id}`, body);
      expect({ body, status: res.statusCode, reason: res.json().reason }).toEqual({
        body,
        status: 400,
        reason: expect.stringContaining(field),
      });
    }
    for (const query of ['limit=0', 'limit=201', 'cursor=x', 'includeInactive=yes', 'active=true']) {
      const res = await send('alice', 'GET', `/api/expenses/categories?${query}`);
      expect({ query, status: res.statusCode, error: res.json().error }).toEqual({
        query,
        status: 400,
        error: 'bad_request',
      });
    }
    expect((await send('hr', 'PATCH', '/api/expenses/categories/taxi', { limitMinor: 1 })).statusCode).toBe(400);
    const taken = await send('hr', 'PATCH', `/api/expenses/categories/${acmeTaxi.id}`, { name: 'meals' });
    expect(taken.statusCode).toBe(409);
    for (const id of [globexTaxi.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await send('hr', 'PATCH', `/api/expenses/categories/${id}`, { limitMinor: 1 });
      expect([res.statusCode, res.json().error]).toEqual([404, 'not_found']);
    }
    expect(
      (await send('alice', 'PATCH', `/api/expenses/categories/${acmeTaxi.id}`, { active: false })).statusCode,
    ).toBe(403);
    const readOnly = await h.app.inject({
      method: 'PATCH',
      url: `/api/expenses/categories/${acmeTaxi.id}`,
      headers: await as('hr', ['expenses:read']),
      payload: { limitMinor: 1 },
    });
    expect(readOnly.statusCode).toBe(403);
    expect(await h.db.prisma.expenseCategory.findUniqueOrThrow({ where: { id: acmeTaxi.id } })).toEqual(acmeTaxi);
  });
});
