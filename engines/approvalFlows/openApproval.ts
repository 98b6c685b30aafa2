import type { ApprovalInstance, Prisma } from '../../db/models';
import { advanceApproval } from './approvalProgress';
import { builtInFlows } from './builtInFlows';
import { applicableSteps, type ApprovalFacts, type ApprovalStep } from './flowDefinition';
import type { ApprovalSubject } from './subject';

type Tx = Prisma.TransactionClient;

export interface OpenApprovalInput {
  tenantId: string;
  subjectId: string;
  subjectEmployeeId: string;
  requesterUserId: string;
  facts: ApprovalFacts;
  /** One line for the inbox: what is asked ("Annual leave, 2026-12-01 to 2026-12-12 (10 days) for Alice"). */
  summary: string;
  at: Date;
  /**
   * false: the first step's people are not told (nor the request's routing changed): the demo seed opens the
   * approvals of requests whose notifications and routing it wrote itself. Default true.
   */
  announce?: boolean;
}

/** The flow a tenant configured for a request type, or the type's built-in flow. */
export async function flowFor(
  tx: Tx,
  tenantId: string,
  requestType: ApprovalSubject['requestType'],
): Promise<{ id: string | null; name: string; steps: ApprovalStep[] }> {
  const flow = await tx.approvalFlow.findUnique({ where: { tenantId_requestType: { tenantId, requestType } } });
  if (flow) return { id: flow.id, name: flow.name, steps: flow.steps as unknown as ApprovalStep[] };
  return { id: null, ...builtInFlows[requestType] };
}

/**
 * Opens the approval of a new request, inside the transaction that creates the request: takes the steps of the
 * tenant's flow that apply to it (the first always does), and asks the people of the first step. The caller
 * (the request's engine) has locked the request's rows; the approval's workflow starts after commit.
 */
export async function openApproval(
  tx: Tx,
  subject: ApprovalSubject,
  input: OpenApprovalInput,
): Promise<ApprovalInstance> {
  const flow = await flowFor(tx, input.tenantId, subject.requestType);
  const steps = applicableSteps(flow.steps, input.facts);
  const instance = await tx.approvalInstance.create({
    data: {
      tenantId: input.tenantId,
      requestType: subject.requestType,
      subjectId: input.subjectId,
      subjectEmployeeId: input.subjectEmployeeId,
      requesterUserId: input.requesterUserId,
      flowId: flow.id,
      flowName: flow.name,
      steps: steps as unknown as Prisma.InputJsonValue,
      facts: input.facts as Prisma.InputJsonValue,
      summary: input.summary,
      status: 'PENDING',
      currentStep: 0,
      stepStartedAt: input.at,
    },
  });
  const advanced = await advanceApproval(tx, subject, instance, 0, {
    because: 'opened',
    announce: input.announce ?? true,
    lastApproverUserId: null,
    lastComment: null,
    at: input.at,
  });
  return advanced.instance;
}
