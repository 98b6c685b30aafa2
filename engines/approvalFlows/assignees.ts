import type { Prisma } from '../../db/models';
import { hrRoles } from '../access/roles';
import type { ApprovalStep } from './flowDefinition';

type Tx = Prisma.TransactionClient;

/** Who a step asks, and why: its relation named them, or nobody was found and HR stands in. */
export interface StepAssignees {
  userIds: string[];
  reason: 'assigned' | 'fallback';
  /** The employee id of the manager asked (relation `manager` found one): the leave engine's `approverEmployeeId`. */
  managerEmployeeId: string | null;
}

/** The request a step is resolved for: whose it is (that person never decides their own request). */
export interface AssigneeSubject {
  tenantId: string;
  subjectEmployeeId: string;
}

const active = { status: 'active' } as const;

/** Active users of the tenant in an HR role, except `exceptUserId`, in a stable order. */
export async function activeHrUserIds(tx: Tx, tenantId: string, exceptUserId: string | null): Promise<string[]> {
  const users = await tx.user.findMany({
    where: { tenantId, ...active, role: { in: [...hrRoles] }, ...(exceptUserId ? { id: { not: exceptUserId } } : {}) },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  return users.map((u) => u.id);
}

/** The user of employee `employeeId`, when there is one who can sign in and it is not `exceptUserId`. */
async function signInUserOf(tx: Tx, employeeId: string | null, exceptUserId: string | null): Promise<string | null> {
  if (!employeeId) return null;
  const employee = await tx.employee.findUnique({
    where: { id: employeeId },
    select: { user: { select: { id: true, status: true } } },
  });
  const user = employee?.user;
  return user && user.status === 'active' && user.id !== exceptUserId ? user.id : null;
}

/**
 * The head of the employee's department, or of the department above when the employee heads their own; null
 * when the chain names nobody else (at most 50 levels: the organisation engine keeps the tree free of cycles).
 */
async function departmentHeadOf(tx: Tx, employee: { id: string; departmentId: string | null }): Promise<string | null> {
  let departmentId = employee.departmentId;
  for (let depth = 0; departmentId && depth < 50; depth += 1) {
    const department = await tx.department.findUnique({
      where: { id: departmentId },
      select: { headEmployeeId: true, parentId: true },
    });
    if (!department) return null;
    if (department.headEmployeeId && department.headEmployeeId !== employee.id) return department.headEmployeeId;
    departmentId = department.parentId;
  }
  return null;
}

/** Active users of the tenant among `userIds`, except `exceptUserId`, in the order given. */
async function activeUsersAmong(tx: Tx, tenantId: string, userIds: readonly string[], exceptUserId: string | null) {
  const found = await tx.user.findMany({
    where: { tenantId, ...active, id: { in: [...userIds] } },
    select: { id: true },
  });
  const ok = new Set(found.map((u) => u.id));
  return [...new Set(userIds)].filter((id) => ok.has(id) && id !== exceptUserId);
}

/** The subject employee of a request, with the sign-in user of their manager (null when they have none). */
interface SubjectRow {
  id: string;
  userId: string | null;
  managerId: string | null;
  departmentId: string | null;
  managerUserId: string | null;
  managerUserStatus: string | null;
}

/**
 * The subject employee with their manager's user, in one statement: a manager step (the usual first one) needs
 * both, and asked apart they were two round trips inside the transaction of every new request.
 */
async function subjectOf(tx: Tx, employeeId: string): Promise<SubjectRow> {
  const [row] = await tx.$queryRaw<SubjectRow[]>`
    SELECT e.id::text AS id, e.user_id::text AS "userId", e.manager_id::text AS "managerId",
           e.department_id::text AS "departmentId", mu.id::text AS "managerUserId", mu.status AS "managerUserStatus"
      FROM employees e
      LEFT JOIN employees m ON m.id = e.manager_id
      LEFT JOIN users mu ON mu.id = m.user_id
     WHERE e.id = ${employeeId}::uuid`;
  if (!row) throw new Error(`No employee ${employeeId}`);
  return row;
}

/**
 * The people a step asks for a request. Whoever the relation names must be an active user of the tenant and not
 * the person the request is for; when that leaves nobody, HR is asked instead (as leave routing always did).
 */
export async function resolveAssignees(tx: Tx, subject: AssigneeSubject, step: ApprovalStep): Promise<StepAssignees> {
  const employee = await subjectOf(tx, subject.subjectEmployeeId);
  const self = employee.userId;
  let userIds: string[] = [];
  let managerEmployeeId: string | null = null;
  switch (step.approver) {
    case 'manager': {
      const user = employee.managerUserId;
      if (user && employee.managerUserStatus === 'active' && user !== self) {
        userIds = [user];
        managerEmployeeId = employee.managerId;
      }
      break;
    }
    case 'departmentHead': {
      const user = await signInUserOf(tx, await departmentHeadOf(tx, employee), self);
      if (user) userIds = [user];
      break;
    }
    case 'hr':
      userIds = await activeHrUserIds(tx, subject.tenantId, self);
      break;
    case 'person':
      userIds = await activeUsersAmong(tx, subject.tenantId, step.userId ? [step.userId] : [], self);
      break;
    case 'group':
      userIds = await activeUsersAmong(tx, subject.tenantId, step.userIds ?? [], self);
      break;
  }
  if (userIds.length > 0) return { userIds, reason: 'assigned', managerEmployeeId };
  return { userIds: await activeHrUserIds(tx, subject.tenantId, self), reason: 'fallback', managerEmployeeId: null };
}
