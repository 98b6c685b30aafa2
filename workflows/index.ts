/**
 * Every workflow of svc-hr. The worker bundles this file (and only what it imports) into the workflow sandbox:
 * workflows import `@temporalio/workflow`, message definitions and types, never Node, Prisma or activities.
 */
export { healthProbe } from './healthProbe';
export { leaveApproval } from './leaveApproval/leaveApproval';
export { agentRun } from './agentRun/agentRun';
export { webhookDelivery } from './webhookDelivery/webhookDelivery';
export { approvalFlow } from './approvalFlow/approvalFlow';
export { timeEntryWatch } from './timeEntryWatch/timeEntryWatch';
export { leaveCarryOver, leaveYearEnd } from './leaveCarryOver/leaveCarryOver';
export { compensationChange } from './compensationChange/compensationChange';
export { learningOverdue, learningSweep } from './learningOverdue/learningOverdue';
export { lifecycleProcess } from './lifecycleProcess/lifecycleProcess';
export { payrollRun } from './payrollRun/payrollRun';
export { certificateExpiry } from './certificateExpiry/certificateExpiry';
export { reviewCycle } from './reviewCycle/reviewCycle';
export { eSignatureRequest } from './eSignatureRequest/eSignatureRequest';
