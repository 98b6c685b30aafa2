import type { PrismaClient } from '../../db/prismaClient';

/**
 * The certificates engine's port to the durable process of a certification's expiry (the Temporal workflow
 * `certificateExpiry`, `certificate-expiry/<tenant>/<id>`): it sleeps until each reminder's moment and sends it.
 * The engine commits, then starts or tells the workflow through this port.
 */
export interface CertificationExpiryRef {
  tenantId: string;
  certificationId: string;
}

export interface CertificationExpiryPort {
  /** Starts the workflow, or tells the running one to read the certification again; answers its id. */
  watch(ref: CertificationExpiryRef): Promise<string>;
  /** Tells a running workflow to read again (a deletion ends it); nothing when none runs. */
  notify(ref: CertificationExpiryRef): Promise<void>;
}

/**
 * Starts (or wakes) a certification's expiry workflow after its commit and records its id; a failure is logged and
 * leaves the id null, for the worker's process reconciler (temporal/worker/processReconciler.ts) to see to.
 */
export async function watchCertificationExpiry(
  prisma: PrismaClient,
  port: CertificationExpiryPort | undefined,
  ref: CertificationExpiryRef,
  log?: { warn(obj: object, msg: string): void },
): Promise<boolean> {
  if (!port) return false;
  try {
    const workflowId = await port.watch(ref);
    await prisma.certification.updateMany({
      where: { id: ref.certificationId, tenantId: ref.tenantId, expiryDate: { not: null } },
      data: { workflowId },
    });
    return true;
  } catch (err) {
    log?.warn({ err, ...ref }, 'certificate expiry workflow not started; the reconciler will see to it');
    return false;
  }
}
