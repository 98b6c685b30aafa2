import type { Prisma, User } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { isHrRole, isTenantAdmin, type Role } from '../access/roles';
import { AppError } from '../appError';
import { writeNotifications } from '../notifications/writeNotifications';
import { pageArgs, pageOf } from '../organization/page';
import { emitUserWebhookEvent } from '../webhooks/emitters';

/** The notification a user gets about their own account. */
export const userNotificationKinds = ['users.role_changed'] as const;

/**
 * User accounts of a workspace (company API, User). HR_MANAGER, ADMIN and OWNER read them; ADMIN and OWNER change
 * them; only an OWNER grants or takes the OWNER role or changes another OWNER; the last active OWNER can be neither
 * demoted nor deactivated. A role change applies on the caller's next request and the next step of their running
 * agent runs (both read the role live); a deactivation revokes every credential of the user and stops them at once.
 * Changes are serialised per workspace, so two owners demoting each other at once cannot leave none.
 */

export type UserStatus = 'active' | 'invited' | 'deactivated';

export interface UserView {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  employeeId: string | null;
  /** The user's id in the customer's own system (lookup_agent_user finds the user by it). */
  externalId: string | null;
  deactivatedAt: string | null;
  createdAt: string;
}

type Tx = Prisma.TransactionClient;
type UserRow = User & { employee: { id: string } | null };

export function userViewOf(row: UserRow): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status as UserStatus,
    employeeId: row.employee?.id ?? null,
    externalId: row.externalId,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const withEmployee = { employee: { select: { id: true } } } as const;

function requireReader(actor: Actor): void {
  if (!isHrRole(actor.user.role)) {
    throw new AppError('forbidden', 'Only an HR_MANAGER, ADMIN or OWNER reads the user accounts');
  }
}

/** ADMIN or OWNER; and only an OWNER touches an OWNER's account or hands out the role. */
export function requireUserAdmin(actor: Actor, target?: { role: Role }, newRole?: Role): void {
  if (!isTenantAdmin(actor.user.role)) {
    throw new AppError('forbidden', 'Only an ADMIN or OWNER changes user accounts');
  }
  if (actor.user.role !== 'OWNER' && (target?.role === 'OWNER' || newRole === 'OWNER')) {
    throw new AppError('forbidden', 'Only an OWNER grants the OWNER role or changes an OWNER');
  }
}

export async function lockUsers(tx: Tx, tenantId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`users:${tenantId}`}, 0))`;
}

/** 409 when `userId` is the workspace's last active OWNER (under lockUsers). */
async function requireAnotherOwner(tx: Tx, tenantId: string, userId: string, doing: string): Promise<void> {
  const others = await tx.user.count({
    where: { tenantId, role: 'OWNER', status: 'active', id: { not: userId } },
  });
  if (others === 0) {
    throw new AppError('conflict', `This is the workspace's last active OWNER: make another OWNER before ${doing}`);
  }
}

export async function listUsers(
  prisma: PrismaClient,
  actor: Actor,
  page: { limit: number; after?: string | undefined; status?: UserStatus | undefined },
): Promise<{ users: UserView[]; nextCursor: string | null }> {
  requireReader(actor);
  const rows = await prisma.user.findMany({
    where: { tenantId: actor.tenant.id, ...(page.status ? { status: page.status } : {}) },
    include: withEmployee,
    ...pageArgs(page),
  });
  const { items, nextCursor } = pageOf(rows, page.limit);
  return { users: items.map(userViewOf), nextCursor };
}

async function findUser(db: PrismaClient | Tx, actor: Actor, id: string): Promise<UserRow> {
  const row = await db.user.findFirst({ where: { id, tenantId: actor.tenant.id }, include: withEmployee });
  if (!row) throw new AppError('not_found', `No user ${id}`);
  return row;
}

export async function getUser(prisma: PrismaClient, actor: Actor, id: string): Promise<UserView> {
  requireReader(actor);
  return userViewOf(await findUser(prisma, actor, id));
}

export async function changeUserRole(prisma: PrismaClient, actor: Actor, id: string, role: Role): Promise<UserView> {
  requireReader(actor);
  await findUser(prisma, actor, id);
  return userViewOf(
    await prisma.$transaction(async (tx) => {
      await lockUsers(tx, actor.tenant.id);
      const target = await findUser(tx, actor, id);
      requireUserAdmin(actor, target, role);
      if (target.role === 'OWNER' && role !== 'OWNER' && target.status === 'active') {
        await requireAnotherOwner(tx, actor.tenant.id, id, 'changing this one');
      }
      const updated = await tx.user.update({ where: { id }, data: { role }, include: withEmployee });
      if (target.role !== role) {
        await writeNotifications(tx, [
          {
            tenantId: actor.tenant.id,
            userId: id,
            kind: 'users.role_changed',
            title: `Your role is now ${role}`,
            body: `${actor.user.name} changed your role from ${target.role} to ${role}; it applies from now on.`,
            data: { from: target.role, to: role },
          },
        ]);
        await emitUserWebhookEvent(tx, 'users.user.role_changed', updated);
      }
      return updated;
    }),
  );
}

/**
 * 409 naming `externalId` when another user of the workspace already has it (under lockUsers, so two admins giving
 * the same id at once cannot both succeed; the unique index stands behind it).
 */
export async function requireFreeExternalId(
  tx: Tx,
  tenantId: string,
  externalId: string,
  exceptUserId?: string,
): Promise<void> {
  const holder = await tx.user.findFirst({
    where: { tenantId, externalId, ...(exceptUserId ? { id: { not: exceptUserId } } : {}) },
    select: { id: true },
  });
  if (holder) throw new AppError('conflict', 'externalId: another user of this workspace has it');
}

/**
 * Sets (or, with null, removes) the id a user has in the customer's own system. ADMIN and OWNER; only an OWNER
 * changes an OWNER's account. Unique within the workspace (409).
 */
export async function setUserExternalId(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  externalId: string | null,
): Promise<UserView> {
  requireReader(actor);
  await findUser(prisma, actor, id);
  return userViewOf(
    await prisma.$transaction(async (tx) => {
      await lockUsers(tx, actor.tenant.id);
      const target = await findUser(tx, actor, id);
      requireUserAdmin(actor, target);
      if (target.externalId === externalId) return target;
      if (externalId !== null) await requireFreeExternalId(tx, actor.tenant.id, externalId, id);
      return tx.user.update({ where: { id }, data: { externalId }, include: withEmployee });
    }),
  );
}

/**
 * Deactivates a user: every credential they hold is revoked (tokens, delegated and integration credentials, the
 * company keys they made) and none of theirs works from the next request on. Not oneself; not the last OWNER.
 */
export async function deactivateUser(prisma: PrismaClient, actor: Actor, id: string, now = new Date()) {
  requireReader(actor);
  await findUser(prisma, actor, id);
  return userViewOf(
    await prisma.$transaction(async (tx) => {
      await lockUsers(tx, actor.tenant.id);
      const target = await findUser(tx, actor, id);
      requireUserAdmin(actor, target);
      if (id === actor.user.id) throw new AppError('conflict', 'You cannot deactivate yourself');
      if (target.status === 'deactivated') return target;
      return (await deactivateLockedUser(tx, target, now)).user;
    }),
  );
}

/** A credential a deactivation revoked. */
export interface RevokedCredential {
  id: string;
  kind: string;
  name: string;
}

/**
 * The rules of a deactivation, for an ADMIN's request and for the system on a leaver's last day (Offboarding):
 * under lockUsers, the user is deactivated and every credential they hold is revoked, the company keys they made
 * included; 409 when they are the workspace's last active OWNER. The caller has checked who may ask.
 */
async function deactivateLockedUser(
  tx: Tx,
  target: UserRow,
  now: Date,
): Promise<{ user: UserRow; revoked: RevokedCredential[] }> {
  if (target.role === 'OWNER') await requireAnotherOwner(tx, target.tenantId, target.id, 'deactivating this one');
  const revoked = await tx.credential.findMany({
    where: { userId: target.id, revokedAt: null },
    select: { id: true, kind: true, name: true },
    orderBy: { createdAt: 'asc' },
  });
  await tx.credential.updateMany({ where: { userId: target.id, revokedAt: null }, data: { revokedAt: now } });
  const user = await tx.user.update({
    where: { id: target.id },
    data: { status: 'deactivated', deactivatedAt: now },
    include: withEmployee,
  });
  await emitUserWebhookEvent(tx, 'users.user.deactivated', user);
  return { user, revoked };
}

/**
 * Deactivates a user as the system (a leaver's last day): the same rules as deactivateUser without an actor.
 * Answers null when the user is already deactivated (nothing revoked again).
 */
export async function deactivateUserAsSystem(
  tx: Tx,
  tenantId: string,
  userId: string,
  now: Date,
): Promise<{ user: UserRow; revoked: RevokedCredential[] } | null> {
  await lockUsers(tx, tenantId);
  const target = await tx.user.findFirstOrThrow({ where: { id: userId, tenantId }, include: withEmployee });
  if (target.status === 'deactivated') return null;
  return deactivateLockedUser(tx, target, now);
}

/** Lets a deactivated user in again; their old credentials stay revoked (they make new ones). */
export async function reactivateUser(prisma: PrismaClient, actor: Actor, id: string): Promise<UserView> {
  requireReader(actor);
  await findUser(prisma, actor, id);
  return userViewOf(
    await prisma.$transaction(async (tx) => {
      await lockUsers(tx, actor.tenant.id);
      const target = await findUser(tx, actor, id);
      requireUserAdmin(actor, target);
      if (target.status !== 'deactivated') {
        throw new AppError('conflict', `The user is ${target.status}; only a deactivated user is reactivated`);
      }
      const reactivated = await tx.user.update({
        where: { id },
        data: { status: 'active', deactivatedAt: null },
        include: withEmployee,
      });
      await emitUserWebhookEvent(tx, 'users.user.reactivated', reactivated);
      return reactivated;
    }),
  );
}
