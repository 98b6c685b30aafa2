import type { Actor } from '../../../../engines/access/actor';
import { reviewReadLevel, type ReviewFacts } from '../../../../engines/access/performanceAccess';
import type { Role } from '../../../../engines/access/roles';

/**
 * The rating rule (company-api.md, "Sensitive fields": review ratings) as one table: who reads a review in full,
 * who as a status only (no answers, no rating), who not at all. Alice is reviewed; Marcus manages her, Diana manages
 * Marcus; Bob is her peer; Carol is in another team.
 */
const actor = (role: Role, employeeId: string | null): Actor => ({
  tenant: { id: 't', name: 'Acme' },
  user: { id: `u-${employeeId ?? 'none'}`, name: 'x', email: 'x@acme.test', role },
  employee: employeeId ? { id: employeeId, number: 1, departmentId: null } : null,
  credential: { id: 'c', kind: 'personal_access_token', name: 'c', scopes: [] },
});
const linesOf: Record<string, string[]> = { marcus: ['alice', 'bob'], diana: ['marcus', 'alice', 'bob'] };
const review = (kind: 'self' | 'manager' | 'peer', overrides: Partial<ReviewFacts> = {}): ReviewFacts => ({
  subjectId: 'alice',
  reviewerId: kind === 'self' ? 'alice' : kind === 'manager' ? 'marcus' : 'bob',
  status: 'SUBMITTED',
  cycleStatus: 'CLOSED',
  ...overrides,
});

describe('reviewReadLevel', () => {
  it.each([
    ['Alice, her own self review', 'EMPLOYEE', 'alice', review('self'), 'full'],
    ['Alice, her manager’s review before release', 'EMPLOYEE', 'alice', review('manager'), 'status'],
    ['Alice, a peer’s review before release', 'EMPLOYEE', 'alice', review('peer'), 'status'],
    [
      'Alice, her manager’s review once released',
      'EMPLOYEE',
      'alice',
      review('manager', { cycleStatus: 'RELEASED' }),
      'full',
    ],
    [
      'Alice, an expired review once released',
      'EMPLOYEE',
      'alice',
      review('manager', { cycleStatus: 'RELEASED', status: 'EXPIRED' }),
      'status',
    ],
    ['Marcus, her manager, any review of her', 'MANAGER', 'marcus', review('peer'), 'full'],
    ['Diana, up the line, any review of her', 'DIRECTOR', 'diana', review('self'), 'full'],
    ['Bob, the peer, his own review', 'EMPLOYEE', 'bob', review('peer'), 'full'],
    ['Bob, the peer, her manager’s review', 'EMPLOYEE', 'bob', review('manager'), 'none'],
    ['Carol, another team', 'EMPLOYEE', 'carol', review('manager', { cycleStatus: 'RELEASED' }), 'none'],
    ['a director outside the line', 'DIRECTOR', 'carol', review('self'), 'none'],
    ['HR, any review', 'HR_MANAGER', 'hannah', review('manager'), 'full'],
    ['an OWNER without an employee record', 'OWNER', null, review('manager'), 'full'],
    ['a MANAGER without an employee record', 'MANAGER', null, review('manager'), 'none'],
  ] as const)('%s: %s', (_, role, who, facts, expected) => {
    expect(reviewReadLevel(actor(role, who), facts, new Set(who ? (linesOf[who] ?? []) : []))).toBe(expected);
  });
});
