import type { LeaveStatus } from '../../db/models';

/** Every status of a leave request, in life-cycle order (docs/leave.md shows the transitions). */
export const leaveStatuses = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
  'IN_PROGRESS',
  'COMPLETED',
] as const satisfies readonly LeaveStatus[];

/** Statuses in which a request holds days and blocks another request of the same employee on the same dates. */
export const activeStatuses = ['PENDING', 'APPROVED', 'IN_PROGRESS'] as const satisfies readonly LeaveStatus[];
