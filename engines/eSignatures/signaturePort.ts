import type { PrismaClient } from '../../db/prismaClient';

/**
 * The E-Signatures engine's port to a request's durable process (the Temporal workflow `eSignatureRequest`,
 * `e-signature/<tenant>/<id>`): it reminds the signer whose turn it is and expires the request at its expiry. The
 * engine commits, then starts or tells the workflow through this port.
 */
export interface SignatureRequestRef {
  tenantId: string;
  requestId: string;
}

export interface SignatureRequestPort {
  /** Starts the workflow, or tells the running one to read the request again; answers its id. */
  watch(ref: SignatureRequestRef): Promise<string>;
  /** Tells a running workflow to read the request again (a signature, a decline); nothing when none runs. */
  notify(ref: SignatureRequestRef): Promise<void>;
}

type Log = { warn(obj: object, msg: string): void };

/**
 * Starts (or wakes) a request's workflow after its commit and records its id. A failure is logged and leaves the
 * id null, for the worker's process reconciler (temporal/worker/processReconciler.ts) to see to; meanwhile the
 * request still expires in the engine's eyes (signing after `expiresAt` is refused without it).
 */
export async function watchSignatureRequest(
  prisma: PrismaClient,
  port: SignatureRequestPort | undefined,
  ref: SignatureRequestRef,
  log?: Log,
): Promise<boolean> {
  if (!port) return false;
  try {
    const workflowId = await port.watch(ref);
    await prisma.eSignatureRequest.updateMany({
      where: { id: ref.requestId, tenantId: ref.tenantId },
      data: { workflowId },
    });
    return true;
  } catch (err) {
    log?.warn({ err, ...ref }, 'signature request workflow not started; the reconciler will see to it');
    return false;
  }
}

/** Tells the request's workflow that it changed; a failure is logged (its next timer reads it anyway). */
export async function notifySignatureRequest(
  port: SignatureRequestPort | undefined,
  ref: SignatureRequestRef,
  log?: Log,
): Promise<void> {
  await port?.notify(ref).catch((err: unknown) => log?.warn({ err, ...ref }, 'signature request workflow not told'));
}
