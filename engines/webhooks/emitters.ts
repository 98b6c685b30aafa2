import type { Prisma } from '../../db/models';
import { roles } from '../access/roles';
import type { PrismaClient } from '../../db/prismaClient';
import { findRequestView } from '../leave/requestViews';
import { isWebhookEventType, type WebhookEventType } from './eventTypes';
import { enqueueWebhookEvent } from './outbox';

/** The emitters the engines call inside their transactions: one per family of events (docs/webhooks.md). */

type Tx = Prisma.TransactionClient | PrismaClient;

/** True for the run events that are webhook events: run.* and action.* of the contract's list. */
export function isRunWebhookEvent(event: string): event is WebhookEventType {
  return isWebhookEventType(event) && (event.startsWith('run.') || event.startsWith('action.'));
}

/**
 * The webhook deliveries of a run event (engines/agent/events.ts calls it for every event it appends; only the
 * webhook event types go further). Sent to the webhooks of the run's own user, with the run's thread and status.
 */
export async function emitRunWebhookEvent(
  tx: Tx,
  run: { id: string; tenantId: string },
  event: string,
  data: Record<string, unknown>,
  /** The run's user, thread and status when the caller read them already (appendRunEvent's own statement). */
  known?: { userId: string; threadId: string; status: string },
): Promise<void> {
  if (!isRunWebhookEvent(event)) return;
  const row =
    known ??
    (await tx.agentRun.findUnique({
      where: { id: run.id },
      select: { userId: true, threadId: true, status: true },
    }));
  if (!row) return;
  await enqueueWebhookEvent(tx, {
    tenantId: run.tenantId,
    type: event,
    audience: { userId: row.userId },
    data: { runId: run.id, threadId: row.threadId, runStatus: row.status, ...data },
  });
}

export type LeaveWebhookEvent = Extract<WebhookEventType, `leave_request.${string}`>;

/**
 * The webhook deliveries of a leave request's status change, sent to the webhooks of users who may see its
 * employee. Call it in the transaction of the change, after the request row was written.
 */
export async function emitLeaveWebhookEvent(
  tx: Tx,
  type: LeaveWebhookEvent,
  request: { tenantId: string; id: string; employeeId: string },
  extra: Record<string, unknown> = {},
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: request.tenantId,
    type,
    audience: { employeeId: request.employeeId },
    data: async () => ({ request: await findRequestView(tx, request.tenantId, request.id), ...extra }),
  });
}

export type PeopleWebhookEvent = Extract<WebhookEventType, `people.${string}`>;

/**
 * The webhook deliveries of a change to an employee record (company API, People), sent to the webhooks of users
 * who may see the employee. The data names the person and the fields that changed, never their values: a
 * receiver reads the record through the API, where the field-level rules apply to it.
 */
export async function emitPeopleWebhookEvent(
  tx: Tx,
  type: PeopleWebhookEvent,
  employee: { tenantId: string; id: string; employeeNumber: number; name: string },
  changedFields: readonly string[] = [],
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: employee.tenantId,
    type,
    audience: { employeeId: employee.id },
    data: {
      employee: { id: employee.id, employeeId: employee.employeeNumber, name: employee.name },
      changedFields: [...changedFields].sort(),
    },
  });
}

export type OrganizationWebhookEvent = Extract<WebhookEventType, `organization.${string}`>;

/**
 * The webhook deliveries of a change to the organisation's structure (a department, team, location, legal entity
 * or position): to the webhooks of
 * every user of the workspace, since everyone reads the structure. The data names what changed, by id and name.
 */
export async function emitOrganizationWebhookEvent(
  tx: Tx,
  type: OrganizationWebhookEvent,
  tenantId: string,
  subject: Partial<
    Record<'department' | 'team' | 'location' | 'legalEntity' | 'position', { id: string; name: string }>
  >,
): Promise<void> {
  await enqueueWebhookEvent(tx, { tenantId, type, audience: { roles: [...roles] }, data: subject });
}

export type UserWebhookEvent = Extract<WebhookEventType, `users.${string}`>;

/**
 * The webhook deliveries of a change to a user account (invited, role changed, deactivated, reactivated): to the
 * webhooks of users who may read accounts (HR_MANAGER, ADMIN, OWNER, their live role).
 */
export async function emitUserWebhookEvent(
  tx: Tx,
  type: UserWebhookEvent,
  user: { tenantId: string; id: string; name: string; role: string; status: string; externalId: string | null },
): Promise<void> {
  // externalId: the integrator's own id of the user, so that its backend can match the account without a lookup.
  const { id, name, role, status, externalId } = user;
  await enqueueWebhookEvent(tx, {
    tenantId: user.tenantId,
    type,
    audience: { roles: ['HR_MANAGER', 'ADMIN', 'OWNER'] },
    data: { user: { id, name, role, status, externalId } },
  });
}

export type CompanyKeyWebhookEvent = Extract<WebhookEventType, `company_api_keys.${string}`>;

/**
 * The webhook deliveries of a company API key's life (created, rotated, revoked): to the webhooks of those who
 * manage keys (HR_MANAGER, ADMIN, OWNER). Never the secret: the key's id, name, scopes and hint.
 */
export async function emitCompanyKeyWebhookEvent(
  tx: Tx,
  type: CompanyKeyWebhookEvent,
  tenantId: string,
  key: { id: string; name: string; scopes: string[]; hint: string },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId,
    type,
    audience: { roles: ['HR_MANAGER', 'ADMIN', 'OWNER'] },
    data: { key: { id: key.id, name: key.name, scopes: key.scopes, hint: key.hint } },
  });
}

export type ApprovalWebhookEvent = Extract<WebhookEventType, `approval_flows.${string}`>;

/**
 * The webhook deliveries of an approval's progress (a step approved, the approval approved or rejected, a step
 * delegated): to the webhooks of HR_MANAGER, ADMIN and OWNER, who see every approval.
 */
export async function emitApprovalWebhookEvent(
  tx: Tx,
  type: ApprovalWebhookEvent,
  approval: {
    tenantId: string;
    id: string;
    requestType: string;
    subjectId: string;
    status: string;
    currentStep: number;
  },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: approval.tenantId,
    type,
    audience: { roles: ['HR_MANAGER', 'ADMIN', 'OWNER'] },
    data: {
      approval: {
        id: approval.id,
        requestType: approval.requestType,
        subjectId: approval.subjectId,
        status: approval.status,
        currentStep: approval.currentStep,
      },
    },
  });
}

export type LeaveSetupWebhookEvent = Extract<WebhookEventType, `leave.${string}`>;

/**
 * The webhook deliveries of a change to the workspace's leave set-up (a policy, a public holiday): to the webhooks
 * of every user of the workspace, since everyone reads them.
 */
export async function emitLeaveSetupWebhookEvent(
  tx: Tx,
  type: LeaveSetupWebhookEvent,
  tenantId: string,
  subject: { policy: { id: string; name: string } } | { holiday: { date: string; name: string } },
): Promise<void> {
  await enqueueWebhookEvent(tx, { tenantId, type, audience: { roles: [...roles] }, data: subject });
}

export type WfaWebhookEvent = Extract<WebhookEventType, `work_from_anywhere.${string}`>;

/** The webhook deliveries of a Work From Anywhere request's change: to the webhooks of users who may see its employee. */
export async function emitWfaWebhookEvent(
  tx: Tx,
  type: WfaWebhookEvent,
  request: {
    tenantId: string;
    id: string;
    employeeId: string;
    country: string;
    city: string;
    startDate: Date;
    endDate: Date;
    days: number;
    status: string;
    breaches: string[];
  },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: request.tenantId,
    type,
    audience: { employeeId: request.employeeId },
    data: {
      request: {
        id: request.id,
        employeeId: request.employeeId,
        country: request.country,
        city: request.city,
        startDate: request.startDate.toISOString().slice(0, 10),
        endDate: request.endDate.toISOString().slice(0, 10),
        days: request.days,
        status: request.status,
        breaches: request.breaches,
      },
    },
  });
}

export type ExpenseClaimWebhookEvent = Extract<WebhookEventType, `expenses.claim.${string}`>;

/** The webhook deliveries of an expense claim's change: to the webhooks of users who may see its employee. */
export async function emitExpenseClaimWebhookEvent(
  tx: Tx,
  type: ExpenseClaimWebhookEvent,
  claim: {
    tenantId: string;
    id: string;
    employeeId: string;
    title: string;
    status: string;
    currency: string;
    totalMinor: bigint;
    flags: string[];
    payrollRunId: string | null;
  },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: claim.tenantId,
    type,
    audience: { employeeId: claim.employeeId },
    data: {
      claim: {
        id: claim.id,
        employeeId: claim.employeeId,
        title: claim.title,
        status: claim.status,
        total: { amountMinor: Number(claim.totalMinor), currency: claim.currency },
        flags: claim.flags,
        payrollRunId: claim.payrollRunId,
      },
    },
  });
}

export type ExpenseCategoryWebhookEvent = Extract<WebhookEventType, `expenses.category.${string}`>;

/** The webhook deliveries of a change to an expense category: to every user's webhooks (everyone reads them). */
export async function emitExpenseCategoryWebhookEvent(
  tx: Tx,
  type: ExpenseCategoryWebhookEvent,
  category: { tenantId: string; id: string; name: string; currency: string; active: boolean },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: category.tenantId,
    type,
    audience: { roles: [...roles] },
    data: {
      category: { id: category.id, name: category.name, currency: category.currency, active: category.active },
    },
  });
}

export type TimeTrackingWebhookEvent = Extract<WebhookEventType, `time_tracking.${string}`>;

/**
 * The webhook deliveries of Time Tracking (a timesheet or a correction's change, an entry flagged as a forgotten
 * clock-out): to the webhooks of users who may see its employee. `data` is the record's view, as the API shows it.
 */
export async function emitTimeTrackingWebhookEvent(
  tx: Tx,
  type: TimeTrackingWebhookEvent,
  subject: { tenantId: string; employeeId: string },
  data: Record<string, unknown>,
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: subject.tenantId,
    type,
    audience: { employeeId: subject.employeeId },
    data,
  });
}

export type LifecycleWebhookEvent = Extract<WebhookEventType, `onboarding.${string}` | `offboarding.${string}`>;

/**
 * The webhook deliveries of Onboarding and Offboarding (a process started, completed, cancelled; a leaver's user
 * deactivated), to the webhooks of users who may see the person. The reason of a termination is not sent.
 */
export async function emitLifecycleWebhookEvent(
  tx: Tx,
  type: LifecycleWebhookEvent,
  process: { tenantId: string; id: string; kind: string; employeeId: string; anchorDate: string; status: string },
  extra: Record<string, unknown> = {},
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: process.tenantId,
    type,
    audience: { employeeId: process.employeeId },
    data: {
      processId: process.id,
      kind: process.kind,
      employeeId: process.employeeId,
      anchorDate: process.anchorDate,
      status: process.status,
      ...extra,
    },
  });
}

export type CertificatesWebhookEvent = Extract<WebhookEventType, `certificates.${string}`>;

/**
 * The webhook deliveries of the Certificates area (an expiring or expired certification, an employment certificate
 * issued), to the webhooks of users who may see the person. The data names the record, never a document's content.
 */
export async function emitCertificatesWebhookEvent(
  tx: Tx,
  type: CertificatesWebhookEvent,
  subject: { tenantId: string; employeeId: string; record: Record<string, unknown> },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: subject.tenantId,
    type,
    audience: { employeeId: subject.employeeId },
    data: { employeeId: subject.employeeId, ...subject.record },
  });
}

export type LearningWebhookEvent = Extract<WebhookEventType, `learning.${string}`>;

/**
 * The webhook deliveries of an enrolment's step (completed, overdue), to the webhooks of users who may see the
 * person: the enrolment, course and due date by id and title.
 */
export async function emitLearningWebhookEvent(
  tx: Tx,
  type: LearningWebhookEvent,
  enrolment: {
    tenantId: string;
    id: string;
    employeeId: string;
    courseId: string;
    courseTitle: string;
    status: string;
    dueDate: string | null;
    completedAt: string | null;
  },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: enrolment.tenantId,
    type,
    audience: { employeeId: enrolment.employeeId },
    data: {
      enrolment: {
        id: enrolment.id,
        employeeId: enrolment.employeeId,
        course: { id: enrolment.courseId, title: enrolment.courseTitle },
        status: enrolment.status,
        dueDate: enrolment.dueDate,
        completedAt: enrolment.completedAt,
      },
    },
  });
}

export type CompensationWebhookEvent = Extract<WebhookEventType, `compensation.${string}`>;

/**
 * The webhook deliveries of a compensation change or salary entry, to the webhooks of HR_MANAGER, ADMIN and OWNER
 * only (pay is sensitive) and without amounts: a receiver reads them through the API, where the field-level rules
 * apply.
 */
export async function emitCompensationWebhookEvent(
  tx: Tx,
  type: CompensationWebhookEvent,
  subject: { tenantId: string; employeeId: string; record: Record<string, unknown> },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: subject.tenantId,
    type,
    audience: { roles: ['HR_MANAGER', 'ADMIN', 'OWNER'] },
    data: { employeeId: subject.employeeId, ...subject.record },
  });
}

export type PayrollWebhookEvent = Extract<WebhookEventType, `payroll.${string}`>;

/** The webhook deliveries of a payroll run's step, to the webhooks of HR_MANAGER, ADMIN and OWNER, without amounts. */
export async function emitPayrollWebhookEvent(
  tx: Tx,
  type: PayrollWebhookEvent,
  run: { tenantId: string; id: string; status: string; period: string; payslips: number },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: run.tenantId,
    type,
    audience: { roles: ['HR_MANAGER', 'ADMIN', 'OWNER'] },
    data: { run: { id: run.id, status: run.status, period: run.period, payslips: run.payslips } },
  });
}

export type ESignatureWebhookEvent = Extract<WebhookEventType, `e_signatures.${string}`>;

/**
 * The webhook deliveries of E-Signatures, to the webhooks of the request's requester (who follows it to its end):
 * the request's status, the document's SHA-256 and the signer whose turn it is, or who signed or declined. Never
 * the message or a decline's reason: free text stays in the API.
 */
export async function emitESignatureWebhookEvent(
  tx: Tx,
  type: ESignatureWebhookEvent,
  request: {
    tenantId: string;
    id: string;
    documentId: string;
    requestedByUserId: string;
    status: string;
    documentSha256: string;
  },
  signer?: { employeeId: string; position: number },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: request.tenantId,
    type,
    audience: { userId: request.requestedByUserId },
    data: {
      request: {
        id: request.id,
        documentId: request.documentId,
        status: request.status,
        documentSha256: request.documentSha256,
      },
      ...(signer ? { signer: { employeeId: signer.employeeId, position: signer.position } } : {}),
    },
  });
}

export type InventoryWebhookEvent = Extract<WebhookEventType, `inventory.${string}`>;

/**
 * The webhook deliveries of Inventory. An item's assignment and return go to the webhooks of users who may see its
 * holder; the item's own changes (created, updated, to repair and back, retired) to those of HR_MANAGER, ADMIN and
 * OWNER, who keep the inventory. The data names the item and the assignment, never their free-text notes.
 */
export async function emitInventoryWebhookEvent(
  tx: Tx,
  type: InventoryWebhookEvent,
  item: { tenantId: string; id: string; name: string; category: string; serial: string; status: string },
  assignment?: {
    id: string;
    employeeId: string;
    assignedAt: Date;
    returnedAt: Date | null;
    returnCondition: string | null;
  },
  changedFields: readonly string[] = [],
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: item.tenantId,
    type,
    audience: assignment ? { employeeId: assignment.employeeId } : { roles: ['HR_MANAGER', 'ADMIN', 'OWNER'] },
    data: {
      item: { id: item.id, name: item.name, category: item.category, serial: item.serial, status: item.status },
      ...(assignment
        ? {
            assignment: {
              id: assignment.id,
              employeeId: assignment.employeeId,
              assignedAt: assignment.assignedAt.toISOString(),
              returnedAt: assignment.returnedAt?.toISOString() ?? null,
              returnCondition: assignment.returnCondition,
            },
          }
        : {}),
      ...(changedFields.length > 0 ? { changedFields: [...changedFields].sort() } : {}),
    },
  });
}

export type MessageWebhookEvent = Extract<WebhookEventType, `messages.${string}`>;

/**
 * The webhook deliveries of Messages: a new message goes to the webhooks of each participant (audience by user),
 * never to anyone else's, since a conversation is its participants' alone. The data holds ids only, never the
 * text: a delivery leaves our system for a URL its owner chose, and the text is read through the API, where
 * only a participant reads it (docs/webhooks.md).
 */
export async function emitMessageWebhookEvent(
  tx: Tx,
  participantUserIds: readonly string[],
  conversation: { id: string; tenantId: string; kind: string },
  message: { id: string; senderUserId: string; createdAt: Date },
): Promise<void> {
  const data = {
    conversation: { id: conversation.id, kind: conversation.kind },
    message: { id: message.id, senderUserId: message.senderUserId, createdAt: message.createdAt.toISOString() },
  };
  for (const userId of participantUserIds) {
    await enqueueWebhookEvent(tx, {
      tenantId: conversation.tenantId,
      type: 'messages.message.created',
      audience: { userId },
      data,
    });
  }
}

export type SocialWebhookEvent = Extract<WebhookEventType, `social.${string}`>;

/**
 * The webhook deliveries of Social. A post to the whole workspace (and its comments) goes to the webhooks of
 * every role; a department's or a team's to those of HR_MANAGER, ADMIN and OWNER only, who read every post (a
 * webhook audience per department or team does not exist yet). The data names the post, its audience and author,
 * never the text.
 */
export async function emitSocialWebhookEvent(
  tx: Tx,
  type: SocialWebhookEvent,
  post: {
    tenantId: string;
    id: string;
    kind: string;
    audience: string;
    departmentId: string | null;
    teamId: string | null;
    pinned: boolean;
    authorUserId: string;
  },
  comment?: { id: string; authorUserId: string },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: post.tenantId,
    type,
    audience: { roles: post.audience === 'all' ? [...roles] : ['HR_MANAGER', 'ADMIN', 'OWNER'] },
    data: {
      post: {
        id: post.id,
        kind: post.kind,
        audience: { type: post.audience, departmentId: post.departmentId, teamId: post.teamId },
        pinned: post.pinned,
        authorUserId: post.authorUserId,
      },
      ...(comment ? { comment: { id: comment.id, authorUserId: comment.authorUserId } } : {}),
    },
  });
}

export type PlaybookWebhookEvent = Extract<WebhookEventType, `playbook.${string}`>;

/**
 * The webhook deliveries of the Playbook. A published page or policy goes to the webhooks of every role (the whole
 * workspace reads the handbook); an acknowledgement to those of users who may see the person. The data names the
 * document and version, never the body.
 */
export async function emitPlaybookWebhookEvent(
  tx: Tx,
  type: PlaybookWebhookEvent,
  document: { tenantId: string; id: string; kind: string; slug: string },
  version: { number: number; title: string; publishedAt: Date | null; requiresAcknowledgement: boolean },
  acknowledgement?: { employeeId: string; acknowledgedAt: Date },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId: document.tenantId,
    type,
    audience: acknowledgement ? { employeeId: acknowledgement.employeeId } : { roles: [...roles] },
    data: {
      document: { id: document.id, kind: document.kind, slug: document.slug },
      version: {
        number: version.number,
        title: version.title,
        publishedAt: version.publishedAt?.toISOString() ?? null,
        requiresAcknowledgement: version.requiresAcknowledgement,
      },
      ...(acknowledgement
        ? {
            acknowledgement: {
              employeeId: acknowledgement.employeeId,
              acknowledgedAt: acknowledgement.acknowledgedAt.toISOString(),
            },
          }
        : {}),
    },
  });
}
