import type { Db } from '../../db/handle';
import { AppError } from '../appError';

/**
 * "A signed document cannot change" (company-api.md, E-Signatures). Every change of a document and every signature
 * takes the document's row lock first, so a replacement and a signature sent at once are decided one after the
 * other: once a request on the document holds a signature, replacing or deleting it answers 409 naming that state.
 */

/** Locks the document's row to the end of the transaction; 404 when the workspace has none with this id. */
export async function lockDocument(tx: Db, tenantId: string, id: string): Promise<void> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id FROM esign_documents WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw new AppError('not_found', `No document ${id}`);
}

/** 409 when a request on the document holds a signature (`what`: "replaced", "deleted"). Call under lockDocument. */
export async function requireUnsigned(tx: Db, documentId: string, what: string): Promise<void> {
  const signatures = await tx.eSignatureSigner.count({
    where: { signedAt: { not: null }, requestId: { in: await requestIdsOf(tx, documentId) } },
  });
  if (signatures > 0) {
    throw new AppError(
      'conflict',
      `The document is signed (${signatures} signature(s)); a signed document cannot be ${what}`,
      {
        status: 'signed',
      },
    );
  }
}

async function requestIdsOf(tx: Db, documentId: string): Promise<string[]> {
  const rows = await tx.eSignatureRequest.findMany({ where: { documentId }, select: { id: true } });
  return rows.map((r) => r.id);
}
