import type { ESignatureDocument, ESignatureRequest, ESignatureSigner } from '../../db/models';
import type { Db } from '../../db/handle';
import type { Clock } from '../clock';

/** A signer's state as the API answers it: waiting (before their turn), to_sign (their turn), signed, declined. */
export type SignerState = 'waiting' | 'to_sign' | 'signed' | 'declined';

export interface SignerView {
  position: number;
  employeeId: string;
  employeeName: string;
  state: SignerState;
  signedAt: string | null;
  /** The document SHA-256 the signature binds. */
  signedSha256: string | null;
  declinedAt: string | null;
  declineReason: string | null;
}

export type RequestStatus = 'pending' | 'completed' | 'declined' | 'expired';

export interface RequestView {
  id: string;
  title: string;
  message: string | null;
  status: RequestStatus;
  document: { id: string; title: string; filename: string; contentType: string; size: number; sha256: string } | null;
  documentSha256: string;
  requestedByUserId: string;
  expiresAt: string;
  endedAt: string | null;
  signers: SignerView[];
  signedPdf: { sha256: string; size: number } | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A request's status as it stands at `now`: a pending one past its expiry is expired, whether or not its workflow
 * has recorded it yet (it does at the expiry, and nothing may be signed in between).
 */
export function statusAt(row: Pick<ESignatureRequest, 'status' | 'expiresAt'>, now: Date): RequestStatus {
  return row.status === 'pending' && now.getTime() >= row.expiresAt.getTime() ? 'expired' : row.status;
}

function stateOf(s: ESignatureSigner, request: ESignatureRequest): SignerState {
  if (s.signedAt) return 'signed';
  if (s.declinedAt) return 'declined';
  return request.status === 'pending' && s.position === request.currentPosition ? 'to_sign' : 'waiting';
}

/** The views of `rows`, with their documents and signers, in one read each. */
export async function requestViewsOf(db: Db, rows: readonly ESignatureRequest[], clock: Clock): Promise<RequestView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const signers = await db.eSignatureSigner.findMany({
    where: { requestId: { in: ids } },
    orderBy: { position: 'asc' },
  });
  const documents = await db.eSignatureDocument.findMany({ where: { id: { in: rows.map((r) => r.documentId) } } });
  const people = await db.employee.findMany({
    where: { id: { in: [...new Set(signers.map((s) => s.employeeId))] } },
    select: { id: true, name: true },
  });
  const names = new Map(people.map((p) => [p.id, p.name]));
  const docs = new Map<string, ESignatureDocument>(documents.map((d) => [d.id, d]));
  const now = clock.now();
  return rows.map((r) => {
    const doc = docs.get(r.documentId);
    return {
      id: r.id,
      title: r.title,
      message: r.message,
      status: statusAt(r, now),
      document: doc
        ? {
            id: doc.id,
            title: doc.title,
            filename: doc.filename,
            contentType: doc.contentType,
            size: doc.size,
            sha256: doc.sha256,
          }
        : null,
      documentSha256: r.documentSha256,
      requestedByUserId: r.requestedByUserId,
      expiresAt: r.expiresAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      signers: signers
        .filter((s) => s.requestId === r.id)
        .map((s) => ({
          position: s.position,
          employeeId: s.employeeId,
          employeeName: names.get(s.employeeId) ?? '',
          state: stateOf(s, r),
          signedAt: s.signedAt?.toISOString() ?? null,
          signedSha256: s.signedSha256,
          declinedAt: s.declinedAt?.toISOString() ?? null,
          declineReason: s.declineReason,
        })),
      signedPdf: r.signedPdfSha256 ? { sha256: r.signedPdfSha256, size: r.signedPdfSize ?? 0 } : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
