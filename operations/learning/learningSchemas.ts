import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { roles } from '../../engines/access/roles';

/** What every operation of the Learning area shares (company-api.md). */
export const learningOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Learning',
} as const;

export const IdParam = z.object({ id: z.uuid().describe('the id') });
export const Limit = z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50');
export const Cursor = z.uuid().optional().describe('nextCursor of the previous page');
export { NextCursor } from '../organization/organizationSchemas';

const FIRST = Date.parse('1900-01-01T00:00:00Z');
const LAST = Date.parse('2200-01-01T00:00:00Z');

/** An instant, ISO 8601 with a zone, between 1900 and 2199; a Date once parsed. */
export const Timestamp = z.iso
  .datetime({ offset: true })
  .refine((s) => Date.parse(s) >= FIRST && Date.parse(s) < LAST, 'must lie between 1900 and 2199')
  .transform((s) => new Date(s));

export const EnrolmentStatus = z.enum(['ENROLLED', 'COMPLETED', 'CANCELLED']);
export const RoleName = z.enum(roles);

export const courseFields = {
  title: z.string().trim().min(1).max(200).describe('the course’s title, unique in the workspace'),
  description: z.string().trim().max(5000).nullable().describe('what it teaches'),
  provider: z.string().trim().max(200).nullable().describe('who gives it (an academy, a vendor, in house)'),
  durationMinutes: z.number().int().min(1).max(100_000).nullable().describe('how long it takes, in minutes'),
  validityMonths: z
    .number()
    .int()
    .min(1)
    .max(600)
    .nullable()
    .describe('a completion counts this many months, then a required training is due again; null: for ever'),
};

export const CourseView = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  provider: z.string().nullable(),
  durationMinutes: z.number().nullable(),
  validityMonths: z.number().nullable().describe('null: a completion counts for ever'),
  active: z.boolean().describe('false: deactivated; nobody enrols and no requirement assigns it'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const sessionFields = {
  startsAt: Timestamp.describe('when it begins (ISO 8601 with a zone)'),
  endsAt: Timestamp.describe('when it ends; after startsAt'),
  location: z.string().trim().min(1).max(200).nullable().describe('a room, a city, or a video link'),
  capacity: z.number().int().min(1).max(100_000).nullable().describe('seats; null: no limit'),
};

export const SessionView = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string().nullable(),
  capacity: z.number().nullable(),
  enrolled: z.number().describe('seats taken: enrolments in the session that are not cancelled'),
  seatsLeft: z.number().nullable().describe('null: no limit'),
  createdAt: z.string(),
});

export const EnrolmentView = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  sessionId: z.uuid().nullable(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  status: EnrolmentStatus,
  requirementId: z.uuid().nullable().describe('the required training that assigned it; null: chosen'),
  dueDate: z.string().nullable().describe('YYYY-MM-DD: a required training’s due date'),
  overdue: z.boolean().describe('ENROLLED and its due date has passed (today in the workspace’s calendar)'),
  remindedOverdueAt: z.string().nullable().describe('when the person and their manager were told it is overdue'),
  completedAt: z.string().nullable(),
  validUntil: z.string().nullable().describe('YYYY-MM-DD: a completion of a course with validityMonths ends then'),
  enrolledByUserId: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const RequirementView = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  role: RoleName.nullable().describe('only people whose user has this role; null: any role'),
  departmentId: z.uuid().nullable().describe('only people of this department; null: any department'),
  dueWithinDays: z.number().describe('days from being assigned to the due date'),
  createdByUserId: z.uuid(),
  createdAt: z.string(),
});
