import type { Prisma } from '../../db/models';
import { openApproval } from '../../engines/approvalFlows/openApproval';
import type { ApprovalStep } from '../../engines/approvalFlows/flowDefinition';
import { leaveApprovalSubject } from '../../engines/leave/leaveApprovalSubject';
import type { PersonRow } from './bulkInsert';
import type { RequestRow } from './leaveBulkInsert';

type Tx = Prisma.TransactionClient;

/** Acme's leave flow: the manager, then HR for leave of more than ten working days (company-api.md). */
export const acmeLeaveFlow: { name: string; steps: ApprovalStep[] } = {
  name: 'Manager, then HR for more than 10 days',
  steps: [
    { name: 'Manager', approver: 'manager' },
    { name: 'HR', approver: 'hr', when: { daysAbove: 10 } },
  ],
};

/**
 * The demo's Approval Flows: Acme's own leave flow (Globex keeps the built-in one), and an approval for every
 * pending request of the seed, so the inbox (`/api/approval-flows/approvals?assignee=me`) shows what waits. The
 * seed wrote the requests' notifications and routing itself: the approvals open without announcing.
 */
export async function insertDemoApprovals(
  tx: Tx,
  input: { acmeTenantId: string; people: PersonRow[]; requests: RequestRow[] },
): Promise<{ approvals: number }> {
  const owner = input.people.find((p) => p.tenantId === input.acmeTenantId && p.role === 'OWNER');
  if (!owner) throw new Error('the demo seed has no owner of Acme');
  await tx.approvalFlow.create({
    data: {
      tenantId: input.acmeTenantId,
      requestType: 'leave',
      name: acmeLeaveFlow.name,
      steps: acmeLeaveFlow.steps as unknown as Prisma.InputJsonValue,
      updatedByUserId: owner.userId,
    },
  });
  const pending = input.requests.filter((r) => r.status === 'PENDING');
  for (const request of pending) {
    const person = input.people.find((p) => p.employeeId === request.employeeId)!;
    await openApproval(tx, leaveApprovalSubject, {
      tenantId: request.tenantId,
      subjectId: request.id,
      subjectEmployeeId: request.employeeId,
      requesterUserId: request.createdByUserId,
      facts: { days: request.totalDays },
      summary: `Leave, ${request.startDate === request.endDate ? request.startDate : `${request.startDate} to ${request.endDate}`} (${request.totalDays} day${request.totalDays === 1 ? '' : 's'}) for ${person.name}`,
      at: request.createdAt,
      announce: false,
    });
  }
  return { approvals: pending.length };
}
