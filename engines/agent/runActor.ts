import type { PrismaClient } from '../../db/prismaClient';
import type { Actor, CredentialKind } from '../access/actor';
import { isScope } from '../access/scopes';
import { AppError } from '../appError';
import type { RunRow } from './runs';

/**
 * The Actor an agent step acts as: the run's user with the role read now (a demotion applies to the next step of
 * a running run, as to the next request), and the scopes the run was started with, never more. The credential is
 * the one that started the run, so the audit names it; it need not be valid any more (a delegated credential lives
 * minutes, a run may wait a day for an approval), because the run's scopes were fixed when it started.
 */
export async function loadRunActor(prisma: PrismaClient, run: RunRow): Promise<Actor> {
  // Three reads at once (none depends on another's answer): one round trip's wait instead of three.
  const [user, employee, credential] = await Promise.all([
    prisma.user.findFirst({ where: { id: run.userId, tenantId: run.tenantId }, include: { tenant: true } }),
    prisma.employee.findFirst({ where: { userId: run.userId, tenantId: run.tenantId } }),
    run.credentialId
      ? prisma.credential.findUnique({ where: { id: run.credentialId }, select: { id: true, kind: true, name: true } })
      : null,
  ]);
  if (!user) throw new AppError('forbidden', 'The user of this run no longer exists');
  if (user.status !== 'active') throw new AppError('forbidden', 'The user of this run was deactivated');
  return {
    tenant: { id: user.tenant.id, name: user.tenant.name },
    user: { id: user.id, name: user.name, email: user.email, role: user.role },
    employee: employee
      ? { id: employee.id, number: employee.employeeNumber, departmentId: employee.departmentId }
      : null,
    credential: {
      id: credential?.id ?? run.id,
      kind: (credential?.kind ?? 'delegated_credential') as CredentialKind,
      name: credential ? `${credential.name} (agent run ${run.id})` : `agent run ${run.id}`,
      scopes: run.scopes.filter(isScope),
    },
  };
}
