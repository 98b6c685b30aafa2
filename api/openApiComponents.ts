import type { z } from 'zod';
import { toJsonSchema, type JsonSchema } from '../operations/jsonSchema';
import { Action, Message, RequiredAction, Run, Thread } from '../operations/agent/agentSchemas';
import { Artifact, Attachment } from '../operations/agent/artifactSchemas';
import { AuditRecord } from '../operations/audit/auditSchemas';
import { Me } from '../operations/identity/getMe';
import { TokenView } from '../operations/identity/tokenSchemas';
import { LeaveRequestDetail, LeaveRequestItem } from '../operations/leave/leaveSchemas';
import { Webhook, WebhookAttempt, WebhookDelivery } from '../operations/webhooks/webhookSchemas';
import { McpServerView } from '../operations/admin/mcpServerSchemas';
import { ConnectorView } from '../operations/admin/connectorSchemas';
import { UserView } from '../operations/users/userSchemas';
import { PersonView } from '../operations/people/personSchemas';
import {
  DepartmentView,
  LegalEntityView,
  LocationView,
  PositionView,
  TeamView,
} from '../operations/organization/organizationSchemas';
import { NotificationView } from '../operations/notifications/notificationSchemas';
import { CompanyLeaveRequest, LeavePolicyView } from '../operations/companyLeave/companyLeaveSchemas';
import { CompanyApiKeyView } from '../operations/companyApiKeys/companyApiKeySchemas';
import { ApprovalFlowView, ApprovalView } from '../operations/approvalFlows/approvalFlowSchemas';
import { WfaPolicyView, WfaRequestView } from '../operations/workFromAnywhere/wfaSchemas';
import { TimeCorrectionView, TimeEntryView, TimesheetView } from '../operations/timeTracking/timeSchemas';
import { ExpenseCategoryView, ExpenseClaimSummary, ExpenseClaimView } from '../operations/expenses/expenseSchemas';
import { BonusView, ChangeView, PayBandView, SalaryView } from '../operations/compensation/compensationSchemas';
import { MoneyView } from '../operations/moneySchemas';
import { PayrollRunView, PayslipView } from '../operations/payroll/payrollSchemas';
import { ApplicationView, CandidateView, InterviewView, JobOpeningView, OfferView } from '../operations/ats/atsSchemas';
import { ProcessView, TaskView, TemplateView } from '../operations/lifecycle/lifecycleSchemas';
import { GoalView, ReviewCycleView, ReviewView } from '../operations/performance/performanceSchemas';
import { CourseView, EnrolmentView, SessionView } from '../operations/learning/learningSchemas';
import { CertificationView, EmploymentCertificateView } from '../operations/certificates/certificateSchemas';
import { InventoryAssignmentView, InventoryItemView } from '../operations/inventory/inventorySchemas';
import { ConversationView, MessageView } from '../operations/messages/messageSchemas';
import { SignatureDocumentView, SignatureRequestView } from '../operations/eSignatures/eSignatureSchemas';
import {
  PlaybookAcknowledgementView,
  PlaybookDocumentSummary,
  PlaybookDocumentView,
  PlaybookVersionView,
} from '../operations/playbook/playbookSchemas';
import {
  AbsenceAnalyticsView,
  ExpenseAnalyticsView,
  HeadcountAnalyticsView,
  LeaveLiabilityView,
  OvertimeAnalyticsView,
  TimeToHireAnalyticsView,
} from '../operations/analytics/analyticsSchemas';
import { CelebrationView, SocialCommentView, SocialPostView } from '../operations/social/socialSchemas';

/**
 * The named schemas of the OpenAPI document (`#/components/schemas/<name>`): the records the API answers with,
 * by the name a reader and a generated client know them by. The operations keep declaring their zod schemas
 * inline; the document refers to a component wherever an operation's schema is exactly one of these.
 */
const componentViews: Readonly<Record<string, z.ZodType>> = {
  Me,
  User: UserView,
  PersonalAccessToken: TokenView,
  LeaveRequest: LeaveRequestItem,
  LeaveRequestDetail,
  AgentThread: Thread,
  AgentMessage: Message,
  AgentAction: Action,
  AgentRequiredAction: RequiredAction,
  AgentRun: Run,
  Attachment,
  Artifact,
  AuditRecord,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  McpServer: McpServerView,
  Connector: ConnectorView,
  Person: PersonView,
  Department: DepartmentView,
  Team: TeamView,
  Location: LocationView,
  LegalEntity: LegalEntityView,
  Position: PositionView,
  Notification: NotificationView,
  CompanyLeaveRequest,
  LeavePolicy: LeavePolicyView,
  CompanyApiKey: CompanyApiKeyView,
  ApprovalFlow: ApprovalFlowView,
  Approval: ApprovalView,
  WorkFromAnywhereRequest: WfaRequestView,
  WorkFromAnywherePolicy: WfaPolicyView,
  TimeEntry: TimeEntryView,
  Timesheet: TimesheetView,
  TimeCorrection: TimeCorrectionView,
  ExpenseClaim: ExpenseClaimView,
  ExpenseClaimSummary,
  ExpenseCategory: ExpenseCategoryView,
  Money: MoneyView,
  PayBand: PayBandView,
  Salary: SalaryView,
  Bonus: BonusView,
  CompensationChange: ChangeView,
  PayrollRun: PayrollRunView,
  Payslip: PayslipView,
  JobOpening: JobOpeningView,
  Candidate: CandidateView,
  Application: ApplicationView,
  Interview: InterviewView,
  Offer: OfferView,
  LifecycleTemplate: TemplateView,
  LifecycleProcess: ProcessView,
  LifecycleTask: TaskView,
  ReviewCycle: ReviewCycleView,
  Review: ReviewView,
  Goal: GoalView,
  Course: CourseView,
  CourseSession: SessionView,
  Enrolment: EnrolmentView,
  Certification: CertificationView,
  EmploymentCertificate: EmploymentCertificateView,
  InventoryItem: InventoryItemView,
  InventoryAssignment: InventoryAssignmentView,
  Conversation: ConversationView,
  Message: MessageView,
  SignatureDocument: SignatureDocumentView,
  SignatureRequest: SignatureRequestView,
  PlaybookDocument: PlaybookDocumentView,
  PlaybookDocumentSummary: PlaybookDocumentSummary,
  PlaybookVersion: PlaybookVersionView,
  PlaybookAcknowledgement: PlaybookAcknowledgementView,
  HeadcountAnalytics: HeadcountAnalyticsView,
  AbsenceAnalytics: AbsenceAnalyticsView,
  OvertimeAnalytics: OvertimeAnalyticsView,
  ExpenseAnalytics: ExpenseAnalyticsView,
  TimeToHireAnalytics: TimeToHireAnalyticsView,
  LeaveLiability: LeaveLiabilityView,
  SocialPost: SocialPostView,
  SocialComment: SocialCommentView,
  Celebration: CelebrationView,
};

/** What a named schema is matched by: its canonical text (canonicalOf). */
type Shapes = ReadonlyMap<string, string>;

const byKey = ([a]: readonly [string, unknown], [b]: readonly [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

function ref(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/**
 * A JSON value's canonical text (object keys sorted, so equal schemas give one text whatever their key order),
 * and the value with every subschema equal to a named one replaced by a `$ref` to it, the largest first. A
 * subschema that only adds a description to a named one keeps the description beside the `$ref` (OpenAPI 3.1
 * allows it). `self` is not replaced at the top, so a component's body is not a reference to itself. One pass,
 * bottom up: each node's text is made of its children's, so a document is read once.
 */
function refer(value: unknown, shapes: Shapes, self?: string): { text: string; value: unknown } {
  if (Array.isArray(value)) {
    const items = value.map((item) => refer(item, shapes));
    return { text: `[${items.map((i) => i.text).join(',')}]`, value: items.map((i) => i.value) };
  }
  if (value === null || typeof value !== 'object') return { text: JSON.stringify(value), value };
  const children = Object.entries(value as Record<string, unknown>).map(
    ([key, child]) => [key, refer(child, shapes)] as const,
  );
  const sorted = [...children].sort(byKey);
  const textOf = (list: typeof children) =>
    `{${list.map(([key, child]) => `${JSON.stringify(key)}:${child.text}`).join(',')}}`;
  const text = textOf(sorted);
  const exact = shapes.get(text);
  if (exact && exact !== self) return { text, value: ref(exact) };
  const description = (value as JsonSchema).description;
  if (typeof description === 'string') {
    const described = shapes.get(textOf(sorted.filter(([key]) => key !== 'description')));
    if (described && described !== self) return { text, value: { ...ref(described), description } };
  }
  const replaced = Object.fromEntries(children.map(([key, child]) => [key, child.value]));
  return { text, value: replaced };
}

/**
 * The document's named schemas and the function that makes an operation's schema refer to them. Schemas too
 * small to be worth a name (a bare string or enum) are never matched: only objects are named.
 */
export function openApiComponents(): {
  schemas: Record<string, JsonSchema>;
  referTo: (schema: JsonSchema) => JsonSchema;
} {
  const bodies = Object.entries(componentViews).map(([name, view]) => [name, toJsonSchema(view, 'output')] as const);
  const shapes = new Map<string, string>();
  for (const [name, body] of bodies) {
    const { text } = refer(body, new Map());
    // Two names for one shape would make the document's choice arbitrary: the first declared wins, and a test
    // (test/unit/api/openApiDocument.test.ts) keeps every name in use.
    if (!shapes.has(text)) shapes.set(text, name);
  }
  const schemas = Object.fromEntries(
    bodies.map(([name, body]) => [name, refer(body, shapes, name).value as JsonSchema]),
  );
  return { schemas, referTo: (schema) => refer(schema, shapes).value as JsonSchema };
}
