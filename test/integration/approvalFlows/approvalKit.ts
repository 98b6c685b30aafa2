import type { Actor } from '../../../engines/access/actor';
import { decideApproval } from '../../../engines/approvalFlows/approvalActions';
import type { ApprovalDecision } from '../../../engines/approvalFlows/decideApproval';
import { putApprovalFlow } from '../../../engines/approvalFlows/flows';
import type { ApprovalStep } from '../../../engines/approvalFlows/flowDefinition';
import { approvalSubjects } from '../../../engines/approvalSubjects';
import { createRequest } from '../../../engines/leave/createRequest';
import { addDays } from '../../../engines/leave/dates';
import { createApprovalFlowPort } from '../../../temporal/ports/approvalFlowPort';
import { approvalFlowWorkflowId } from '../../../workflows/approvalFlow/messages';
import { testClock } from '../../support/clock';
import { approvalOf, cleanWeek } from '../../support/leave';
import type { LeaveKit } from '../leaveApproval/leaveKit';

/** What the approval workflow tests share on top of the leave kit. */
export function approvalKit(kit: LeaveKit) {
  const approvals = createApprovalFlowPort(kit.temporal.client, {
    taskQueue: kit.taskQueue,
    remindAfterMs: 3_600_000,
    escalateAfterMs: 3_600_000,
  });
  const port = kit.port();
  return {
    /** Sets Acme's leave flow, as HR. */
    async setLeaveFlow(steps: ApprovalStep[]): Promise<void> {
      await putApprovalFlow(kit.prisma, await kit.actor('hr'), 'leave', { name: 'test flow', steps });
    },
    /** Alice asks for `days` calendar days of unpaid leave at least `after` days ahead; its workflow starts. */
    async aliceAsks(days: number, after: number): Promise<{ requestId: string; approvalId: string; tenantId: string }> {
      const alice = await kit.actor('alice');
      const { monday } = await cleanWeek(kit.prisma, 'alice', after, { days });
      const { request } = await createRequest(
        kit.prisma,
        alice,
        { start_date: monday, end_date: addDays(monday, days - 1), policy: 'Unpaid leave' },
        { port, clock: testClock() },
      );
      return { requestId: request.id, approvalId: await approvalOf(kit.prisma, request.id), tenantId: alice.tenant.id };
    },
    /** Decides the approval's current step as the API does: commit, then signal both workflows. */
    async decide(actor: Actor, approvalId: string, decision: ApprovalDecision) {
      return decideApproval(kit.prisma, approvalSubjects, actor, approvalId, { decision, comment: null }, async (i) => {
        await approvals.notify({ tenantId: i.tenantId, instanceId: i.id }, { kind: decision, byUserId: actor.user.id });
        await port.notifyChanged({ tenantId: i.tenantId, requestId: i.subjectId });
      });
    },
    handle(tenantId: string, approvalId: string) {
      return kit.temporal.client.workflow.getHandle(approvalFlowWorkflowId(tenantId, approvalId));
    },
  };
}
