import { leaveDecisionOperation } from './leaveDecisionOperation';

export const approveLeaveRequest = leaveDecisionOperation('approve');
