import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { openingStatuses } from '../../engines/ats/openingStatus';
import { rejectionReasons, stages } from '../../engines/ats/pipeline';
import { employmentTypes } from '../../engines/people/personView';
import { MoneyView } from '../moneySchemas';

/** What every operation of the ATS (Recruiting) area shares (company-api.md). */
export const atsOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: ATS',
} as const;

export const OpeningStatus = z.enum(openingStatuses);
export const StageSchema = z.enum(stages);
export const RejectionReasonSchema = z.enum(rejectionReasons);
export const EmploymentTypeSchema = z.enum(employmentTypes).describe(employmentTypes.join(', '));

export const IdParam = z.object({ id: z.uuid().describe('the id') });
export const Limit = z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50');
export const Cursor = z.uuid().optional().describe('nextCursor of the previous page');
export const NextCursor = z.string().nullable().describe('pass as cursor for the next page; null on the last page');
export const Note = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .optional()
  .describe('a note kept in the history, up to 2000 characters');

export const JobOpeningView = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  departmentId: z.uuid().nullable(),
  locationId: z.uuid().nullable(),
  employmentType: z.string(),
  hiringManager: z.object({ employeeId: z.uuid(), name: z.string() }).describe('who decides the hire'),
  recruiterIds: z.array(z.uuid()).describe('employees who run the recruiting'),
  openings: z.number().int().describe('how many people to hire'),
  hired: z.number().int().describe('offers accepted so far; the opening closes itself at `openings`'),
  status: OpeningStatus,
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const CandidateView = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  source: z.string(),
});

export const InterviewView = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  kind: z.string(),
  scheduledAt: z.string(),
  durationMinutes: z.number().int(),
  location: z.string().nullable(),
  interviewerIds: z.array(z.uuid()),
  status: z.enum(['SCHEDULED', 'COMPLETED', 'CANCELLED']),
  feedback: z
    .array(
      z.object({
        interviewerId: z.uuid(),
        recommendation: z.string(),
        notes: z.string().nullable(),
        submittedAt: z.string(),
      }),
    )
    .describe('every interviewer’s for the recruiting team; an interviewer reads only their own'),
  createdAt: z.string(),
});

export const OfferView = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  jobTitle: z.string(),
  departmentId: z.uuid().nullable(),
  managerId: z.uuid().nullable(),
  employmentType: z.string(),
  startDate: z.string().describe('YYYY-MM-DD: the hire date of the employee an acceptance makes'),
  salary: MoneyView.describe('gross yearly salary'),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'ACCEPTED', 'DECLINED', 'WITHDRAWN']),
  approvalId: z.uuid().nullable().describe('its approval (GET /api/approval-flows/approvals/{id})'),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  respondedAt: z.string().nullable().describe('when the candidate accepted or declined'),
  employeeId: z.uuid().nullable().describe('the employee its acceptance made'),
  createdByUserId: z.uuid(),
  createdAt: z.string(),
});

export const ApplicationView = z.object({
  id: z.uuid(),
  openingId: z.uuid(),
  openingTitle: z.string(),
  candidate: CandidateView,
  stage: z.string().describe(`the pipeline stage: ${stages.join(', ')}`),
  rejectionReason: z.string().nullable(),
  rejectionNote: z.string().nullable(),
  employeeId: z.uuid().nullable().describe('the employee made when the candidate accepted an offer'),
  stageChangedAt: z.string(),
  createdAt: z.string(),
  history: z
    .array(
      z.object({
        fromStage: z.string().nullable(),
        toStage: z.string(),
        note: z.string().nullable(),
        byUserId: z.uuid().nullable(),
        at: z.string(),
      }),
    )
    .optional()
    .describe('one application: every stage move, oldest first'),
  interviews: z.array(InterviewView).optional().describe('one application: the interviews you read'),
  offers: z.array(OfferView).optional().describe('one application, recruiting team only: its offers'),
});
