import type { Prisma } from '../../db/models';
import type { Db } from '../../db/handle';
import { AppError } from '../appError';
import type { Actor } from './actor';
import { isHrRole } from './roles';

/**
 * Who does what in E-Signatures (company-api.md, E-Signatures; docs/company-api.md). HR_MANAGER, ADMIN and OWNER
 * upload documents and request signatures (a signature request binds the company, so not any employee for their own
 * files); they read every document. A request is seen by its requester and its signers only: HR who did not ask
 * for it reads it no more than anyone else (404). Only the signer whose turn it is signs or declines.
 */

/** 403 unless the caller's live role may prepare signatures. `what` finishes "Only ... may ...". */
export function requireSignatureManager(actor: Actor, what: string): void {
  if (!isHrRole(actor.user.role)) throw new AppError('forbidden', `Only an HR_MANAGER, ADMIN or OWNER may ${what}`);
}

/** The requests `actor` may read: those they asked for, and those they are a signer of. */
export async function visibleRequestsFilter(db: Db, actor: Actor): Promise<Prisma.ESignatureRequestWhereInput> {
  const signing = await db.eSignatureSigner.findMany({
    where: { tenantId: actor.tenant.id, userId: actor.user.id },
    select: { requestId: true },
  });
  return {
    tenantId: actor.tenant.id,
    OR: [{ requestedByUserId: actor.user.id }, { id: { in: signing.map((s) => s.requestId) } }],
  };
}

/** The documents `actor` may read: every one for HR; anyone else those of the requests they see. */
export async function visibleDocumentsFilter(db: Db, actor: Actor): Promise<Prisma.ESignatureDocumentWhereInput> {
  if (isHrRole(actor.user.role)) return { tenantId: actor.tenant.id };
  const requests = await db.eSignatureRequest.findMany({
    where: await visibleRequestsFilter(db, actor),
    select: { documentId: true },
  });
  return { tenantId: actor.tenant.id, id: { in: requests.map((r) => r.documentId) } };
}
