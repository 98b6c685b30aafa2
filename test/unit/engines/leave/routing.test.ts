import type { Actor } from '../../../../engines/access/actor';
import type { Role } from '../../../../engines/access/roles';
import { approveMovements, releaseMovements } from '../../../../engines/leave/balances';
import { mayDecide, routeRequest } from '../../../../engines/leave/routing';

const tenantId = 't';
function actor(role: Role, employeeId: string | null): Actor {
  return {
    tenant: { id: tenantId, name: 'Acme' },
    user: { id: `user-${employeeId}`, name: 'x', email: 'x@acme.test', role },
    employee: employeeId ? { id: employeeId, number: 1, departmentId: null } : null,
    credential: { id: 'c', kind: 'personal_access_token', name: 'c', scopes: [] },
  };
}

describe('approval routing', () => {
  it.each([
    [
      'to the manager',
      { requiresApproval: true },
      { id: 'm', userId: 'u' },
      { status: 'PENDING', routedTo: 'MANAGER', approverEmployeeId: 'm' },
    ],
    [
      'to HR without a manager',
      { requiresApproval: true },
      null,
      { status: 'PENDING', routedTo: 'HR', approverEmployeeId: null },
    ],
    [
      'to HR when the manager cannot sign in',
      { requiresApproval: true },
      { id: 'm', userId: null },
      { status: 'PENDING', routedTo: 'HR', approverEmployeeId: null },
    ],
    [
      'nowhere, approved at once, when the policy needs no approval',
      { requiresApproval: false },
      { id: 'm', userId: 'u' },
      { status: 'APPROVED', routedTo: 'AUTO', approverEmployeeId: null },
    ],
  ])('routes a request %s', (_what, policy, manager, expected) => {
    expect(routeRequest(policy, manager)).toEqual(expected);
  });

  const toManager = { tenantId, employeeId: 'alice', routedTo: 'MANAGER', approverEmployeeId: 'marcus' };
  const toHr = { tenantId, employeeId: 'owner', routedTo: 'HR', approverEmployeeId: null };
  it.each<[string, Actor, typeof toManager | typeof toHr, boolean]>([
    ['the routed manager decides', actor('MANAGER', 'marcus'), toManager, true],
    ['another manager does not', actor('MANAGER', 'sam'), toManager, false],
    ['a director above the manager does not', actor('DIRECTOR', 'diana'), toManager, false],
    ['HR decides a request routed to a manager', actor('HR_MANAGER', 'hannah'), toManager, true],
    ['HR decides a request routed to HR', actor('HR_MANAGER', 'hannah'), toHr, true],
    ['an admin decides a request routed to HR', actor('ADMIN', 'adam'), toHr, true],
    ['a manager does not decide a request routed to HR', actor('MANAGER', 'marcus'), toHr, false],
    ['the employee never decides their own', actor('EMPLOYEE', 'alice'), toManager, false],
    ['an owner never decides their own', actor('OWNER', 'owner'), toHr, false],
    ['nobody decides across tenants', { ...actor('OWNER', 'x'), tenant: { id: 'other', name: 'Globex' } }, toHr, false],
  ])('%s', (_what, who, request, expected) => {
    expect(mayDecide(who, request)).toBe(expected);
  });
});

describe('balance movements of decisions', () => {
  it('moves pending days to used on approval, per year', () => {
    expect(
      approveMovements([
        { year: 2026, pending: 3 },
        { year: 2027, pending: 2 },
      ]),
    ).toEqual([
      { year: 2026, kind: 'release', bucket: 'pending', days: -3 },
      { year: 2026, kind: 'use', bucket: 'used', days: 3 },
      { year: 2027, kind: 'release', bucket: 'pending', days: -2 },
      { year: 2027, kind: 'use', bucket: 'used', days: 2 },
    ]);
  });

  it('gives back pending and used days alike on rejection or cancellation', () => {
    expect(releaseMovements([{ year: 2026, pending: 0, used: 4 }])).toEqual([
      { year: 2026, kind: 'unuse', bucket: 'used', days: -4 },
    ]);
    expect(releaseMovements([{ year: 2026, pending: 2.5, used: 0 }])).toEqual([
      { year: 2026, kind: 'release', bucket: 'pending', days: -2.5 },
    ]);
  });
});
