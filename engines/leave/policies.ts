import type { LeavePolicy } from '../../db/models';
import { AppError } from '../appError';
import type { Db } from '../../db/handle';

/** The rules of a leave policy that validation, balances and routing read. */
export type PolicyRules = Pick<
  LeavePolicy,
  | 'id'
  | 'name'
  | 'kind'
  | 'isDefault'
  | 'yearlyAllocationDays'
  | 'allowHalfDays'
  | 'allowNegativeBalance'
  | 'carryOverMaxDays'
  | 'minNoticeDays'
  | 'maxPastDays'
  | 'requiresApproval'
>;

/** How a request names its policy (the contract's `policy` and `policy_id`); neither means the default. */
export interface PolicyChoice {
  policy?: string | undefined;
  policy_id?: string | undefined;
}

/** The tenant's active policies, default first, then by name. */
export async function activePolicies(db: Db, tenantId: string): Promise<LeavePolicy[]> {
  return db.leavePolicy.findMany({
    where: { tenantId, active: true },
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }],
  });
}

/**
 * The policy a request asks for: `policy_id` when given (it overrides `policy`, as the contract says); else
 * `policy`, matched case-insensitively on the name, or on the kind when exactly one active policy has that kind
 * (so "sick" finds "Sick leave"); else the tenant's default policy (annual leave). Throws `validation_error`
 * naming the field when nothing matches.
 */
export async function resolvePolicy(db: Db, tenantId: string, choice: PolicyChoice): Promise<LeavePolicy> {
  const policies = await activePolicies(db, tenantId);
  if (choice.policy_id !== undefined) {
    const byId = policies.find((p) => p.id === choice.policy_id);
    if (!byId) throw new AppError('validation_error', `policy_id: no active leave policy has id ${choice.policy_id}`);
    return byId;
  }
  if (choice.policy !== undefined) {
    const wanted = choice.policy.trim().toLowerCase();
    const byName = policies.find((p) => p.name.toLowerCase() === wanted);
    if (byName) return byName;
    const byKind = policies.filter((p) => p.kind === wanted);
    if (byKind.length === 1 && byKind[0]) return byKind[0];
    throw new AppError(
      'validation_error',
      `policy: no leave policy named "${choice.policy}"; policies: ${policies.map((p) => p.name).join(', ')}`,
    );
  }
  const fallback = policies.find((p) => p.isDefault);
  if (!fallback) throw new AppError('validation_error', 'policy: this workspace has no default leave policy; name one');
  return fallback;
}
