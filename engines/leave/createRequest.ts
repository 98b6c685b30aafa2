import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import type { Clock } from '../clock';
import { AppError } from '../appError';
import { startApprovalWorkflow, type LeaveApprovalPort, type PortFailureLog } from './approvalPort';
import { moveBalance, type Movement } from './balances';
import { toDbDate } from './dates';
import { lockEmployee } from '../people/employeeLock';
import { notifyUsers } from './notifications';
import { resolvePolicy, type PolicyChoice } from './policies';
import { findTeamAbsences, loadRequestFacts } from './requestFacts';
import { findRequestView, type LeaveRequestView } from './requestViews';
import { approverUserIds, routeRequest } from './routing';
import { openApproval } from '../approvalFlows/openApproval';
import { leaveApprovalSubject } from './leaveApprovalSubject';
import { isHrRole } from '../access/roles';
import { canSeeEmployee, reportIds } from '../access/visibility';
import { tenantToday } from './tenantCalendar';
import { checkRequest, resolveRange, type RequestDates } from './validateRequest';
import { visibleEmployees } from './visibleEmployees';
import { requestWarnings, type LeaveWarning } from './warnings';
import { emitLeaveWebhookEvent } from '../webhooks/emitters';
import { leaveSummary } from './leaveSummary';
import { allOrFirstError } from '../../lib/allOrFirstError';

/** The contract's create body. */
export interface CreateLeaveInput extends RequestDates, PolicyChoice {
  reason?: string | undefined;
}

/** What every leave write takes besides its input. */
export interface LeaveWriteOptions {
  /** The approval workflow; null in a process without Temporal (see approvalPort.ts). */
  port: LeaveApprovalPort | null;
  /** The calendar clock: "today" is its date in the tenant's time zone (engines/clock.ts). */
  clock: Clock;
  /** Where a failed port call after commit is reported. */
  log?: PortFailureLog;
}

export interface CreatedLeaveRequest {
  request: LeaveRequestView;
  warnings: LeaveWarning[];
}

/**
 * Who may request leave for someone else: HR_MANAGER, ADMIN and OWNER for anyone of the workspace, a manager or
 * director for the people who report to them (directly or not). 404 for anyone the actor may not see; 403 otherwise.
 */
async function requireOnBehalf(prisma: PrismaClient, actor: Actor, employeeId: string): Promise<void> {
  if (!(await canSeeEmployee(prisma, actor, employeeId))) throw new AppError('not_found', `No person ${employeeId}`);
  if (isHrRole(actor.user.role)) return;
  const reports = actor.employee ? await reportIds(prisma, actor.tenant.id, actor.employee.id) : [];
  if (!reports.includes(employeeId)) {
    throw new AppError('forbidden', 'Only HR, or the person’s manager, can request leave on their behalf');
  }
}

/**
 * Creates a leave request for the actor's own employee record (or, with `forEmployeeId`, on someone's behalf), as the application does: validates it against
 * the policy, the calendar, the employee's other requests and balance (before writing anything), opens its
 * approval (the tenant's leave flow, engines/approvalFlows), reserves its days in the balance (or uses them at once when auto-approved), notifies whoever must act,
 * all in one transaction; then starts the approval workflow (see startApprovalWorkflow for a failure there).
 * Throws `validation_error` naming the field for a bad input, `forbidden` for a user without an employee record.
 */
export async function createRequest(
  prisma: PrismaClient,
  actor: Actor,
  input: CreateLeaveInput,
  opts: LeaveWriteOptions,
  /** On someone's behalf (company API): their employee id; see requireOnBehalf for who may. */
  forEmployeeId?: string,
): Promise<CreatedLeaveRequest> {
  const tenantId = actor.tenant.id;
  const onBehalf = forEmployeeId !== undefined && forEmployeeId !== actor.employee?.id;
  const self = onBehalf ? { id: forEmployeeId } : actor.employee;
  if (!self) throw new AppError('forbidden', 'Only employees can request leave: this user has no employee record');
  if (onBehalf) await requireOnBehalf(prisma, actor, forEmployeeId);
  const range = resolveRange(input);
  // Three reads that do not depend on each other: one round trip's wait. A bad policy still fails first.
  const [{ today }, policy, visible] = await allOrFirstError([
    tenantToday(prisma, tenantId, opts.clock),
    resolvePolicy(prisma, tenantId, input),
    visibleEmployees(prisma, actor),
  ]);
  const reason = input.reason?.trim() || null;

  const { requestId, words, warnings } = await prisma.$transaction(async (tx) => {
    const employee = await lockEmployee(tx, tenantId, self.id);
    const facts = await loadRequestFacts(tx, { tenantId, employeeId: employee.id, policy, range, today });
    const checked = checkRequest(range, facts);

    const manager = employee.managerId ? { id: employee.managerId, userId: employee.managerUserId } : null;
    const routing = routeRequest(policy, manager);
    const absences = await findTeamAbsences(tx, {
      tenantId,
      employee,
      range,
      nameable: (id) => visible.all || visible.ids.includes(id),
    });

    const request = await tx.leaveRequest.create({
      data: {
        tenantId,
        employeeId: employee.id,
        policyId: policy.id,
        startDate: toDbDate(checked.startDate),
        endDate: toDbDate(checked.endDate),
        halfDay: checked.halfDay,
        totalDays: checked.totalDays,
        status: routing.status,
        reason,
        routedTo: routing.routedTo,
        approverEmployeeId: routing.approverEmployeeId,
        decidedAt: routing.routedTo === 'AUTO' ? new Date() : null,
        createdByUserId: actor.user.id,
      },
    });
    // Auto-approved days are used at once; the others wait in `pending` for the decision.
    const movements: Movement[] = checked.byYear.map(({ year, days }) =>
      routing.status === 'APPROVED'
        ? { year, kind: 'use', bucket: 'used', days }
        : { year, kind: 'reserve', bucket: 'pending', days },
    );
    await moveBalance(tx, { tenantId, employeeId: employee.id, policy }, movements, { requestId: request.id });
    if (routing.status === 'PENDING') {
      // Who decides, and in how many steps, is the tenant's leave approval flow; its first step is told now.
      await openApproval(tx, leaveApprovalSubject, {
        tenantId,
        subjectId: request.id,
        subjectEmployeeId: employee.id,
        requesterUserId: actor.user.id,
        facts: { days: checked.totalDays },
        summary: `${policy.name}, ${checked.startDate === checked.endDate ? checked.startDate : `${checked.startDate} to ${checked.endDate}`} (${checked.totalDays} day${checked.totalDays === 1 ? '' : 's'}) for ${employee.name}`,
        at: new Date(),
      });
    } else {
      await notifyUsers(tx, tenantId, await approverUserIds(tx, request), 'leave.recorded', {
        requestId: request.id,
        employeeName: employee.name,
        policyName: policy.name,
        startDate: checked.startDate,
        endDate: checked.endDate,
        totalDays: checked.totalDays,
      });
    }
    // Someone else asked for these days: the employee hears of it at once.
    if (onBehalf && employee.userId) {
      await notifyUsers(tx, tenantId, [employee.userId], 'leave.requested_for_you', {
        requestId: request.id,
        employeeName: actor.user.name,
        policyName: policy.name,
        startDate: checked.startDate,
        endDate: checked.endDate,
        totalDays: checked.totalDays,
      });
    }
    await emitLeaveWebhookEvent(tx, 'leave_request.created', request);
    if (routing.status === 'APPROVED') await emitLeaveWebhookEvent(tx, 'leave_request.approved', request);
    // The workflow's summary from what this transaction knows, rather than a read after it (approvalPort.ts).
    const words = {
      summary: leaveSummary({ employeeName: employee.name, policyName: policy.name, ...checked }),
      status: routing.status,
    };
    return { requestId: request.id, words, warnings: requestWarnings(checked, facts, absences) };
  });

  // The workflow starts while the answer is read; the answer then carries the workflow id the start stored.
  const [workflowId, request] = await Promise.all([
    startApprovalWorkflow(prisma, opts.port, { tenantId, requestId }, opts.log, words),
    findRequestView(prisma, tenantId, requestId),
  ]);
  if (!request) throw new AppError('internal_error', 'The leave request vanished after it was created');
  return { request: { ...request, workflowId: workflowId ?? request.workflowId }, warnings };
}
