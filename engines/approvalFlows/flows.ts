import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import { builtInFlows } from './builtInFlows';
import { approvalRequestTypes, flowProblem, type ApprovalRequestType, type ApprovalStep } from './flowDefinition';

/** A request type's flow as the API shows it: the tenant's own, or the built-in one (`configured: false`). */
export interface ApprovalFlowView {
  requestType: ApprovalRequestType;
  name: string;
  steps: ApprovalStep[];
  configured: boolean;
  updatedAt: string | null;
}

async function viewOf(prisma: PrismaClient, tenantId: string, requestType: ApprovalRequestType) {
  const flow = await prisma.approvalFlow.findUnique({ where: { tenantId_requestType: { tenantId, requestType } } });
  if (!flow) return { requestType, ...builtInFlows[requestType], configured: false, updatedAt: null };
  return {
    requestType,
    name: flow.name,
    steps: flow.steps as unknown as ApprovalStep[],
    configured: true,
    updatedAt: flow.updatedAt.toISOString(),
  };
}

export async function listApprovalFlows(prisma: PrismaClient, actor: Actor): Promise<ApprovalFlowView[]> {
  return Promise.all(approvalRequestTypes.map((type) => viewOf(prisma, actor.tenant.id, type)));
}

export async function getApprovalFlow(
  prisma: PrismaClient,
  actor: Actor,
  requestType: ApprovalRequestType,
): Promise<ApprovalFlowView> {
  return viewOf(prisma, actor.tenant.id, requestType);
}

function requireHr(actor: Actor): void {
  if (!isHrRole(actor.user.role)) {
    throw new AppError('forbidden', 'Only HR_MANAGER, ADMIN and OWNER change approval flows');
  }
}

/**
 * Sets a request type's flow for the tenant (replacing the one before). New requests follow it; approvals
 * already open keep the steps they started with. 400 naming the field for an unsound flow or a user who is not
 * an active member of the workspace.
 */
export async function putApprovalFlow(
  prisma: PrismaClient,
  actor: Actor,
  requestType: ApprovalRequestType,
  input: { name: string; steps: ApprovalStep[] },
): Promise<ApprovalFlowView> {
  requireHr(actor);
  const problem = flowProblem(input.steps);
  if (problem) throw new AppError('validation_error', `${problem.field}: ${problem.reason}`);
  for (const [i, step] of input.steps.entries()) {
    const named = step.approver === 'person' ? [step.userId!] : (step.userIds ?? []);
    if (named.length === 0) continue;
    const found = await prisma.user.count({
      where: { tenantId: actor.tenant.id, status: 'active', id: { in: named } },
    });
    if (found !== new Set(named).size) {
      const field = step.approver === 'person' ? `steps[${i}].userId` : `steps[${i}].userIds`;
      throw new AppError('validation_error', `${field}: every user named must be an active user of this workspace`);
    }
  }
  const steps = input.steps as unknown as Prisma.InputJsonValue;
  await prisma.approvalFlow.upsert({
    where: { tenantId_requestType: { tenantId: actor.tenant.id, requestType } },
    create: { tenantId: actor.tenant.id, requestType, name: input.name, steps, updatedByUserId: actor.user.id },
    update: { name: input.name, steps, updatedByUserId: actor.user.id },
  });
  return viewOf(prisma, actor.tenant.id, requestType);
}

/** Removes the tenant's own flow of a request type: new requests follow the built-in flow again. */
export async function resetApprovalFlow(
  prisma: PrismaClient,
  actor: Actor,
  requestType: ApprovalRequestType,
): Promise<ApprovalFlowView> {
  requireHr(actor);
  await prisma.approvalFlow.deleteMany({ where: { tenantId: actor.tenant.id, requestType } });
  return viewOf(prisma, actor.tenant.id, requestType);
}
