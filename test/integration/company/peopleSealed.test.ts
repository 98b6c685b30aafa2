import { personSealOf } from '../../../engines/people/sealedFields';
import { sealPersonFieldsAtRest } from '../../../engines/people/sealAtRest';
import { secretBoxOf } from '../../../engines/secrets/secretBox';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testConfig } from '../../support/config';
import { bearer, tokenFor } from '../../support/identity';

/**
 * A person's national id and bank account are sealed at rest (engines/people/sealedFields.ts): the database holds
 * neither in clear, the API reads both back, and a value written in clear by an earlier version is sealed by the
 * pass each worker runs at start.
 */
let h: ApiHarness;
let hr: Record<string, string>;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
  hr = bearer(await tokenFor(h.db.prisma, 'hr', ['people:read', 'people:write']));
});
afterAll(() => h?.close());

const nationalId = 'QQ123456C';
const iban = 'GB82 WEST 1234 5698 7654 32';
const compactIban = 'GB82WEST12345698765432';

/** The two columns as stored, and whether any column of the row shows either value. */
async function storedRow(id: string) {
  const [row] = await h.db.prisma.$queryRawUnsafe<
    { national_id: string | null; bank_account_iban: string | null; all: string }[]
  >(`SELECT national_id, bank_account_iban, row_to_json(e)::text AS all FROM employees e WHERE id = $1::uuid`, id);
  return row!;
}

let n = 0;
async function create(extra: object) {
  n += 1;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/people',
    headers: hr,
    payload: {
      name: `Sealed ${n}`,
      email: `sealed.${n}.${Date.now()}@acme.test`,
      jobTitle: 'Clerk',
      hireDate: '2026-02-02',
      ...extra,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.person as { id: string; nationalId: string | null; bankAccountIban: string | null };
}

const read = async (id: string) =>
  (await h.app.inject({ method: 'GET', url: `/api/people/${id}`, headers: hr })).json().data.person;

it('stores neither the national id nor the bank account in clear, and reads both back', async () => {
  const person = await create({ nationalId, bankAccountIban: iban });
  expect(person).toMatchObject({ nationalId, bankAccountIban: compactIban });
  const row = await storedRow(person.id);
  expect(row.national_id).toMatch(/^v1:/);
  expect(row.bank_account_iban).toMatch(/^v1:/);
  for (const clear of [nationalId, compactIban, 'WEST1234']) expect(row.all).not.toContain(clear);
  expect(await read(person.id)).toMatchObject({ nationalId, bankAccountIban: compactIban });
});

it('seals a changed value, and clears one set to null', async () => {
  const person = await create({ nationalId });
  const res = await h.app.inject({
    method: 'PATCH',
    url: `/api/people/${person.id}`,
    headers: hr,
    payload: { bankAccountIban: iban, nationalId: null },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.person).toMatchObject({ nationalId: null, bankAccountIban: compactIban });
  const row = await storedRow(person.id);
  expect(row.national_id).toBeNull();
  expect(row.bank_account_iban).toMatch(/^v1:/);
});

it('reads a value an earlier version wrote in clear, and the pass at start seals it once', async () => {
  const person = await create({});
  await h.db.prisma.employee.update({
    where: { id: person.id },
    data: { nationalId: 'OLD-ID-77', bankAccountIban: compactIban },
  });
  expect(await read(person.id)).toMatchObject({ nationalId: 'OLD-ID-77', bankAccountIban: compactIban });

  const seal = personSealOf(secretBoxOf(testConfig()));
  const first = await sealPersonFieldsAtRest(h.db.prisma, seal);
  expect(first.sealed).toBeGreaterThanOrEqual(2);
  const row = await storedRow(person.id);
  expect(row.all).not.toContain('OLD-ID-77');
  expect(row.all).not.toContain(compactIban);
  expect(await read(person.id)).toMatchObject({ nationalId: 'OLD-ID-77', bankAccountIban: compactIban });
  // Nothing left to seal: a second pass (another worker starting) changes nothing.
  expect(await sealPersonFieldsAtRest(h.db.prisma, seal)).toEqual({ sealed: 0 });
});
