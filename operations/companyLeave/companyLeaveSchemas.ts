import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import type { LeaveRequestView } from '../../engines/leave/requestViews';
import { FIRST_YEAR, LAST_YEAR } from '../../lib/calendar/isoDate';
import { LeaveStatusSchema } from '../leave/leaveSchemas';

/** What every operation of the company Leave area shares: the leave engine behind /api/v1, in company form. */
export const companyLeaveOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Leave',
} as const;

/** A leave request in the company API's camelCase, with the employee's id and number. */
export const CompanyLeaveRequest = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  employeeNumber: z.number().int(),
  employeeName: z.string(),
  policyId: z.uuid(),
  policy: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  totalDays: z.number().describe('working days off (weekends and public holidays excluded)'),
  halfDay: z.boolean(),
  status: LeaveStatusSchema,
  reason: z.string().nullable(),
  routedTo: z
    .enum(['MANAGER', 'HR', 'AUTO', 'FLOW'])
    .describe('who decides now: the manager, HR, nobody (auto-approved), or another person of the approval flow'),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  createdAt: z.string(),
});

export function companyLeaveRequestOf(v: LeaveRequestView): z.input<typeof CompanyLeaveRequest> {
  return {
    id: v.id,
    employeeId: v.employeeId,
    employeeNumber: v.employeeNumber,
    employeeName: v.employeeName,
    policyId: v.policyId,
    policy: v.policyName,
    startDate: v.startDate,
    endDate: v.endDate,
    totalDays: v.totalDays,
    halfDay: v.halfDay,
    status: v.status,
    reason: v.reason,
    routedTo: v.routedTo,
    decidedAt: v.decidedAt?.toISOString() ?? null,
    decisionComment: v.decisionComment,
    createdAt: v.createdAt.toISOString(),
  };
}

export const Year = z.coerce.number().int().min(FIRST_YEAR).max(LAST_YEAR);

export const RequestId = z.object({ id: z.uuid().describe('the leave request id') });
