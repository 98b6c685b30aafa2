import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { CountryCode } from '../organization/organizationSchemas';

/** What every operation of the Work From Anywhere area shares (company-api.md). */
export const wfaOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Work From Anywhere',
} as const;

export const WfaStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED']);

export const WfaRequestView = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  city: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int().describe('calendar days, both ends included'),
  reason: z.string().nullable(),
  status: WfaStatus,
  breaches: z.array(z.string()).describe('what it breaks of the policy when made: allowance, country; empty: nothing'),
  approvalId: z.uuid().nullable().describe('its approval (GET /api/approval-flows/approvals/{id})'),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  createdAt: z.string(),
});

export const WfaPolicyView = z.object({
  daysPerYear: z.number().int(),
  allowedCountries: z.array(z.string()).describe('empty: every country'),
  configured: z.boolean().describe('false: the default policy (30 days, every country)'),
});

export const WfaCountry = CountryCode;

export const WfaRequestId = z.object({ id: z.uuid().describe('the work from anywhere request id') });
