import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';
import { waitFor } from '../../support/waitFor';

/**
 * The audit trail of the People writes keeps which sensitive fields a call set, never their values: the trail is
 * kept for good and read by admins (operations/people/auditPersonBody.ts). The other fields stay as sent.
 */
let h: ApiHarness;
let hr: Record<string, string>;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
  hr = bearer(await tokenFor(h.db.prisma, 'hr', ['people:read', 'people:write', 'offboarding:write']));
});
afterAll(() => h?.close());

const secrets = {
  dateOfBirth: '1987-04-12',
  homeAddress: '12 Quiet Lane, Springfield',
  nationalId: 'AB123456C',
  bankAccountIban: 'DE89 3704 0044 0532 0130 00',
};
const values = [...Object.values(secrets), 'DE89370400440532013000', 'Burnt out by the night shifts'];

async function auditedArguments(res: { headers: Record<string, unknown> }) {
  const id = res.headers['x-audit-id'] as string;
  // Pending first, then chained: a record only moves from pending to chained (one transaction), so reading in this
  // order never misses it; and the record found is the one returned (a second read raced the chaining).
  const find = async () =>
    (await h.db.prisma.auditPending.findUnique({ where: { id } })) ??
    (await h.db.prisma.auditRecord.findUnique({ where: { id } }));
  let found: Awaited<ReturnType<typeof find>> = null;
  await waitFor('the audit record', async () => (found = await find()) !== null);
  return found!.arguments as { body: Record<string, unknown> };
}

function expectNoValues(args: unknown) {
  const text = JSON.stringify(args);
  for (const value of values) expect(text).not.toContain(value);
}

let n = 0;
async function create(extra: object = {}) {
  n += 1;
  return h.app.inject({
    method: 'POST',
    url: '/api/people',
    headers: hr,
    payload: {
      name: `Audit Person ${n}`,
      email: `audit.person.${n}.${Date.now()}@acme.test`,
      jobTitle: 'Analyst',
      hireDate: '2026-01-05',
      ...extra,
    },
  });
}

it('create_person: the sensitive fields are [REDACTED] in the trail, the rest as sent', async () => {
  const res = await create(secrets);
  expect(res.statusCode).toBe(201);
  // The person's record holds them (HR reads them back).
  expect(res.json().data.person).toMatchObject({ nationalId: 'AB123456C', dateOfBirth: '1987-04-12' });
  const args = await auditedArguments(res);
  expect(args.body).toMatchObject({
    jobTitle: 'Analyst',
    hireDate: '2026-01-05',
    dateOfBirth: '[REDACTED]',
    homeAddress: '[REDACTED]',
    nationalId: '[REDACTED]',
    bankAccountIban: '[REDACTED]',
  });
  expectNoValues(args);
});

it('update_person: a change of bank account is recorded as made, its value is not; a cleared field reads null', async () => {
  const person = (await create()).json().data.person;
  const res = await h.app.inject({
    method: 'PATCH',
    url: `/api/people/${person.id}`,
    headers: hr,
    payload: { bankAccountIban: secrets.bankAccountIban, homeAddress: null, jobTitle: 'Senior Analyst' },
  });
  expect(res.statusCode).toBe(200);
  const args = await auditedArguments(res);
  expect(args.body).toEqual({ bankAccountIban: '[REDACTED]', homeAddress: null, jobTitle: 'Senior Analyst' });
  expectNoValues(args);
});

it('terminate_person and record_termination: why someone leaves is not kept in the trail', async () => {
  const person = (await create()).json().data.person;
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/people/${person.id}/terminate`,
    headers: hr,
    payload: { terminationDate: '2027-01-31', reason: 'Burnt out by the night shifts' },
  });
  expect(res.statusCode).toBe(200);
  const args = await auditedArguments(res);
  expect(args.body).toEqual({ terminationDate: '2027-01-31', reason: '[REDACTED]' });

  const leaver = (await create()).json().data.person;
  const recorded = await h.app.inject({
    method: 'POST',
    url: '/api/offboarding/terminations',
    headers: hr,
    payload: { employeeId: leaver.id, lastDay: '2027-02-26', reason: 'Burnt out by the night shifts' },
  });
  expect(recorded.statusCode).toBe(201);
  const recordedArgs = await auditedArguments(recorded);
  expect(recordedArgs.body).toEqual({ employeeId: leaver.id, lastDay: '2027-02-26', reason: '[REDACTED]' });
  expectNoValues(recordedArgs);
});
