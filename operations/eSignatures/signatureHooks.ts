import { DAY_MS, type SignatureTiming } from '../../engines/eSignatures/requests';
import {
  notifySignatureRequest,
  watchSignatureRequest,
  type SignatureRequestRef,
} from '../../engines/eSignatures/signaturePort';
import type { OperationContext } from '../context';

/** The area's time line: the calendar clock, and a day as long as the test time scale makes it (`leave.dayMs`). */
export function signatureTiming(ctx: OperationContext): SignatureTiming {
  return { clock: ctx.deps.config.clock, dayMs: ctx.deps.config.leave.dayMs ?? DAY_MS };
}

/** Starts a new request's workflow after its commit (recording its id); a failure is logged. */
export async function watchRequest(ctx: OperationContext, ref: SignatureRequestRef): Promise<void> {
  await watchSignatureRequest(ctx.deps.prisma, ctx.deps.signatureRequests, ref, ctx.log);
}

/** Tells a request's workflow of a signature or decline after its commit; a failure is logged. */
export async function notifyRequest(ctx: OperationContext, ref: SignatureRequestRef): Promise<void> {
  await notifySignatureRequest(ctx.deps.signatureRequests, ref, ctx.log);
}
