import type { Certification } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { fromDbDate, type IsoDate } from '../leave/dates';

/** A certification or licence as the API answers it. */
export interface CertificationView {
  id: string;
  employeeId: string;
  employeeName: string;
  kind: CertificationKind;
  name: string;
  issuer: string;
  number: string | null;
  issueDate: IsoDate;
  expiryDate: IsoDate | null;
  required: boolean;
  /** Expired on the tenant's today: the expiry date has begun. */
  expired: boolean;
  document: { filename: string; contentType: string; size: number; sha256: string } | null;
  createdAt: string;
  updatedAt: string;
}

export const certificationKinds = ['certification', 'licence'] as const;
export type CertificationKind = (typeof certificationKinds)[number];

/** The views of `rows`, with their holders' names and documents, in one read each. */
export async function certificationViewsOf(
  db: PrismaClient,
  rows: readonly Certification[],
  today: IsoDate,
): Promise<CertificationView[]> {
  if (rows.length === 0) return [];
  const documentIds = rows.flatMap((r) => (r.documentAttachmentId ? [r.documentAttachmentId] : []));
  const [employees, documents] = await Promise.all([
    db.employee.findMany({ where: { id: { in: rows.map((r) => r.employeeId) } }, select: { id: true, name: true } }),
    documentIds.length === 0
      ? Promise.resolve([])
      : db.agentAttachment.findMany({
          where: { id: { in: documentIds } },
          select: { id: true, filename: true, contentType: true, size: true, sha256: true },
        }),
  ]);
  const nameOf = new Map(employees.map((e) => [e.id, e.name]));
  const documentOf = new Map(documents.map((d) => [d.id, d]));
  return rows.map((r) => {
    const expiryDate = r.expiryDate ? fromDbDate(r.expiryDate) : null;
    const document = r.documentAttachmentId ? documentOf.get(r.documentAttachmentId) : undefined;
    return {
      id: r.id,
      employeeId: r.employeeId,
      employeeName: nameOf.get(r.employeeId) ?? '',
      kind: r.kind as CertificationKind,
      name: r.name,
      issuer: r.issuer,
      number: r.number,
      issueDate: fromDbDate(r.issueDate),
      expiryDate,
      required: r.required,
      expired: expiryDate !== null && expiryDate <= today,
      document: document
        ? {
            filename: document.filename,
            contentType: document.contentType,
            size: document.size,
            sha256: document.sha256,
          }
        : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
