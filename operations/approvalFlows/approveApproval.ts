import { approvalDecisionOperation } from './approvalDecisionOperation';

export const approveApproval = approvalDecisionOperation('approve');
