import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { expenseClaimOf, receiptOf } from '../../support/expenses';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';

/**
 * What expense claims refuse, through the HTTP API: each bad input a 400 naming its field with nothing written,
 * 401 without a credential, 403 without the scope or the right, 404 for what the caller may not see; the three
 * credential kinds; who sees whose claims.
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
  claims: await h.db.prisma.expenseClaim.count(),
  lines: await h.db.prisma.expenseLine.count(),
  approvals: await h.db.prisma.approvalInstance.count(),
  notifications: await h.db.prisma.notification.count(),
  deliveries: await h.db.prisma.webhookDelivery.count(),
});

let today: string;
beforeAll(async () => {
  today = await todayOf(h.db.prisma, 'alice');
});
const line = (extra: object = {}) => ({
  category: 'Meals',
  date: addDays(today, -1),
  description: 'Lunch',
  amountMinor: 1_500,
  ...extra,
});

describe('expense claims refuse', () => {
  it('each bad input with a 400 naming the field, writing nothing', async () => {
    const bobsReceipt = await receiptOf(h.db.prisma, 'bob');
    await h.db.prisma.expenseCategory.updateMany({ where: { name: 'Office supplies' }, data: { active: false } });
    const before = await rows();
    const cases: Array<[object, string]> = [
      [{ title: '', lines: [line()] }, 'title'],
      [{ title: 'x'.repeat(201), lines: [line()] }, 'title'],
      [{ lines: [line()] }, 'title'],
      [{ title: 'T', lines: [] }, 'lines'],
      [{ title: 'T', lines: Array.from({ length: 51 }, () => line()) }, 'lines'],
      [{ title: 'T', lines: line() }, 'lines'],
      [{ title: 'T', lines: [line({ category: 'Champagne' })] }, 'lines.0.category: no expense category "Champagne"'],
      [{ title: 'T', lines: [line({ category: 'Office supplies' })] }, 'lines.0.category: the category Office'],
      [{ title: 'T', lines: [line({ category: '' })] }, 'lines.0.category'],
      [{ title: 'T', lines: [line({ date: addDays(today, 1) })] }, 'lines.0.date: must not be in the future'],
      [{ title: 'T', lines: [line({ date: addDays(today, -366) })] }, 'lines.0.date: must be at most a year back'],
      [{ title: 'T', lines: [line({ date: '2027-02-30' })] }, 'lines.0.date'],
      [{ title: 'T', lines: [line({ date: '20270101' })] }, 'lines.0.date'],
      [{ title: 'T', lines: [line({ description: ' ' })] }, 'lines.0.description'],
      [{ title: 'T', lines: [line({ amountMinor: undefined })] }, 'lines.0.amountMinor: required'],
      [{ title: 'T', lines: [line({ amountMinor: 12.5 })] }, 'lines.0.amountMinor'],
      [{ title: 'T', lines: [line({ amountMinor: 0 })] }, 'lines.0.amountMinor'],
      [{ title: 'T', lines: [line({ amountMinor: -100 })] }, 'lines.0.amountMinor'],
      [{ title: 'T', lines: [line({ amountMinor: '1500' })] }, 'lines.0.amountMinor'],
      [{ title: 'T', lines: [line({ amountMinor: 1e13 })] }, 'lines.0.amountMinor'],
      [{ title: 'T', lines: [line({ currency: 'usd' })] }, 'lines.0.currency'],
      [{ title: 'T', lines: [line({ currency: 'USD' })] }, 'lines.0.exchangeRate: required for a line in USD'],
      [{ title: 'T', lines: [line({ exchangeRate: '1.1' })] }, 'lines.0.exchangeRate: only for a line in another'],
      [{ title: 'T', lines: [line({ currency: 'USD', exchangeRate: '0,92' })] }, 'lines.0.exchangeRate'],
      [{ title: 'T', lines: [line({ currency: 'USD', exchangeRate: '0' })] }, 'lines.0.exchangeRate'],
      [{ title: 'T', lines: [line({ currency: 'USD', exchangeRate: 0.92 })] }, 'lines.0.exchangeRate'],
      // 10 000 000 000.00 USD at 999 999: more than any claim carries.
      [
        {
          title: 'T',
          lines: [line({ category: 'Travel', amountMinor: 1e12, currency: 'USD', exchangeRate: '999999' })],
        },
        'lines.0.amountMinor',
      ],
      [
        { title: 'T', lines: [line({ currency: 'JPY', exchangeRate: '0.0049', amountMinor: 1 })] },
        'lines.0.amountMinor: worth less',
      ],
      [{ title: 'T', lines: [line({ distanceKm: 12 })] }, 'lines.0.distanceKm: only a mileage category'],
      [
        { title: 'T', lines: [line({ category: 'Mileage', amountMinor: undefined })] },
        'lines.0.distanceKm: Mileage is a mileage',
      ],
      [{ title: 'T', lines: [line({ category: 'Mileage', distanceKm: 10 })] }, 'lines.0.amountMinor: a mileage line'],
      [
        { title: 'T', lines: [line({ category: 'Mileage', amountMinor: undefined, distanceKm: 12.34 })] },
        'lines.0.distanceKm',
      ],
      [
        { title: 'T', lines: [line({ category: 'Mileage', amountMinor: undefined, distanceKm: -5 })] },
        'lines.0.distanceKm',
      ],
      [
        { title: 'T', lines: [line({ category: 'Mileage', amountMinor: undefined, distanceKm: 5, currency: 'USD' })] },
        'lines.0.currency',
      ],
      [
        { title: 'T', lines: [line(), line({ category: 'Taxi', amountMinor: 10_001 })] },
        'lines.1.amountMinor: 100.01 EUR',
      ],
      [{ title: 'T', lines: [line({ receiptAttachmentId: bobsReceipt })] }, 'lines.0.receiptAttachmentId: no receipt'],
      [{ title: 'T', lines: [line({ receiptAttachmentId: 'x' })] }, 'lines.0.receiptAttachmentId'],
      [{ title: 'T', lines: [line({ tip: 100 })] }, 'tip'],
      [{ title: 'T', lines: [line()], submit: 'yes' }, 'submit'],
      [{ title: 'T', lines: [line()], employeeId: '00000000-0000-4000-8000-000000000000' }, 'employeeId'],
    ];
    for (const [body, said] of cases) {
      const res = await send('alice', 'POST', '/api/expenses/claims', body);
      expect({ body, status: res.statusCode, error: res.json().error }).toEqual({
        body,
        status: 400,
        error: 'bad_request',
      });
      expect({ body, reason: res.json().reason }).toEqual({ body, reason: expect.stringContaining(said) });
    }
    expect(await rows()).toEqual(before);
    await h.db.prisma.expenseCategory.updateMany({ where: { name: 'Office supplies' }, data: { active: true } });
  });

  it('a bad change, a bad query or a bad id with a 400, leaving the claim as it was', async () => {
    const { id } = await expenseClaimOf(h.db.prisma, 'alice');
    const before = await send('alice', 'GET', `/api/expenses/claims/${id}`);
    const counts = await rows();
    for (const [body, said] of [
      [{}, 'body: give title, lines or both'],
      [{ title: '' }, 'title'],
      [{ lines: [] }, 'lines'],
      [{ lines: [line(), line({ category: 'Taxi', amountMinor: 20_000 })] }, 'lines.1.amountMinor'],
      [{ status: 'APPROVED' }, 'status'],
    ] as Array<[object, string]>) {
      const res = await send('alice', 'PATCH', `/api/expenses/claims/${id}`, body);
      expect([res.statusCode, res.json().reason]).toEqual([400, expect.stringContaining(said)]);
    }
    for (const query of ['limit=0', 'limit=201', 'status=PAID', 'cursor=x', 'employeeId=x', 'colour=red']) {
      const res = await send('alice', 'GET', `/api/expenses/claims?${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
    expect((await send('alice', 'GET', '/api/expenses/claims/not-a-uuid')).statusCode).toBe(400);
    for (const [method, url] of [
      ['POST', '/api/expenses/claims/not-a-uuid/submit'],
      ['POST', '/api/expenses/claims/not-a-uuid/withdraw'],
      ['DELETE', '/api/expenses/claims/not-a-uuid'],
      ['PATCH', '/api/expenses/claims/not-a-uuid'],
      ['GET', `/api/expenses/claims/${id}/lines/not-a-uuid/receipt`],
    ]) {
      const res = await send('alice', method!, url!, method === 'PATCH' ? { title: 'T' } : undefined);
      expect({ url, status: res.statusCode, reason: res.json().reason }).toEqual({
        url,
        status: 400,
        reason: expect.stringMatching(/^(id|lineId): /),
      });
    }
    expect(await rows()).toEqual(counts);
    expect((await send('alice', 'GET', `/api/expenses/claims/${id}`)).body).toBe(before.body);
  });

  it('with 401 without a credential, 403 without the scope or the right, 404 for what is not visible', async () => {
    const { id } = await expenseClaimOf(h.db.prisma, 'alice');
    const none = await h.app.inject({ method: 'GET', url: `/api/expenses/claims/${id}` });
    expect([none.statusCode, Object.keys(none.json()).sort()]).toEqual([401, ['error', 'reason']]);
    const readOnly = await h.app.inject({
      method: 'POST',
      url: `/api/expenses/claims/${id}/submit`,
      headers: await as('alice', ['expenses:read']),
    });
    expect([readOnly.statusCode, readOnly.json().error]).toEqual([403, 'forbidden']);
    for (const action of ['submit', 'withdraw']) {
      const res = await send('manager', 'POST', `/api/expenses/claims/${id}/${action}`);
      expect([res.statusCode, res.json().reason]).toEqual([
        403,
        expect.stringContaining('Only the employee a claim is for, or HR'),
      ]);
    }
    for (const who of ['bob', 'carol', 'salesManager', 'globexHr'] as DemoKey[]) {
      const res = await send(who, 'GET', `/api/expenses/claims/${id}`);
      expect({ who, status: res.statusCode, error: res.json().error }).toEqual({
        who,
        status: 404,
        error: 'not_found',
      });
      expect((await send(who, 'DELETE', `/api/expenses/claims/${id}`)).statusCode).toBe(404);
    }
    const missing = await send('hr', 'GET', '/api/expenses/claims/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await send('alice', 'GET', `/api/expenses/claims/${id}`)).json().data.claim.status).toBe('DRAFT');
  });

  it('nothing to the other credential kinds: a delegated credential and a company API key act as their user', async () => {
    const delegated = bearer(
      await tokenFor(h.db.prisma, 'alice', ['expenses:read', 'expenses:write'], { kind: 'delegated_credential' }),
    );
    const made = await h.app.inject({
      method: 'POST',
      url: '/api/expenses/claims',
      headers: delegated,
      payload: { title: 'Agent lunch', lines: [line()] },
    });
    expect([made.statusCode, made.json().data.claim.employeeName]).toEqual([201, 'Alice Anders']);
    const key = bearer(await tokenFor(h.db.prisma, 'hr', ['expenses:read'], { kind: 'company_api_key' }));
    const listed = await h.app.inject({ method: 'GET', url: '/api/expenses/claims?limit=200', headers: key });
    expect(listed.json().data.claims.map((c: { id: string }) => c.id)).toContain(made.json().data.claim.id);
    const keyWrite = await h.app.inject({
      method: 'DELETE',
      url: `/api/expenses/claims/${made.json().data.claim.id}`,
      headers: key,
    });
    expect(keyWrite.statusCode).toBe(403);
    const integration = bearer(
      await tokenFor(h.db.prisma, 'admin', ['expenses:read'], { kind: 'integration_credential' }),
    );
    expect((await h.app.inject({ method: 'GET', url: '/api/expenses/claims', headers: integration })).statusCode).toBe(
      403,
    );
  });

  it('showing each person the claims of those they may see', async () => {
    const alice = await expenseClaimOf(h.db.prisma, 'alice');
    const bob = await expenseClaimOf(h.db.prisma, 'bob', { submit: true });
    const carol = await expenseClaimOf(h.db.prisma, 'carol');
    const seen = async (who: DemoKey, query = '') =>
      new Set(
        (await send(who, 'GET', `/api/expenses/claims?limit=200${query}`))
          .json()
          .data.claims.map((c: { id: string }) => c.id),
      );
    const ids = [alice.id, bob.id, carol.id];
    const expectations: Array<[DemoKey, string[]]> = [
      ['alice', [alice.id]],
      ['manager', [alice.id, bob.id]],
      ['director', [alice.id, bob.id]],
      ['salesManager', [carol.id]],
      ['hr', ids],
      ['globexHr', []],
    ];
    for (const [who, expected] of expectations) {
      const set = await seen(who);
      expect({ who, seen: ids.filter((id) => set.has(id)) }).toEqual({ who, seen: expected });
    }
    const onlySubmitted = await seen('manager', '&status=SUBMITTED');
    expect([onlySubmitted.has(bob.id), onlySubmitted.has(alice.id)]).toEqual([true, false]);
    const carolEmployee = await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'carol@acme.test' } });
    expect((await seen('manager', `&employeeId=${carolEmployee.id}`)).size).toBe(0);
    expect((await seen('hr', `&employeeId=${carolEmployee.id}`)).has(carol.id)).toBe(true);
    const first = (await send('hr', 'GET', '/api/expenses/claims?limit=1')).json().data;
    expect(first.claims.map((c: { id: string }) => c.id)).toEqual([carol.id]);
    const second = (await send('hr', 'GET', `/api/expenses/claims?limit=1&cursor=${first.nextCursor}`)).json().data;
    expect(second.claims.map((c: { id: string }) => c.id)).toEqual([bob.id]);
  });
});
