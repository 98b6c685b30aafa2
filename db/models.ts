/**
 * The database's row types, enums and the Prisma namespace (input types, errors), re-exported so that the rest of
 * svc-hr imports from db/ and never from the generated client itself.
 */
export { Prisma, Role } from './generated/prisma/client';
export { ApprovalAssignmentStatus, ApprovalStatus, CredentialKind, LeaveStatus } from './generated/prisma/client';
export { WorkFromAnywhereStatus } from './generated/prisma/client';
export {
  CompensationChangeStatus,
  ExpenseClaimStatus,
  PayPeriodStatus,
  PayrollRunStatus,
  TimeCorrectionStatus,
  TimesheetStatus,
} from './generated/prisma/client';
export {
  EnrolmentStatus,
  GoalStatus,
  InterviewStatus,
  JobOpeningStatus,
  LifecycleProcessStatus,
  LifecycleTaskStatus,
  OfferStatus,
  ReviewCycleStatus,
  ReviewStatus,
} from './generated/prisma/client';
export type {
  ApprovalAssignment,
  ApprovalFlow,
  ApprovalInstance,
  AuditCheckpoint,
  AuditHead,
  AuditPending,
  AuditRecord,
  Credential,
  Department,
  Employee,
  IdempotencyRecord,
  LeaveBalance,
  LeaveLedgerEntry,
  LeavePolicy,
  LeaveRequest,
  LeaveYearEnd,
  LegalEntity,
  Location,
  McpConnector,
  Notification,
  Position,
  PublicHoliday,
  Team,
  TeamMember,
  Tenant,
  User,
  WorkerHeartbeat,
  WorkFromAnywherePolicy,
  WorkFromAnywhereRequest,
} from './generated/prisma/client';
export type { AgentWebhook, WebhookAttempt, WebhookDelivery } from './generated/prisma/client';
export type { AgentAction } from './generated/prisma/client';
export type {
  CompensationChange,
  CompensationItem,
  CompensationSettings,
  ExpenseCategory,
  ExpenseClaim,
  ExpenseLine,
  PayBand,
  PayPeriod,
  PayrollRun,
  Payslip,
  PayslipLine,
  Salary,
  TimeBreak,
  TimeCorrection,
  TimeEntry,
  Timesheet,
  TimeTrackingPolicy,
} from './generated/prisma/client';
export type {
  Application,
  ApplicationStageChange,
  Candidate,
  Certification,
  CertificationReminder,
  Course,
  CourseSession,
  EmploymentCertificate,
  Enrolment,
  Goal,
  Interview,
  InterviewFeedback,
  JobOpening,
  KeyResult,
  LifecycleProcess,
  LifecycleTask,
  LifecycleTemplate,
  Offer,
  Review,
  ReviewCycle,
  TrainingRequirement,
} from './generated/prisma/client';
export type { InventoryAssignment, InventoryItem } from './generated/prisma/client';
export type { Message, MessageConversation, MessageParticipant } from './generated/prisma/client';
export type { ESignatureDocument, ESignatureRequest, ESignatureSigner } from './generated/prisma/client';
export type { SocialComment, SocialPost, SocialReaction } from './generated/prisma/client';
export type { PlaybookAcknowledgement, PlaybookDocument, PlaybookVersion } from './generated/prisma/client';
