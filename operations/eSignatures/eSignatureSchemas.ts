import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';

/** What every operation of the E-Signatures area shares (company-api.md). */
export const eSignaturesOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: E-Signatures',
} as const;

export const IdParam = z.object({ id: z.uuid().describe('the id') });
export const Limit = z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50');
export const Cursor = z.uuid().optional().describe('nextCursor of the previous page');
export { NextCursor } from '../organization/organizationSchemas';

export const Sha256 = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hexadecimal characters')
  .describe('a SHA-256, 64 lower-case hexadecimal characters');

export const RequestStatus = z.enum(['pending', 'completed', 'declined', 'expired']);

export const Title = z.string().trim().min(1).max(200);

export const SignatureDocumentView = z.object({
  id: z.uuid(),
  title: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().describe('bytes'),
  sha256: Sha256.describe('the SHA-256 of the file’s bytes, computed by svc-hr as they were uploaded'),
  createdByUserId: z.uuid(),
  createdAt: z.string().describe('ISO 8601 UTC'),
  updatedAt: z.string().describe('ISO 8601 UTC'),
});

export const SignerView = z.object({
  position: z.number().int().describe('1 signs first'),
  employeeId: z.uuid(),
  employeeName: z.string(),
  state: z.enum(['waiting', 'to_sign', 'signed', 'declined']).describe('to_sign: it is their turn'),
  signedAt: z.string().nullable().describe('ISO 8601 UTC'),
  signedSha256: z.string().nullable().describe('the document SHA-256 the signature binds'),
  declinedAt: z.string().nullable().describe('ISO 8601 UTC'),
  declineReason: z.string().nullable(),
});

export const SignatureRequestView = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string().nullable(),
  status: RequestStatus.describe('pending (a signer’s turn), completed, declined or expired'),
  document: z
    .object({
      id: z.uuid(),
      title: z.string(),
      filename: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      sha256: z.string().describe('the document’s SHA-256 now'),
    })
    .nullable(),
  documentSha256: z.string().describe('the SHA-256 the request was made for: what every signature binds'),
  requestedByUserId: z.uuid(),
  expiresAt: z.string().describe('ISO 8601 UTC: after it, nothing more is signed'),
  endedAt: z.string().nullable().describe('ISO 8601 UTC: completed, declined or expired'),
  signers: z.array(SignerView).describe('in signing order'),
  signedPdf: z
    .object({ sha256: z.string(), size: z.number().int() })
    .nullable()
    .describe('the signed PDF of a completed request (download it from /signed-pdf)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const FilenameQuery = z
  .string()
  .max(255)
  .optional()
  .describe('the file name of a raw body (multipart parts carry their own)');

export const IfNoneMatch = z.object({
  'if-none-match': z.string().max(1000).optional().describe('the ETag of a copy you hold: 304 when unchanged'),
});
