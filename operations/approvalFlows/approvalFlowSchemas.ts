import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import type { AfterDecision } from '../../engines/approvalFlows/approvalActions';
import type { ApprovalNotice } from '../../engines/approvalFlows/approvalPort';
import { approvalRequestTypes, approverRelations } from '../../engines/approvalFlows/flowDefinition';
import type { OperationContext } from '../context';
import { CountryCode } from '../organization/organizationSchemas';

/** What every operation of the Approval Flows area shares (company-api.md, "Approval Flows"). */
export const approvalFlowsOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Approval Flows',
} as const;

export const RequestTypeParam = z.object({
  requestType: z.enum(approvalRequestTypes).describe(`the kind of request: ${approvalRequestTypes.join(', ')}`),
});

export const ApprovalId = z.object({ id: z.uuid().describe('the approval id') });

const Minutes = z.number().int().min(1).max(43_200);

/** One step of a flow, as HR writes it. */
export const ApprovalStepInput = z.strictObject({
  name: z.string().trim().min(1).max(100).describe('what the step is called in the inbox, such as "Manager"'),
  approver: z
    .enum(approverRelations)
    .describe(
      "who decides: the requester's manager, their department's head, HR, a named person (userId), or a group " +
        '(userIds, `required` of them); when the relation names nobody, HR decides',
    ),
  userId: z.uuid().optional().describe('person: the user who decides'),
  userIds: z.array(z.uuid()).min(1).max(50).optional().describe('group: the users asked (1 to 50)'),
  required: z.number().int().min(1).max(50).optional().describe('group: how many must approve (default 1)'),
  when: z
    .strictObject({
      daysAbove: z.number().int().min(0).max(366).optional().describe('only for requests of more than this many days'),
      amountAboveMinor: z
        .number()
        .int()
        .min(0)
        .max(1_000_000_000_000)
        .optional()
        .describe('only for amounts above this, in minor units'),
      countries: z.array(CountryCode).min(1).max(50).optional().describe('only for requests in one of these countries'),
      policyBreach: z
        .boolean()
        .optional()
        .describe('only when the request breaks its area’s policy (true), or only when it does not (false)'),
    })
    .optional()
    .describe('a condition: the step applies only when it holds (the first step takes none)'),
  remindAfterMinutes: Minutes.optional().describe('remind the people asked after this many minutes (1 to 43200)'),
  escalateAfterMinutes: Minutes.optional().describe(
    'hand the step to HR this many minutes after the reminder (1 to 43200)',
  ),
});

export const ApprovalFlowView = z.object({
  requestType: z.enum(approvalRequestTypes),
  name: z.string(),
  steps: z.array(
    z.object({
      name: z.string(),
      approver: z.enum(approverRelations),
      userId: z.uuid().optional(),
      userIds: z.array(z.uuid()).optional(),
      required: z.number().int().optional(),
      when: z
        .object({
          daysAbove: z.number().int().optional(),
          amountAboveMinor: z.number().int().optional(),
          countries: z.array(z.string()).optional(),
          policyBreach: z.boolean().optional(),
        })
        .optional(),
      remindAfterMinutes: z.number().int().optional(),
      escalateAfterMinutes: z.number().int().optional(),
    }),
  ),
  configured: z.boolean().describe("false: the built-in flow (no flow of the tenant's own)"),
  updatedAt: z.string().nullable(),
});

export const ApprovalView = z.object({
  id: z.uuid(),
  requestType: z.string(),
  subjectId: z.uuid().describe('the request approved (for leave: the leave request id)'),
  summary: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED']),
  flowName: z.string(),
  currentStep: z.number().int().nullable().describe('the step waiting for a decision; null once ended'),
  steps: z.array(
    z.object({
      index: z.number().int(),
      name: z.string(),
      approver: z.enum(approverRelations),
      status: z.enum(['pending', 'upcoming', 'approved', 'rejected', 'not_reached']),
      assignees: z.array(
        z.object({
          userId: z.uuid(),
          name: z.string(),
          status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'DELEGATED', 'CLOSED']),
          reason: z.string().describe('assigned, fallback, escalated, delegated, override or earlier'),
          comment: z.string().nullable(),
          decidedAt: z.string().nullable(),
        }),
      ),
    }),
  ),
  requester: z.object({ userId: z.uuid(), name: z.string() }),
  subjectEmployeeId: z.uuid(),
  workflowId: z.string().describe('the Temporal workflow of this approval, `approval/<tenant>/<id>`'),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const Comment = z.string().trim().max(1000).optional().describe('a comment for the requester');

/**
 * After a decision committed: the approval's workflow is signalled, and the request's own workflow told (for
 * leave, which forwards to the approval). A failure is logged: the decision stands, the workflows re-read on
 * their timers.
 */
export function afterDecision(ctx: OperationContext, notice: Omit<ApprovalNotice, 'byUserId'>): AfterDecision {
  return async (instance) => {
    const ref = { tenantId: instance.tenantId, instanceId: instance.id };
    try {
      await ctx.deps.approvalFlows?.notify(ref, { ...notice, byUserId: ctx.actor.user.id });
      if (instance.requestType === 'leave') {
        await ctx.deps.leaveApproval?.notifyChanged({ tenantId: instance.tenantId, requestId: instance.subjectId });
      }
    } catch (err) {
      ctx.log.warn({ err, ...ref }, 'approval workflow not told of the decision; it will see it on its next check');
    }
  };
}
