import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import type { Role } from '../access/roles';
import { scopes as allScopes } from '../access/scopes';
import { AppError } from '../appError';
import { issueCredential, viewOf as tokenViewOf, type CredentialView } from '../tokens/credentials';
import { generateSecret, hashSecret } from '../tokens/secret';
import { emitUserWebhookEvent } from '../webhooks/emitters';
import { lockUsers, requireFreeExternalId, requireUserAdmin, userViewOf, type UserView } from './users';

/**
 * Invitations (company API, User): an ADMIN or OWNER invites someone by e-mail with a role; the user exists at once
 * as `invited` (no credential works for them) and the invitation's secret (`hru_`) is shown once. Whoever holds it
 * accepts it once, within 7 days: the user becomes active and gets their first personal access token, shown once.
 * The token carries every scope: scopes only narrow, the role decides what it can do.
 */
const INVITATION_DAYS = 7;

export async function inviteUser(
  prisma: PrismaClient,
  actor: Actor,
  input: {
    email: string;
    name: string;
    role: Role;
    employeeId?: string | undefined;
    externalId?: string | undefined;
  },
  now = new Date(),
): Promise<{ user: UserView; invitation: { id: string; hint: string; expiresAt: string }; secret: string }> {
  requireUserAdmin(actor, undefined, input.role);
  const { secret, hash, hint } = generateSecret('user_invitation');
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  return prisma.$transaction(async (tx) => {
    await lockUsers(tx, actor.tenant.id);
    if (input.employeeId) {
      const employee = await tx.employee.findFirst({ where: { id: input.employeeId, tenantId: actor.tenant.id } });
      if (!employee)
        throw new AppError('validation_error', `employeeId: no employee ${input.employeeId} in this workspace`);
      if (employee.userId) throw new AppError('conflict', 'employeeId: that employee already has a user account');
    }
    if (input.externalId !== undefined) await requireFreeExternalId(tx, actor.tenant.id, input.externalId);
    const user = await tx.user.create({
      data: {
        tenantId: actor.tenant.id,
        email: input.email,
        name: input.name,
        role: input.role,
        status: 'invited',
        externalId: input.externalId ?? null,
      },
    });
    if (input.employeeId) await tx.employee.update({ where: { id: input.employeeId }, data: { userId: user.id } });
    await emitUserWebhookEvent(tx, 'users.user.invited', user);
    const invitation = await tx.userInvitation.create({
      data: {
        tenantId: actor.tenant.id,
        userId: user.id,
        secretHash: hash,
        hint,
        invitedById: actor.user.id,
        expiresAt,
      },
    });
    return {
      user: userViewOf({ ...user, employee: input.employeeId ? { id: input.employeeId } : null }),
      invitation: { id: invitation.id, hint, expiresAt: expiresAt.toISOString() },
      secret,
    };
  });
}

/**
 * Accepts an invitation: 401 for an unknown, used or expired secret (one answer for all three, so a guesser learns
 * nothing), and for a user deactivated meanwhile.
 */
export async function acceptInvitation(
  prisma: PrismaClient,
  secret: string,
  now = new Date(),
): Promise<{ user: UserView; token: CredentialView; secret: string; tenantId: string }> {
  const refused = new AppError('unauthorized', 'The invitation is not valid: unknown, used or expired');
  return prisma.$transaction(async (tx) => {
    const invitation = await tx.userInvitation.findUnique({ where: { secretHash: hashSecret(secret) } });
    if (!invitation || invitation.acceptedAt || invitation.expiresAt <= now) throw refused;
    // Conditional: two acceptances racing, one wins.
    const { count } = await tx.userInvitation.updateMany({
      where: { id: invitation.id, acceptedAt: null },
      data: { acceptedAt: now },
    });
    if (count === 0) throw refused;
    const invited = await tx.user.updateMany({
      where: { id: invitation.userId, status: 'invited' },
      data: { status: 'active' },
    });
    if (invited.count === 0) throw refused;
    const user = await tx.user.findUniqueOrThrow({
      where: { id: invitation.userId },
      include: { employee: { select: { id: true } } },
    });
    const token = await issueCredential(tx, {
      tenantId: user.tenantId,
      userId: user.id,
      kind: 'personal_access_token',
      name: 'first token (invitation)',
      scopes: allScopes,
      createdById: user.id,
    });
    // The workspace is for the audit record (operations/users/acceptUserInvitation.ts); the answer does not show it.
    return {
      user: userViewOf(user),
      token: tokenViewOf(token.credential),
      secret: token.secret,
      tenantId: user.tenantId,
    };
  });
}
