import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';

/** What every operation of the Time Tracking area shares (company-api.md). */
export const timeOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Time Tracking',
} as const;

const FIRST = Date.parse('1900-01-01T00:00:00Z');
const LAST = Date.parse('2200-01-01T00:00:00Z');

/** An instant, ISO 8601 with a zone (`2026-11-18T08:00:00.000Z`), between 1900 and 2199; a Date once parsed. */
export const Timestamp = z.iso
  .datetime({ offset: true })
  .refine((s) => Date.parse(s) >= FIRST && Date.parse(s) < LAST, 'must lie between 1900 and 2199')
  .transform((s) => new Date(s));

export const EmployeeIdInput = z
  .uuid()
  .optional()
  .describe('whose time: default your own; someone else’s only for HR_MANAGER, ADMIN and OWNER (a clock-in device)');

export const Note = z.string().trim().max(500).optional().describe('a note kept with the entry, up to 500 characters');

export const Limit = z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50');
export const Cursor = z.uuid().optional().describe('nextCursor of the previous page');
export const NextCursor = z.string().nullable().describe('pass as cursor for the next page; null on the last page');

export const Warning = z
  .enum(['daily_limit_exceeded', 'short_break', 'weekly_limit_exceeded'])
  .describe('a limit of the policy exceeded: a warning, never a refusal');

export const TimeEntryView = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  date: z.string().describe('the tenant calendar day it began, YYYY-MM-DD: the day it counts on'),
  startedAt: z.string(),
  endedAt: z.string().nullable().describe('null while clocked in'),
  open: z.boolean().describe('clocked in: no end yet'),
  breakMinutes: z.number().int().describe('minutes of breaks, a break under way counted up to now'),
  onBreakSince: z.string().nullable().describe('the start of the break under way, if any'),
  workedMinutes: z.number().int().describe('length less breaks; an open entry counts up to now'),
  source: z.string().describe('clock (live), manual (posted closed), correction (an approved correction)'),
  note: z.string().nullable(),
  flaggedAt: z.string().nullable().describe('when it was flagged as a forgotten clock-out (never closed for you)'),
  createdAt: z.string(),
});

export const EntryAnswer = z.object({
  entry: TimeEntryView,
  warnings: z.array(Warning).describe('what the entry’s day and week now exceed of the policy'),
});

export const EntryId = z.object({ id: z.uuid().describe('the time entry id') });

export const TimeTrackingPolicyView = z.object({
  dailyTargetMinutes: z.number().int(),
  dailyLimitMinutes: z.number().int(),
  weeklyLimitMinutes: z.number().int(),
  minBreakMinutes: z.number().int(),
  forgottenAfterMinutes: z.number().int(),
  overtimeRatePercent: z.number().int(),
  configured: z.boolean().describe('false: the defaults (480, 600, 2880, 30, 720, 125)'),
});

export const TimesheetStatus = z.enum(['SUBMITTED', 'APPROVED', 'REJECTED', 'CANCELLED']);

export const DayView = z.object({
  date: z.string(),
  workedMinutes: z.number().int(),
  breakMinutes: z.number().int(),
  targetMinutes: z.number().int().describe('the daily target on a working day; 0 on weekends, holidays, leave'),
  warnings: z.array(Warning),
  entryIds: z.array(z.uuid()),
  flaggedEntryIds: z.array(z.uuid()).describe('entries flagged as a forgotten clock-out'),
  openEntryId: z.uuid().nullable().describe('the entry still open on the day'),
});

export const WeekView = z.object({
  weekStart: z.string().describe('the Monday'),
  weekEnd: z.string().describe('the Sunday'),
  days: z.array(DayView),
  workedMinutes: z.number().int(),
  targetMinutes: z.number().int(),
  overtimeMinutes: z.number().int().describe('worked beyond the target, never negative'),
  warnings: z.array(Warning),
  timesheet: z
    .object({ id: z.uuid(), status: TimesheetStatus })
    .nullable()
    .describe('the week’s sign-off, if submitted (the newest not cancelled)'),
});

export const TimesheetView = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  status: TimesheetStatus,
  workedMinutes: z.number().int(),
  targetMinutes: z.number().int(),
  overtimeMinutes: z.number().int().describe('what Payroll pays once APPROVED, with the month of weekEnd'),
  warnings: z.array(z.string()),
  approvalId: z.uuid().nullable().describe('its approval (GET /api/approval-flows/approvals/{id})'),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  createdAt: z.string(),
});

export const TimesheetId = z.object({ id: z.uuid().describe('the timesheet id') });

export const CorrectionStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED']);

export const TimeCorrectionView = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  entryId: z.uuid().nullable().describe('the entry it changes; null: it adds a missing one'),
  date: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  breakMinutes: z.number().int(),
  workedMinutes: z.number().int(),
  reason: z.string(),
  status: CorrectionStatus,
  approvalId: z.uuid().nullable().describe('its approval (GET /api/approval-flows/approvals/{id})'),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  createdAt: z.string(),
});

export const CorrectionId = z.object({ id: z.uuid().describe('the time correction id') });

/** The body of the live clock's four operations. */
export const ClockBody = z.strictObject({ employeeId: EmployeeIdInput, note: Note });

/** A month, `YYYY-MM`, between 1900 and 2199. */
export const MonthString = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM')
  .refine((m) => Number(m.slice(0, 4)) >= 1900 && Number(m.slice(0, 4)) <= 2199, 'must lie between 1900 and 2199');

export const MonthView = z.object({
  employeeId: z.uuid(),
  employeeName: z.string(),
  month: z.string(),
  firstDay: z.string().describe('the Monday of its first week'),
  lastDay: z.string().describe('the Sunday of its last week'),
  weeks: z.array(WeekView).describe('the weeks whose Sunday falls in the month, as Payroll pays them'),
  workedMinutes: z.number().int(),
  targetMinutes: z.number().int(),
  overtimeMinutes: z.number().int().describe('the sum of its weeks’ overtime'),
});
