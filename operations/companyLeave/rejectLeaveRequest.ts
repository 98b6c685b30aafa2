import { leaveDecisionOperation } from './leaveDecisionOperation';

export const rejectLeaveRequest = leaveDecisionOperation('reject');
