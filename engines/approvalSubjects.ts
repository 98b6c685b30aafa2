import type { ApprovalSubjects } from './approvalFlows/subject';
import { leaveApprovalSubject } from './leave/leaveApprovalSubject';
import { wfaApprovalSubject } from './workFromAnywhere/wfaApprovalSubject';
import { timesheetApprovalSubject } from './timeTracking/timesheetApprovalSubject';
import { correctionApprovalSubject } from './timeTracking/correctionApprovalSubject';
import { expenseApprovalSubject } from './expenses/expenseApprovalSubject';
import { compensationApprovalSubject } from './compensation/compensationApprovalSubject';
import { offerApprovalSubject } from './ats/offerApprovalSubject';

/**
 * The request types that go through Approval Flows, each with its own engine's side of the approval
 * (engines/approvalFlows/subject.ts). A new area adds its subject here and its type to approvalRequestTypes.
 */
export const approvalSubjects: ApprovalSubjects = {
  leave: leaveApprovalSubject,
  work_from_anywhere: wfaApprovalSubject,
  timesheet: timesheetApprovalSubject,
  time_correction: correctionApprovalSubject,
  expense_claim: expenseApprovalSubject,
  compensation_change: compensationApprovalSubject,
  offer: offerApprovalSubject,
};
