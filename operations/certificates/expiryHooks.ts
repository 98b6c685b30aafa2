import type { ExpiryHooks } from '../../engines/certificates/certifications';
import { watchCertificationExpiry } from '../../engines/certificates/expiryPort';
import type { OperationContext } from '../context';

/**
 * How the certification operations tell the expiry workflow after their commit: start or wake it (recording its
 * id), or tell it of a removed expiry. A failure is logged; the process reconciler starts what was missed.
 */
export function expiryHooks(ctx: OperationContext): ExpiryHooks {
  const port = ctx.deps.certificationExpiry;
  return {
    clock: ctx.deps.config.clock,
    watch: async (ref) => {
      await watchCertificationExpiry(ctx.deps.prisma, port, ref, ctx.log);
    },
    notify: async (ref) => {
      await port?.notify(ref).catch((err: unknown) => ctx.log.warn({ err, ...ref }, 'expiry workflow not told'));
    },
  };
}
