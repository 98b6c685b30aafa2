import type { PrismaClient } from '../../db/prismaClient';
import { blobStoreFor } from '../../engines/blobs/blobStores';
import { testClock } from './clock';
import { testConfig } from './config';
import { demoPeople } from '../../prisma/seed/demoPeople';
import type { CompanySample } from './companySamples';
import type { DemoKey } from './identity';

/** A small PDF to sign (its first bytes say PDF; svc-hr hashes whatever bytes arrive). */
export const contractPdf = (text = 'an employment contract') => Buffer.from(`%PDF-1.7\n% ${text}\n`);

let n = 0;
const userOf = (db: PrismaClient, who: DemoKey) =>
  db.user.findUniqueOrThrow({ where: { email: demoPeople[who].email } });
export const employeeOf = (db: PrismaClient, who: DemoKey) =>
  db.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });

/**
 * A document of Acme, written directly (its bytes in the tests' blob store, its attachment), as HR would have
 * uploaded it. Answers its row.
 */
export async function signatureDocumentOf(db: PrismaClient) {
  const hr = await userOf(db, 'hr');
  const { sha256, size } = await blobStoreFor(testConfig()).put(contractPdf(`contract ${process.pid} ${++n}`));
  const attachment = await db.agentAttachment.create({
    data: {
      tenantId: hr.tenantId,
      userId: hr.id,
      filename: 'contract.pdf',
      contentType: 'application/pdf',
      size,
      sha256,
    },
  });
  return db.eSignatureDocument.create({
    data: {
      tenantId: hr.tenantId,
      title: 'Matrix contract',
      attachmentId: attachment.id,
      filename: 'contract.pdf',
      contentType: 'application/pdf',
      size,
      sha256,
      createdByUserId: hr.id,
    },
  });
}

/**
 * A pending request of Acme, written directly: asked by `requester`, to be signed by `signers` in order (the first's
 * turn), expiring in 30 days. Answers its id and the document's hash.
 */
export async function signatureRequestOf(
  db: PrismaClient,
  requester: DemoKey,
  signers: readonly DemoKey[],
): Promise<{ id: string; sha256: string; documentId: string }> {
  const doc = await signatureDocumentOf(db);
  const by = await userOf(db, requester);
  const request = await db.eSignatureRequest.create({
    data: {
      tenantId: by.tenantId,
      documentId: doc.id,
      title: 'Matrix request',
      requestedByUserId: by.id,
      documentSha256: doc.sha256,
      // Far beyond the calendar clock's today, whatever day the run starts it on.
      expiresAt: new Date(Date.parse('2100-01-01T00:00:00Z')),
    },
  });
  for (const [i, who] of signers.entries()) {
    const employee = await employeeOf(db, who);
    await db.eSignatureSigner.create({
      data: {
        tenantId: by.tenantId,
        requestId: request.id,
        position: i + 1,
        employeeId: employee.id,
        userId: employee.userId!,
        ...(i === 0 ? { turnAt: testClock().now() } : {}),
      },
    });
  }
  return { id: request.id, sha256: doc.sha256, documentId: doc.id };
}

/**
 * The matrix samples of E-Signatures: HR prepares (documents and requests); a request is read by its requester and
 * signers, so the read samples make the caller a signer (or the requester), and the sign and decline samples make
 * it the caller's turn.
 */
export function eSignaturesSamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  return {
    upload_signature_document: async () => ({
      method: 'POST',
      url: '/api/e-signatures/documents?title=Matrix%20contract',
      payload: contractPdf(),
      headers: { 'content-type': 'application/pdf' },
    }),
    download_signature_document: async () => ({
      method: 'GET',
      url: `/api/e-signatures/documents/${(await signatureDocumentOf(db())).id}/file`,
    }),
    replace_signature_document: async () => ({
      method: 'PUT',
      url: `/api/e-signatures/documents/${(await signatureDocumentOf(db())).id}/file?filename=v2.pdf`,
      payload: contractPdf('version 2'),
      headers: { 'content-type': 'application/pdf' },
    }),
    get_signature_document: async () => ({
      method: 'GET',
      url: `/api/e-signatures/documents/${(await signatureDocumentOf(db())).id}`,
    }),
    delete_signature_document: async () => ({
      method: 'DELETE',
      url: `/api/e-signatures/documents/${(await signatureDocumentOf(db())).id}`,
    }),
    create_signature_request: async () => ({
      method: 'POST',
      url: '/api/e-signatures/requests',
      payload: {
        documentId: (await signatureDocumentOf(db())).id,
        title: 'Please sign',
        signerEmployeeIds: [(await employeeOf(db(), 'alice')).id],
        expiresInDays: 7,
      },
    }),
    list_signature_requests: async () => ({ method: 'GET', url: '/api/e-signatures/requests' }),
    get_signature_request: async (who) => ({
      method: 'GET',
      url: `/api/e-signatures/requests/${(await signatureRequestOf(db(), 'hr', [who])).id}`,
    }),
    sign_signature_request: async (who) => {
      const made = await signatureRequestOf(db(), 'hr', [who]);
      return {
        method: 'POST',
        url: `/api/e-signatures/requests/${made.id}/sign`,
        payload: { documentSha256: made.sha256 },
      };
    },
    download_signed_pdf: async (who) => {
      const made = await signatureRequestOf(db(), 'hr', [who]);
      const pdf = await blobStoreFor(testConfig()).put(contractPdf('a signature page'));
      await db().eSignatureRequest.update({
        where: { id: made.id },
        data: { status: 'completed', endedAt: new Date(), signedPdfSha256: pdf.sha256, signedPdfSize: pdf.size },
      });
      return { method: 'GET', url: `/api/e-signatures/requests/${made.id}/signed-pdf` };
    },
    decline_signature_request: async (who) => ({
      method: 'POST',
      url: `/api/e-signatures/requests/${(await signatureRequestOf(db(), 'hr', [who])).id}/decline`,
      payload: { reason: 'not mine to sign' },
    }),
  };
}
