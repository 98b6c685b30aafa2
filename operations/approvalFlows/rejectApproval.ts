import { approvalDecisionOperation } from './approvalDecisionOperation';

export const rejectApproval = approvalDecisionOperation('reject');
