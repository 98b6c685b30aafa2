import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import type { LeaveRequestView } from '../../engines/leave/requestViews';
import { FIRST_YEAR, LAST_YEAR } from '../../lib/calendar/isoDate';
import { LeaveStatusSchema } from '../leave/leaveSchemas';
import { policyKinds } from '../../engines/leave/policyAdmin';

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

/** A leave policy (leave type) and its rules. */
export const LeavePolicyView = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.string().describe('annual, sick, unpaid, parental or other'),
  isDefault: z.boolean(),
  yearlyAllocationDays: z.number(),
  allowHalfDays: z.boolean(),
  allowNegativeBalance: z.boolean(),
  carryOverMaxDays: z.number(),
  minNoticeDays: z.number().int(),
  maxPastDays: z.number().int(),
  requiresApproval: z.boolean(),
  active: z.boolean(),
});

const Days = z.number().min(0).max(366).multipleOf(0.5);
const WholeDays = z.number().int().min(0).max(365);

/** The fields HR sets on a policy; all optional (the create operation requires some). */
export const PolicyFieldsInput = {
  name: z.string().trim().min(1).max(100).describe('the policy’s name, unique in the workspace'),
  kind: z.enum(policyKinds).describe(`what kind of leave: ${policyKinds.join(', ')}`),
  isDefault: z.boolean().describe('the policy a request that names none gets (moves the mark from the old default)'),
  yearlyAllocationDays: Days.describe('days granted each year, 0 to 366 in half days'),
  allowHalfDays: z.boolean().describe('half days may be requested'),
  allowNegativeBalance: z.boolean().describe('requests may take more than is left'),
  carryOverMaxDays: Days.describe('unused days carried into the next year at most (the year-end carry-over)'),
  minNoticeDays: WholeDays.describe('days of notice wanted; less gives a warning'),
  maxPastDays: WholeDays.describe('how many days back a request may start (sick leave is recorded afterwards)'),
  requiresApproval: z.boolean().describe('false: requests are recorded, approved at once'),
};
