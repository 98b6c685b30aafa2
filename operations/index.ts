import { createMcpServer } from './admin/createMcpServer';
import { deleteMcpServer } from './admin/deleteMcpServer';
import { getMcpServer } from './admin/getMcpServer';
import { listMcpServers } from './admin/listMcpServers';
import { updateMcpServer } from './admin/updateMcpServer';
import { listAgentThreads } from './agent/listAgentThreads';
import { createAgentThread } from './agent/createAgentThread';
import { getAgentThread } from './agent/getAgentThread';
import { sendAgentMessage } from './agent/sendAgentMessage';
import { getAgentRun } from './agent/getAgentRun';
import { streamAgentRun } from './agent/streamAgentRun';
import { decideAgentRun } from './agent/decideAgentRun';
import { answerAgentRun } from './agent/answerAgentRun';
import { cancelAgentRun } from './agent/cancelAgentRun';
import { decideAgentAction } from './agent/decideAgentAction';
import { exchangeAgentToken } from './agent/exchangeAgentToken';
import { lookupAgentUser } from './agent/lookupAgentUser';
import { uploadAgentAttachment } from './agent/uploadAgentAttachment';
import { listAgentArtifacts } from './agent/listAgentArtifacts';
import { getAgentArtifact } from './agent/getAgentArtifact';
import { downloadAgentArtifact } from './agent/downloadAgentArtifact';
import { exportAgentAudit } from './audit/exportAgentAudit';
import { getAgentAuditPublicKey } from './audit/getAgentAuditPublicKey';
import { listAgentAudit } from './audit/listAgentAudit';
import { verifyAgentAudit } from './audit/verifyAgentAudit';
import { listPeople } from './people/listPeople';
import { getPerson } from './people/getPerson';
import { createPerson } from './people/createPerson';
import { updatePerson } from './people/updatePerson';
import { terminatePerson } from './people/terminatePerson';
import { listDepartments } from './organization/listDepartments';
import { createDepartment } from './organization/createDepartment';
import { updateDepartment } from './organization/updateDepartment';
import { deleteDepartment } from './organization/deleteDepartment';
import { listTeams } from './organization/listTeams';
import { getTeam } from './organization/getTeam';
import { createTeam } from './organization/createTeam';
import { updateTeam } from './organization/updateTeam';
import { deleteTeam } from './organization/deleteTeam';
import { addTeamMember } from './organization/addTeamMember';
import { removeTeamMember } from './organization/removeTeamMember';
import { listLocations } from './organization/listLocations';
import { createLocation } from './organization/createLocation';
import { updateLocation } from './organization/updateLocation';
import { deleteLocation } from './organization/deleteLocation';
import { listLegalEntities } from './organization/listLegalEntities';
import { createLegalEntity } from './organization/createLegalEntity';
import { updateLegalEntity } from './organization/updateLegalEntity';
import { deleteLegalEntity } from './organization/deleteLegalEntity';
import { listPositions } from './organization/listPositions';
import { createPosition } from './organization/createPosition';
import { updatePosition } from './organization/updatePosition';
import { deletePosition } from './organization/deletePosition';
import { getOrgChart } from './organization/getOrgChart';
import { listUsers } from './users/listUsers';
import { getUser } from './users/getUser';
import { changeUserRole } from './users/changeUserRole';
import { setUserExternalId } from './users/setUserExternalId';
import { deactivateUser } from './users/deactivateUser';
import { reactivateUser } from './users/reactivateUser';
import { inviteUser } from './users/inviteUser';
import { acceptUserInvitation } from './users/acceptUserInvitation';
import { listMyNotifications } from './notifications/listMyNotifications';
import { markNotificationRead } from './notifications/markNotificationRead';
import { markAllNotificationsRead } from './notifications/markAllNotificationsRead';
import { getNotificationPreferences } from './notifications/getNotificationPreferences';
import { setNotificationPreference } from './notifications/setNotificationPreference';
import { streamNotifications } from './notifications/streamNotifications';
import { listLeavePolicies } from './companyLeave/listLeavePolicies';
import { listCompanyLeaveRequests } from './companyLeave/listCompanyLeaveRequests';
import { createCompanyLeaveRequest } from './companyLeave/createCompanyLeaveRequest';
import { getCompanyLeaveRequest } from './companyLeave/getCompanyLeaveRequest';
import { approveLeaveRequest } from './companyLeave/approveLeaveRequest';
import { rejectLeaveRequest } from './companyLeave/rejectLeaveRequest';
import { cancelCompanyLeaveRequest } from './companyLeave/cancelCompanyLeaveRequest';
import { createLeavePolicy } from './companyLeave/createLeavePolicy';
import { updateLeavePolicy } from './companyLeave/updateLeavePolicy';
import { addPublicHoliday } from './companyLeave/addPublicHoliday';
import { removePublicHoliday } from './companyLeave/removePublicHoliday';
import { getEmployeeLeaveBalances } from './companyLeave/getEmployeeLeaveBalances';
import { listPublicHolidays } from './companyLeave/listPublicHolidays';
import { adjustLeaveAllowance } from './companyLeave/adjustLeaveAllowance';
import { listCompanyApiKeys } from './companyApiKeys/listCompanyApiKeys';
import { getCompanyApiKey } from './companyApiKeys/getCompanyApiKey';
import { createCompanyApiKey } from './companyApiKeys/createCompanyApiKey';
import { rotateCompanyApiKey } from './companyApiKeys/rotateCompanyApiKey';
import { revokeCompanyApiKey } from './companyApiKeys/revokeCompanyApiKey';
import { listApprovalFlows } from './approvalFlows/listApprovalFlows';
import { getApprovalFlow } from './approvalFlows/getApprovalFlow';
import { setApprovalFlow } from './approvalFlows/setApprovalFlow';
import { resetApprovalFlow } from './approvalFlows/resetApprovalFlow';
import { listApprovals } from './approvalFlows/listApprovals';
import { getApproval } from './approvalFlows/getApproval';
import { approveApproval } from './approvalFlows/approveApproval';
import { rejectApproval } from './approvalFlows/rejectApproval';
import { delegateApproval } from './approvalFlows/delegateApproval';
import { getWorkFromAnywherePolicy } from './workFromAnywhere/getWfaPolicy';
import { setWorkFromAnywherePolicy } from './workFromAnywhere/setWfaPolicy';
import { listWorkFromAnywhereRequests } from './workFromAnywhere/listWfaRequests';
import { createWorkFromAnywhereRequest } from './workFromAnywhere/createWfaRequest';
import { getWorkFromAnywhereRequest } from './workFromAnywhere/getWfaRequest';
import { cancelWorkFromAnywhereRequest } from './workFromAnywhere/cancelWfaRequest';
import { listPeopleAbroad } from './workFromAnywhere/listPeopleAbroad';
import { getTimeTrackingPolicy } from './timeTracking/getTimeTrackingPolicy';
import { setTimeTrackingPolicy } from './timeTracking/setTimeTrackingPolicy';
import { clockIn } from './timeTracking/clockIn';
import { clockOut } from './timeTracking/clockOut';
import { startBreak } from './timeTracking/startBreak';
import { endBreak } from './timeTracking/endBreak';
import { createTimeEntry } from './timeTracking/createTimeEntry';
import { updateTimeEntry } from './timeTracking/updateTimeEntry';
import { deleteTimeEntry } from './timeTracking/deleteTimeEntry';
import { listTimeEntries } from './timeTracking/listTimeEntries';
import { getTimeEntry } from './timeTracking/getTimeEntry';
import { getWeeklyTimesheet } from './timeTracking/getWeeklyTimesheet';
import { getMonthlyTimesheet } from './timeTracking/getMonthlyTimesheet';
import { submitTimesheet } from './timeTracking/submitTimesheet';
import { listTimesheets } from './timeTracking/listTimesheets';
import { getTimesheet } from './timeTracking/getTimesheet';
import { cancelTimesheet } from './timeTracking/cancelTimesheet';
import { createTimeCorrection } from './timeTracking/createTimeCorrection';
import { listTimeCorrections } from './timeTracking/listTimeCorrections';
import { getTimeCorrection } from './timeTracking/getTimeCorrection';
import { cancelTimeCorrection } from './timeTracking/cancelTimeCorrection';
import { listExpenseCategories } from './expenses/listExpenseCategories';
import { createExpenseCategory } from './expenses/createExpenseCategory';
import { updateExpenseCategory } from './expenses/updateExpenseCategory';
import { uploadExpenseReceipt } from './expenses/uploadExpenseReceipt';
import { downloadExpenseReceipt } from './expenses/downloadExpenseReceipt';
import { listExpenseClaims } from './expenses/listExpenseClaims';
import { createExpenseClaim } from './expenses/createExpenseClaim';
import { getExpenseClaim } from './expenses/getExpenseClaim';
import { updateExpenseClaim } from './expenses/updateExpenseClaim';
import { submitExpenseClaim } from './expenses/submitExpenseClaim';
import { withdrawExpenseClaim } from './expenses/withdrawExpenseClaim';
import { deleteExpenseClaim } from './expenses/deleteExpenseClaim';
import { getCompensationSettings } from './compensation/getCompensationSettings';
import { setCompensationSettings } from './compensation/setCompensationSettings';
import { listPayBands } from './compensation/listPayBands';
import { createPayBand } from './compensation/createPayBand';
import { updatePayBand } from './compensation/updatePayBand';
import { getEmployeeCompensation } from './compensation/getEmployeeCompensation';
import { recordSalary } from './compensation/recordSalary';
import { createCompensationItem } from './compensation/createCompensationItem';
import { endAllowance } from './compensation/endAllowance';
import { proposeCompensationChange } from './compensation/proposeCompensationChange';
import { listCompensationChanges } from './compensation/listCompensationChanges';
import { getCompensationChange } from './compensation/getCompensationChange';
import { cancelCompensationChange } from './compensation/cancelCompensationChange';
import { listCourses } from './learning/listCourses';
import { createCourse } from './learning/createCourse';
import { updateCourse } from './learning/updateCourse';
import { listCourseSessions } from './learning/listCourseSessions';
import { createCourseSession } from './learning/createCourseSession';
import { updateCourseSession } from './learning/updateCourseSession';
import { listEnrolments } from './learning/listEnrolments';
import { getEnrolment } from './learning/getEnrolment';
import { createEnrolment } from './learning/createEnrolment';
import { completeEnrolment } from './learning/completeEnrolment';
import { cancelEnrolment } from './learning/cancelEnrolment';
import { chooseEnrolmentSession } from './learning/chooseEnrolmentSession';
import { listTrainingRequirements } from './learning/listTrainingRequirements';
import { createTrainingRequirement } from './learning/createTrainingRequirement';
import { listPayPeriods } from './payroll/listPayPeriods';
import { startPayrollRun } from './payroll/startPayrollRun';
import { listPayrollRuns } from './payroll/listPayrollRuns';
import { getPayrollRun } from './payroll/getPayrollRun';
import { approvePayrollRun } from './payroll/approvePayrollRun';
import { cancelPayrollRun } from './payroll/cancelPayrollRun';
import { exportPayrollRun } from './payroll/exportPayrollRun';
import { listPayslips } from './payroll/listPayslips';
import { getPayslip } from './payroll/getPayslip';
import { createReviewCycle } from './performance/createReviewCycle';
import { listReviewCycles } from './performance/listReviewCycles';
import { getReviewCycle } from './performance/getReviewCycle';
import { launchReviewCycle } from './performance/launchReviewCycle';
import { cancelReviewCycle } from './performance/cancelReviewCycle';
import { releaseReviewCycle } from './performance/releaseReviewCycle';
import { listReviews } from './performance/listReviews';
import { getReview } from './performance/getReview';
import { saveReview } from './performance/saveReview';
import { submitReview } from './performance/submitReview';
import { nominatePeerReviewer } from './performance/nominatePeerReviewer';
import { createGoal } from './performance/createGoal';
import { listGoals } from './performance/listGoals';
import { getGoal } from './performance/getGoal';
import { updateKeyResult } from './performance/updateKeyResult';
import { completeGoal } from './performance/completeGoal';
import { cancelGoal } from './performance/cancelGoal';
import { createCertification } from './certificates/createCertification';
import { listCertifications } from './certificates/listCertifications';
import { getCertification } from './certificates/getCertification';
import { updateCertification } from './certificates/updateCertification';
import { deleteCertification } from './certificates/deleteCertification';
import { attachCertificationDocument } from './certificates/attachCertificationDocument';
import { downloadCertificationDocument } from './certificates/downloadCertificationDocument';
import { issueEmploymentCertificate } from './certificates/issueEmploymentCertificate';
import { listEmploymentCertificates } from './certificates/listEmploymentCertificates';
import { getEmploymentCertificate } from './certificates/getEmploymentCertificate';
import { downloadEmploymentCertificate } from './certificates/downloadEmploymentCertificate';
import { listInventoryItems } from './inventory/listInventoryItems';
import { createInventoryItem } from './inventory/createInventoryItem';
import { getInventoryItem } from './inventory/getInventoryItem';
import { updateInventoryItem } from './inventory/updateInventoryItem';
import { setInventoryItemStatus } from './inventory/setInventoryItemStatus';
import { retireInventoryItem } from './inventory/retireInventoryItem';
import { assignInventoryItem } from './inventory/assignInventoryItem';
import { returnInventoryItem } from './inventory/returnInventoryItem';
import { listInventoryAssignments } from './inventory/listInventoryAssignments';
import { listInventoryHoldings } from './inventory/listInventoryHoldings';
import { listConversations } from './messages/listConversations';
import { createConversation } from './messages/createConversation';
import { getConversation } from './messages/getConversation';
import { addConversationParticipants } from './messages/addConversationParticipants';
import { leaveConversation } from './messages/leaveConversation';
import { listMessages } from './messages/listMessages';
import { postMessage } from './messages/postMessage';
import { markConversationRead } from './messages/markConversationRead';
import { uploadSignatureDocument } from './eSignatures/uploadSignatureDocument';
import { getSignatureDocument } from './eSignatures/getSignatureDocument';
import { downloadSignatureDocument } from './eSignatures/downloadSignatureDocument';
import { replaceSignatureDocument } from './eSignatures/replaceSignatureDocument';
import { deleteSignatureDocument } from './eSignatures/deleteSignatureDocument';
import { createSignatureRequest } from './eSignatures/createSignatureRequest';
import { listSignatureRequests } from './eSignatures/listSignatureRequests';
import { getSignatureRequest } from './eSignatures/getSignatureRequest';
import { signSignatureRequest } from './eSignatures/signSignatureRequest';
import { declineSignatureRequest } from './eSignatures/declineSignatureRequest';
import { downloadSignedPdf } from './eSignatures/downloadSignedPdf';
import { listPlaybookDocuments } from './playbook/listPlaybookDocuments';
import { createPlaybookDocument } from './playbook/createPlaybookDocument';
import { getPlaybookDocument } from './playbook/getPlaybookDocument';
import { editPlaybookDraft } from './playbook/editPlaybookDraft';
import { publishPlaybookDocument } from './playbook/publishPlaybookDocument';
import { listPlaybookVersions } from './playbook/listPlaybookVersions';
import { acknowledgePlaybookPolicy } from './playbook/acknowledgePlaybookPolicy';
import { listPlaybookUnacknowledged } from './playbook/listPlaybookUnacknowledged';
import { listPlaybookAcknowledgements } from './playbook/listPlaybookAcknowledgements';
import { getHeadcountAnalytics } from './analytics/getHeadcountAnalytics';
import { getAbsenceAnalytics } from './analytics/getAbsenceAnalytics';
import { getOvertimeAnalytics } from './analytics/getOvertimeAnalytics';
import { getExpenseAnalytics } from './analytics/getExpenseAnalytics';
import { getTimeToHireAnalytics } from './analytics/getTimeToHireAnalytics';
import { getLeaveLiabilityAnalytics } from './analytics/getLeaveLiabilityAnalytics';
import { exportAnalytics } from './analytics/exportAnalytics';
import { listSocialPosts } from './social/listSocialPosts';
import { createSocialPost } from './social/createSocialPost';
import { getSocialPost } from './social/getSocialPost';
import { updateSocialPost } from './social/updateSocialPost';
import { deleteSocialPost } from './social/deleteSocialPost';
import { listSocialComments } from './social/listSocialComments';
import { createSocialComment } from './social/createSocialComment';
import { deleteSocialComment } from './social/deleteSocialComment';
import { addSocialReaction } from './social/addSocialReaction';
import { removeSocialReaction } from './social/removeSocialReaction';
import { listCelebrations } from './social/listCelebrations';
import { setBirthdayConsent } from './social/setBirthdayConsent';
import { listJobOpenings } from './ats/listJobOpenings';
import { getJobOpening } from './ats/getJobOpening';
import { createJobOpening } from './ats/createJobOpening';
import { updateJobOpening } from './ats/updateJobOpening';
import { setJobOpeningStatus } from './ats/setJobOpeningStatus';
import { createApplication } from './ats/createApplication';
import { listApplications } from './ats/listApplications';
import { getApplication } from './ats/getApplication';
import { moveApplicationStage } from './ats/moveApplicationStage';
import { rejectApplication } from './ats/rejectApplication';
import { withdrawApplication } from './ats/withdrawApplication';
import { reopenApplication } from './ats/reopenApplication';
import { scheduleInterview } from './ats/scheduleInterview';
import { cancelInterview } from './ats/cancelInterview';
import { completeInterview } from './ats/completeInterview';
import { submitInterviewFeedback } from './ats/submitInterviewFeedback';
import { createOffer } from './ats/createOffer';
import { getOffer } from './ats/getOffer';
import { withdrawOffer } from './ats/withdrawOffer';
import { acceptOffer } from './ats/acceptOffer';
import { declineOffer } from './ats/declineOffer';
import { listInterviews } from './ats/listInterviews';
import { listOffers } from './ats/listOffers';
import { listOnboardingTemplates } from './onboarding/listOnboardingTemplates';
import { getOnboardingTemplate } from './onboarding/getOnboardingTemplate';
import { createOnboardingTemplate } from './onboarding/createOnboardingTemplate';
import { updateOnboardingTemplate } from './onboarding/updateOnboardingTemplate';
import { deleteOnboardingTemplate } from './onboarding/deleteOnboardingTemplate';
import { listOnboardingProcesses } from './onboarding/listOnboardingProcesses';
import { getOnboardingProcess } from './onboarding/getOnboardingProcess';
import { startOnboarding } from './onboarding/startOnboarding';
import { listOnboardingTasks } from './onboarding/listOnboardingTasks';
import { completeOnboardingTask } from './onboarding/completeOnboardingTask';
import { skipOnboardingTask } from './onboarding/skipOnboardingTask';
import { listOffboardingTemplates } from './offboarding/listOffboardingTemplates';
import { getOffboardingTemplate } from './offboarding/getOffboardingTemplate';
import { createOffboardingTemplate } from './offboarding/createOffboardingTemplate';
import { updateOffboardingTemplate } from './offboarding/updateOffboardingTemplate';
import { deleteOffboardingTemplate } from './offboarding/deleteOffboardingTemplate';
import { recordTermination } from './offboarding/recordTermination';
import { cancelTermination } from './offboarding/cancelTermination';
import { listOffboardingProcesses } from './offboarding/listOffboardingProcesses';
import { getOffboardingProcess } from './offboarding/getOffboardingProcess';
import { listOffboardingTasks } from './offboarding/listOffboardingTasks';
import { completeOffboardingTask } from './offboarding/completeOffboardingTask';
import { skipOffboardingTask } from './offboarding/skipOffboardingTask';
import { createConnector } from './admin/createConnector';
import { listConnectors } from './admin/listConnectors';
import { revokeConnector } from './admin/revokeConnector';
import { openConnectorSocket } from './connectors/openConnectorSocket';
import type { Operation } from './defineOperation';
import { createPersonalAccessToken } from './identity/createPersonalAccessToken';
import { getMe } from './identity/getMe';
import { listPersonalAccessTokens } from './identity/listPersonalAccessTokens';
import { revokePersonalAccessToken } from './identity/revokePersonalAccessToken';
import { cancelLeaveRequest } from './leave/cancelLeaveRequest';
import { createLeaveRequest } from './leave/createLeaveRequest';
import { decideLeaveRequest } from './leave/decideLeaveRequest';
import { getLeaveBalances } from './leave/getLeaveBalances';
import { listLeaveApprovals } from './leave/listLeaveApprovals';
import { listLeaveRequests } from './leave/listLeaveRequests';
import { listNotifications } from './notifications/listNotifications';
import { untakenLeaveReport } from './reports/untakenLeaveReport';
import { getHealth } from './system/getHealth';
import { getMcpResourceMetadata } from './system/getMcpResourceMetadata';
import { getOpenApiDocument } from './system/getOpenApiDocument';
import { getReadiness } from './system/getReadiness';
import { createAgentWebhook } from './webhooks/createAgentWebhook';
import { disableAgentWebhook } from './webhooks/disableAgentWebhook';
import { enableAgentWebhook } from './webhooks/enableAgentWebhook';
import { getAgentWebhook } from './webhooks/getAgentWebhook';
import { getAgentWebhookDelivery } from './webhooks/getAgentWebhookDelivery';
import { listAgentWebhookDeliveries } from './webhooks/listAgentWebhookDeliveries';
import { listAgentWebhooks } from './webhooks/listAgentWebhooks';
import { rotateAgentWebhookSecret } from './webhooks/rotateAgentWebhookSecret';

/**
 * The operation registry: the single source of routes, validation, the OpenAPI document, the reference
 * page and the MCP tool list. Each area of operations lives in its own folder, one operation per file.
 */
export const operations: readonly Operation[] = [
  // System
  getHealth,
  getReadiness,
  getOpenApiDocument,
  getMcpResourceMetadata,
  // Identity
  getMe,
  createPersonalAccessToken,
  listPersonalAccessTokens,
  revokePersonalAccessToken,
  // Leave
  listLeaveRequests,
  createLeaveRequest,
  listLeaveApprovals,
  decideLeaveRequest,
  cancelLeaveRequest,
  getLeaveBalances,
  // Reports
  untakenLeaveReport,
  // Notifications
  listNotifications,
  // Agent
  exchangeAgentToken,
  lookupAgentUser,
  listAgentThreads,
  createAgentThread,
  getAgentThread,
  sendAgentMessage,
  getAgentRun,
  streamAgentRun,
  decideAgentRun,
  answerAgentRun,
  cancelAgentRun,
  decideAgentAction,
  // Agent attachments and artifacts
  uploadAgentAttachment,
  listAgentArtifacts,
  getAgentArtifact,
  downloadAgentArtifact,
  // Agent webhooks
  listAgentWebhooks,
  createAgentWebhook,
  getAgentWebhook,
  disableAgentWebhook,
  enableAgentWebhook,
  rotateAgentWebhookSecret,
  listAgentWebhookDeliveries,
  getAgentWebhookDelivery,
  // Agent audit
  listAgentAudit,
  exportAgentAudit,
  verifyAgentAudit,
  getAgentAuditPublicKey,
  // Connection settings: outbound MCP servers
  createMcpServer,
  listMcpServers,
  getMcpServer,
  updateMcpServer,
  deleteMcpServer,
  // Outbound connectors (admin)
  createConnector,
  listConnectors,
  revokeConnector,
  openConnectorSocket,
  // Company API: People
  listPeople,
  getPerson,
  createPerson,
  updatePerson,
  terminatePerson,
  // Company API: Organization
  listDepartments,
  createDepartment,
  updateDepartment,
  deleteDepartment,
  listTeams,
  getTeam,
  createTeam,
  updateTeam,
  deleteTeam,
  addTeamMember,
  removeTeamMember,
  listLocations,
  createLocation,
  updateLocation,
  deleteLocation,
  listLegalEntities,
  createLegalEntity,
  updateLegalEntity,
  deleteLegalEntity,
  listPositions,
  createPosition,
  updatePosition,
  deletePosition,
  getOrgChart,
  // Company API: User
  listUsers,
  getUser,
  changeUserRole,
  setUserExternalId,
  deactivateUser,
  reactivateUser,
  inviteUser,
  acceptUserInvitation,
  // Company API: Notifications (real-time streaming)
  listMyNotifications,
  markNotificationRead,
  markAllNotificationsRead,
  getNotificationPreferences,
  setNotificationPreference,
  streamNotifications,
  // Company API: Leave
  listLeavePolicies,
  listCompanyLeaveRequests,
  createCompanyLeaveRequest,
  getCompanyLeaveRequest,
  approveLeaveRequest,
  rejectLeaveRequest,
  cancelCompanyLeaveRequest,
  getEmployeeLeaveBalances,
  listPublicHolidays,
  adjustLeaveAllowance,
  createLeavePolicy,
  updateLeavePolicy,
  addPublicHoliday,
  removePublicHoliday,
  // Company API: Company API Keys
  listCompanyApiKeys,
  getCompanyApiKey,
  createCompanyApiKey,
  rotateCompanyApiKey,
  revokeCompanyApiKey,
  // Company API: Approval Flows
  listApprovalFlows,
  getApprovalFlow,
  setApprovalFlow,
  resetApprovalFlow,
  listApprovals,
  getApproval,
  approveApproval,
  rejectApproval,
  delegateApproval,
  // Company API: Work From Anywhere
  getWorkFromAnywherePolicy,
  setWorkFromAnywherePolicy,
  listWorkFromAnywhereRequests,
  createWorkFromAnywhereRequest,
  getWorkFromAnywhereRequest,
  cancelWorkFromAnywhereRequest,
  listPeopleAbroad,
  // Company API: Time Tracking
  getTimeTrackingPolicy,
  setTimeTrackingPolicy,
  clockIn,
  clockOut,
  startBreak,
  endBreak,
  createTimeEntry,
  updateTimeEntry,
  deleteTimeEntry,
  listTimeEntries,
  getTimeEntry,
  getWeeklyTimesheet,
  getMonthlyTimesheet,
  submitTimesheet,
  listTimesheets,
  getTimesheet,
  cancelTimesheet,
  createTimeCorrection,
  listTimeCorrections,
  getTimeCorrection,
  cancelTimeCorrection,
  // Company API: Expenses
  listExpenseCategories,
  createExpenseCategory,
  updateExpenseCategory,
  uploadExpenseReceipt,
  downloadExpenseReceipt,
  listExpenseClaims,
  createExpenseClaim,
  getExpenseClaim,
  updateExpenseClaim,
  submitExpenseClaim,
  withdrawExpenseClaim,
  deleteExpenseClaim,
  // Company API: Compensation
  getCompensationSettings,
  setCompensationSettings,
  listPayBands,
  createPayBand,
  updatePayBand,
  getEmployeeCompensation,
  recordSalary,
  createCompensationItem,
  endAllowance,
  proposeCompensationChange,
  listCompensationChanges,
  getCompensationChange,
  cancelCompensationChange,
  // Company API: Learning
  listCourses,
  createCourse,
  updateCourse,
  listCourseSessions,
  createCourseSession,
  updateCourseSession,
  listEnrolments,
  getEnrolment,
  createEnrolment,
  completeEnrolment,
  cancelEnrolment,
  chooseEnrolmentSession,
  listTrainingRequirements,
  createTrainingRequirement,
  // Company API: Payroll
  listPayPeriods,
  startPayrollRun,
  listPayrollRuns,
  getPayrollRun,
  approvePayrollRun,
  cancelPayrollRun,
  exportPayrollRun,
  listPayslips,
  getPayslip,
  // Company API: Performance
  createReviewCycle,
  listReviewCycles,
  getReviewCycle,
  launchReviewCycle,
  cancelReviewCycle,
  releaseReviewCycle,
  listReviews,
  getReview,
  saveReview,
  submitReview,
  nominatePeerReviewer,
  createGoal,
  listGoals,
  getGoal,
  updateKeyResult,
  completeGoal,
  cancelGoal,
  // Company API: Certificates
  createCertification,
  listCertifications,
  getCertification,
  updateCertification,
  deleteCertification,
  attachCertificationDocument,
  downloadCertificationDocument,
  issueEmploymentCertificate,
  listEmploymentCertificates,
  getEmploymentCertificate,
  downloadEmploymentCertificate,
  // Company API: Inventory
  listInventoryItems,
  createInventoryItem,
  getInventoryItem,
  updateInventoryItem,
  setInventoryItemStatus,
  retireInventoryItem,
  assignInventoryItem,
  returnInventoryItem,
  listInventoryAssignments,
  listInventoryHoldings,
  // Company API: E-Signatures
  // Company API: Messages
  listConversations,
  createConversation,
  getConversation,
  addConversationParticipants,
  leaveConversation,
  listMessages,
  postMessage,
  markConversationRead,
  uploadSignatureDocument,
  getSignatureDocument,
  downloadSignatureDocument,
  replaceSignatureDocument,
  deleteSignatureDocument,
  createSignatureRequest,
  listSignatureRequests,
  getSignatureRequest,
  signSignatureRequest,
  declineSignatureRequest,
  downloadSignedPdf,
  // Company API: Playbook
  listPlaybookDocuments,
  createPlaybookDocument,
  getPlaybookDocument,
  editPlaybookDraft,
  publishPlaybookDocument,
  listPlaybookVersions,
  acknowledgePlaybookPolicy,
  listPlaybookUnacknowledged,
  listPlaybookAcknowledgements,
  // Company API: Analytics
  getHeadcountAnalytics,
  getAbsenceAnalytics,
  getOvertimeAnalytics,
  getExpenseAnalytics,
  getTimeToHireAnalytics,
  getLeaveLiabilityAnalytics,
  exportAnalytics,
  // Company API: Social
  listSocialPosts,
  createSocialPost,
  getSocialPost,
  updateSocialPost,
  deleteSocialPost,
  listSocialComments,
  createSocialComment,
  deleteSocialComment,
  addSocialReaction,
  removeSocialReaction,
  listCelebrations,
  setBirthdayConsent,
  // Company API: ATS (Recruiting)
  listJobOpenings,
  getJobOpening,
  createJobOpening,
  updateJobOpening,
  setJobOpeningStatus,
  createApplication,
  listApplications,
  getApplication,
  moveApplicationStage,
  rejectApplication,
  withdrawApplication,
  reopenApplication,
  scheduleInterview,
  cancelInterview,
  completeInterview,
  submitInterviewFeedback,
  createOffer,
  getOffer,
  withdrawOffer,
  acceptOffer,
  declineOffer,
  listInterviews,
  listOffers,
  // Company API: Onboarding
  listOnboardingTemplates,
  getOnboardingTemplate,
  createOnboardingTemplate,
  updateOnboardingTemplate,
  deleteOnboardingTemplate,
  listOnboardingProcesses,
  getOnboardingProcess,
  startOnboarding,
  listOnboardingTasks,
  completeOnboardingTask,
  skipOnboardingTask,
  // Company API: Offboarding
  listOffboardingTemplates,
  getOffboardingTemplate,
  createOffboardingTemplate,
  updateOffboardingTemplate,
  deleteOffboardingTemplate,
  recordTermination,
  cancelTermination,
  listOffboardingProcesses,
  getOffboardingProcess,
  listOffboardingTasks,
  completeOffboardingTask,
  skipOffboardingTask,
];

/** Finds an operation by its registry name (`create_leave_request`). */
export function findOperation(name: string): Operation | undefined {
  return operations.find((op) => op.name === name);
}
