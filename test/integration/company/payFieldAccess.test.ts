import type { CredentialKind } from '../../../engines/access/actor';
import { compensationFieldAccess } from '../../../engines/access/fieldAccess';
import type { Role } from '../../../engines/access/roles';
import { companyKeyScopes, scopes as allScopes } from '../../../engines/access/scopes';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { payrollRunOf } from '../../support/compensationPayroll';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';

/**
 * Field-level access to pay (company-api.md, "Sensitive fields": salary; Payroll: payslips), for every Acme role and
 * the three credential kinds: who reads Alice's salary, with the tenant setting off and on, and whose payslips each
 * role reads. The expectations are written here from the spec, not read from engines/access.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(() => h?.close());

const people: Array<[DemoKey, Role]> = [
  ['alice', 'EMPLOYEE'],
  ['manager', 'MANAGER'],
  ['director', 'DIRECTOR'],
  ['hr', 'HR_MANAGER'],
  ['admin', 'ADMIN'],
  ['owner', 'OWNER'],
];
const kinds: CredentialKind[] = ['personal_access_token', 'delegated_credential', 'company_api_key'];
const HR: Role[] = ['HR_MANAGER', 'ADMIN', 'OWNER'];
/** The fields the spec calls pay: every amount. */
const payFields = ['currentSalary', 'salaryHistory', 'bonuses', 'allowances'];

const tokenOf = (who: DemoKey, kind: CredentialKind) =>
  tokenFor(h.db.prisma, who, kind === 'company_api_key' ? companyKeyScopes : allScopes, { kind });
const get = async (who: DemoKey, kind: CredentialKind, url: string) =>
  h.app.inject({ method: 'GET', url, headers: bearer(await tokenOf(who, kind)) });
const aliceId = async () => (await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'alice@acme.test' } })).id;
const setManagersSee = (on: boolean) =>
  h.db.prisma.compensationSettings.updateMany({ data: { managersSeeTeamCompensation: on } });

describe('field-level access to pay', () => {
  it('marks every amount of a person’s compensation sensitive', () => {
    const sensitive = Object.entries(compensationFieldAccess)
      .filter(([, rule]) => rule.read === 'sensitive')
      .map(([field]) => field);
    expect(sensitive).toEqual(expect.arrayContaining(payFields));
  });

  it.each([false, true])(
    'shows Alice’s salary to her and HR; to her manager and director only where managers may read pay (%s)',
    async (managersSee) => {
      await setManagersSee(managersSee);
      const url = `/api/compensation/employees/${await aliceId()}`;
      for (const [who, role] of people) {
        for (const kind of kinds) {
          const res = await get(who, kind, url);
          expect({ who, kind, status: res.statusCode }).toEqual({ who, kind, status: 200 });
          const body = res.json().data.compensation;
          const reads = who === 'alice' || HR.includes(role) || (managersSee && ['MANAGER', 'DIRECTOR'].includes(role));
          expect({ who, kind, shown: payFields.filter((f) => f in body) }).toEqual({
            who,
            kind,
            shown: reads ? payFields : [],
          });
          if (!reads) expect(res.body).not.toContain('6600000');
        }
      }
      await setManagersSee(false);
    },
  );

  it('shows a payslip to its person and to HR only, whatever the setting', async () => {
    await setManagersSee(true);
    const { payslipId } = await payrollRunOf(h.db.prisma, 'PAID');
    for (const [who, role] of people) {
      for (const kind of kinds) {
        const one = await get(who, kind, `/api/payroll/payslips/${payslipId}`);
        const reads = who === 'alice' || HR.includes(role);
        expect({ who, kind, status: one.statusCode }).toEqual({ who, kind, status: reads ? 200 : 404 });
        const list = (await get(who, kind, '/api/payroll/payslips?limit=200')).json().data.payslips;
        expect({ who, kind, listed: list.some((p: { id: string }) => p.id === payslipId) }).toEqual({
          who,
          kind,
          listed: reads,
        });
      }
    }
    await setManagersSee(false);
  });
});
