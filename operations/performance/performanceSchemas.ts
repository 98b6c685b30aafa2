import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { IsoDateString } from '../leave/leaveSchemas';
import { NextCursor } from '../organization/organizationSchemas';

/** What every operation of the Performance area shares (company-api.md). */
export const performanceOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Performance',
} as const;

export { IsoDateString, NextCursor };

export const IdParam = z.object({ id: z.uuid().describe('the id') });

export const PageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
  cursor: z.uuid().optional().describe('nextCursor of the previous page'),
};

export const ReviewCycleStatus = z.enum(['DRAFT', 'SCHEDULED', 'OPEN', 'CLOSED', 'RELEASED', 'CANCELLED']);
export const ReviewStatus = z.enum(['OPEN', 'SUBMITTED', 'EXPIRED']);
export const ReviewKind = z.enum(['self', 'manager', 'peer']);
export const GoalStatus = z.enum(['ACTIVE', 'COMPLETED', 'CANCELLED']);

export const ReviewQuestion = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -')
    .describe('the question’s key in the answers, unique in the cycle'),
  text: z.string().trim().min(1).max(500).describe('the question as reviewers read it'),
  type: z.enum(['rating', 'text']).describe('rating: answered 1 to 5 (sensitive); text: answered in words'),
});

export const ReviewCycleView = z.object({
  id: z.uuid(),
  name: z.string(),
  periodStart: z.string().describe('YYYY-MM-DD: the first day of the period reviewed'),
  periodEnd: z.string().describe('YYYY-MM-DD: the last day of the period reviewed'),
  opensOn: z.string().describe('YYYY-MM-DD: the reviews open when this day begins'),
  closesOn: z.string().describe('YYYY-MM-DD: the last day to submit; the cycle closes when the next day begins'),
  reviewKinds: z.array(ReviewKind),
  questions: z.array(z.object({ id: z.string(), text: z.string(), type: z.enum(['rating', 'text']) })),
  departmentId: z.uuid().nullable().describe('who takes part: this department; null: everyone'),
  status: ReviewCycleStatus,
  workflowId: z.string().nullable().describe('the Temporal workflow that opens, reminds and closes it; null: a draft'),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  createdAt: z.string(),
});

const PersonRef = z.object({ employeeId: z.uuid(), name: z.string() });

/** A rating, 1 (lowest) to 5. */
export const Rating = z.number().int().min(1).max(5);

export const Answer = z.strictObject({
  rating: Rating.optional().describe('for a rating question'),
  text: z.string().max(5000).optional().describe('for a text question, at most 5000 characters'),
});

export const Answers = z
  .record(z.string().max(40), Answer)
  .refine((a) => Object.keys(a).length <= 30, 'at most 30 answers')
  .describe('per question id: { rating } for a rating question, { text } for a text question');

export const ReviewView = z.object({
  id: z.uuid(),
  cycleId: z.uuid(),
  cycleName: z.string(),
  cycleStatus: ReviewCycleStatus,
  kind: z.string().describe('self, manager or peer'),
  subject: PersonRef.describe('who is reviewed'),
  reviewer: PersonRef.describe('who writes it'),
  status: ReviewStatus,
  answers: z
    .record(z.string(), z.object({ rating: z.number().optional(), text: z.string().optional() }))
    .optional()
    .describe('sensitive: absent for the subject until the cycle is released (unless they wrote it)'),
  rating: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('the overall rating, 1 to 5; sensitive as answers; null: not rated yet'),
  submittedAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A key result's number: finite and bounded, so what is stored reads back the same. */
export const KrNumber = z.number().finite().min(-1e12).max(1e12);

export const KeyResultView = z.object({
  id: z.uuid(),
  title: z.string(),
  unit: z.string().nullable(),
  startValue: z.number(),
  targetValue: z.number(),
  currentValue: z.number(),
  progress: z.number().describe('percent, 0 to 100: (current - start) / (target - start), bounded'),
  updatedAt: z.string(),
});

export const GoalView = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  period: z.string().describe('2026, 2026-H1 or 2026-Q3'),
  dueDate: z.string().nullable(),
  status: GoalStatus,
  progress: z.number().describe('percent, 0 to 100: the mean of the key results’ progress'),
  keyResults: z.array(KeyResultView),
  createdByUserId: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A goal's period: a year, a half or a quarter of a year from 2000 to 2100. */
export const GoalPeriod = z
  .string()
  .regex(/^(20\d{2}|2100)(-Q[1-4]|-H[12])?$/, 'must be a year (2026), a half (2026-H1) or a quarter (2026-Q3)')
  .describe('2026, 2026-H1 or 2026-Q3');
