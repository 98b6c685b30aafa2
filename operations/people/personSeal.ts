import { personSealOf, type PersonSeal } from '../../engines/people/sealedFields';
import { secretBoxOf } from '../../engines/secrets/secretBox';
import type { OperationContext } from '../context';

/** The seal of a person's national id and bank account, under the service's one secrets key. */
export function personSeal(ctx: OperationContext): PersonSeal {
  return personSealOf(secretBoxOf(ctx.deps.config));
}
