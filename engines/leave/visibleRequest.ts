import type { LeaveRequest } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';

/**
 * The leave request `requestId` of the actor's tenant, if the actor may see its employee; otherwise 404, the
 * same answer as for an id that does not exist, so nobody learns of requests they may not see.
 */
export async function findVisibleRequest(prisma: PrismaClient, actor: Actor, requestId: string): Promise<LeaveRequest> {
  const request = await prisma.leaveRequest.findFirst({ where: { id: requestId, tenantId: actor.tenant.id } });
  if (!request || !(await canSeeEmployee(prisma, actor, request.employeeId))) {
    throw new AppError('not_found', 'No leave request with this id is visible to you');
  }
  return request;
}
