import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { certificationKinds } from '../../engines/certificates/certificationViews';
import { IsoDateString } from '../leave/leaveSchemas';

/** What every operation of the Certificates area shares (company-api.md). */
export const certificatesOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Certificates',
} as const;

export const IdParam = z.object({ id: z.uuid().describe('the id') });

export const EmployeeRef = z.uuid().describe('the employee (GET /api/people)');

/** The fields of a certification, as create takes them; update takes each optionally (and null to clear). */
export const certificationFields = {
  kind: z.enum(certificationKinds).describe('certification (a course, an exam) or licence (a permit to practise)'),
  name: z.string().trim().min(1).max(200).describe('what it is: "First aid", "Forklift licence"'),
  issuer: z.string().trim().min(1).max(200).describe('who issued it'),
  number: z.string().trim().min(1).max(100).describe('its number or reference on the document'),
  issueDate: IsoDateString.describe('YYYY-MM-DD: the day it was issued'),
  expiryDate: IsoDateString.describe(
    'YYYY-MM-DD: the first day it is no longer valid; reminders go 60, 30 and 7 days before and on that day',
  ),
  required: z
    .boolean()
    .describe('the person’s role needs it: its expiry is flagged to their manager (HR_MANAGER, ADMIN, OWNER only)'),
};

export const CertificationView = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  kind: z.enum(certificationKinds),
  name: z.string(),
  issuer: z.string(),
  number: z.string().nullable(),
  issueDate: z.string().describe('YYYY-MM-DD'),
  expiryDate: z.string().nullable().describe('YYYY-MM-DD; null: it does not expire'),
  required: z.boolean(),
  expired: z.boolean().describe('its expiry date has begun in the workspace’s calendar'),
  document: z
    .object({
      filename: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      sha256: z.string().describe('hex SHA-256: the download’s ETag'),
    })
    .nullable()
    .describe('the scanned document (PUT and GET .../document); null: none attached'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const EmploymentCertificateView = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  purpose: z.string().nullable().describe('what it is for, as printed on it'),
  includeSalary: z.boolean().describe('it states the yearly salary'),
  filename: z.string(),
  size: z.number().int().describe('bytes of the PDF'),
  sha256: z.string().describe('hex SHA-256 of the PDF: the download’s ETag'),
  requestedBy: z.object({ userId: z.uuid(), name: z.string() }),
  issuedAt: z.string().describe('ISO 8601 UTC'),
});

export const ListLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(200)
  .default(50)
  .describe('page size, 1 to 200, default 50');
export const ListCursor = z.uuid().optional().describe('nextCursor of the previous page');
