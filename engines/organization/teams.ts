import type { Team } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import { lockOrganisation } from './organisationLock';
import { emitOrganizationWebhookEvent } from '../webhooks/emitters';
import { pageArgs, pageOf } from './page';
import { requireDepartment, requireEmployee } from './references';

/**
 * Teams (company API, Organization). A team may sit in a department: its members then belong to that department,
 * and moving the team moves them (one transaction), so what directors see follows at once. Members are listed as
 * far as the caller may see people; the count is the whole team's.
 */

export interface TeamView {
  id: string;
  name: string;
  departmentId: string | null;
  leadEmployeeId: string | null;
  memberCount: number;
  createdAt: string;
}

export interface TeamMemberView {
  employeeId: string;
  name: string;
  jobTitle: string;
  addedAt: string;
}

export interface TeamInput {
  name?: string;
  departmentId?: string | null;
  leadEmployeeId?: string | null;
}

async function viewsOf(prisma: PrismaClient, rows: Team[]): Promise<TeamView[]> {
  const counts = await prisma.teamMember.groupBy({
    by: ['teamId'],
    where: { teamId: { in: rows.map((r) => r.id) } },
    _count: { _all: true },
  });
  const countOf = new Map(counts.map((c) => [c.teamId, c._count._all]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    departmentId: r.departmentId,
    leadEmployeeId: r.leadEmployeeId,
    memberCount: countOf.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function findTeam(prisma: PrismaClient, actor: Actor, id: string): Promise<Team> {
  const row = await prisma.team.findFirst({ where: { id, tenantId: actor.tenant.id } });
  if (!row) throw new AppError('not_found', `No team ${id}`);
  return row;
}

export async function listTeams(
  prisma: PrismaClient,
  actor: Actor,
  page: { limit: number; after?: string | undefined; name?: string | undefined },
): Promise<{ teams: TeamView[]; nextCursor: string | null }> {
  const rows = await prisma.team.findMany({
    where: {
      tenantId: actor.tenant.id,
      ...(page.name ? { name: { contains: page.name, mode: 'insensitive' as const } } : {}),
    },
    ...pageArgs(page),
  });
  const { items, nextCursor } = pageOf(rows, page.limit);
  return { teams: await viewsOf(prisma, items), nextCursor };
}

/** A team with the members the caller may see (by name); `memberCount` counts them all. */
export async function getTeam(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<{ team: TeamView; members: TeamMemberView[] }> {
  const row = await findTeam(prisma, actor, id);
  const visible = await visibleEmployeesFilter(prisma, actor);
  const members = await prisma.teamMember.findMany({ where: { teamId: id }, orderBy: { addedAt: 'asc' } });
  const people = await prisma.employee.findMany({
    where: { AND: [visible, { id: { in: members.map((m) => m.employeeId) } }] },
    select: { id: true, name: true, jobTitle: true },
  });
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    team: (await viewsOf(prisma, [row]))[0]!,
    members: members.flatMap((m) => {
      const p = byId.get(m.employeeId);
      return p ? [{ employeeId: p.id, name: p.name, jobTitle: p.jobTitle, addedAt: m.addedAt.toISOString() }] : [];
    }),
  };
}

export async function createTeam(
  prisma: PrismaClient,
  actor: Actor,
  input: TeamInput & { name: string },
): Promise<TeamView> {
  requireHrRole(actor, 'change the organisation');
  const tenantId = actor.tenant.id;
  const row = await prisma.$transaction(async (tx) => {
    await lockOrganisation(tx, tenantId);
    if (input.departmentId) await requireDepartment(tx, tenantId, input.departmentId, 'departmentId');
    if (input.leadEmployeeId) await requireEmployee(tx, tenantId, input.leadEmployeeId, 'leadEmployeeId');
    const created = await tx.team.create({
      data: {
        tenantId,
        name: input.name,
        departmentId: input.departmentId ?? null,
        leadEmployeeId: input.leadEmployeeId ?? null,
      },
    });
    await emitOrganizationWebhookEvent(tx, 'organization.team.created', tenantId, {
      team: { id: created.id, name: created.name },
    });
    return created;
  });
  return (await viewsOf(prisma, [row]))[0]!;
}

/** Changes a team; a new department moves its members there too, in the same transaction. */
export async function updateTeam(prisma: PrismaClient, actor: Actor, id: string, input: TeamInput): Promise<TeamView> {
  const before = await findTeam(prisma, actor, id);
  requireHrRole(actor, 'change the organisation');
  const tenantId = actor.tenant.id;
  const row = await prisma.$transaction(async (tx) => {
    await lockOrganisation(tx, tenantId);
    if (input.departmentId) await requireDepartment(tx, tenantId, input.departmentId, 'departmentId');
    if (input.leadEmployeeId) await requireEmployee(tx, tenantId, input.leadEmployeeId, 'leadEmployeeId');
    const updated = await tx.team.update({
      where: { id },
      data: { name: input.name, departmentId: input.departmentId, leadEmployeeId: input.leadEmployeeId },
    });
    if (input.departmentId && input.departmentId !== before.departmentId) {
      const members = await tx.teamMember.findMany({ where: { teamId: id }, select: { employeeId: true } });
      await tx.employee.updateMany({
        where: { tenantId, id: { in: members.map((m) => m.employeeId) } },
        data: { departmentId: input.departmentId },
      });
    }
    await emitOrganizationWebhookEvent(tx, 'organization.team.updated', tenantId, {
      team: { id: updated.id, name: updated.name },
    });
    return updated;
  });
  return (await viewsOf(prisma, [row]))[0]!;
}

export async function deleteTeam(prisma: PrismaClient, actor: Actor, id: string): Promise<{ id: string }> {
  await findTeam(prisma, actor, id);
  requireHrRole(actor, 'change the organisation');
  await prisma.$transaction(async (tx) => {
    const deleted = await tx.team.delete({ where: { id } });
    await emitOrganizationWebhookEvent(tx, 'organization.team.deleted', actor.tenant.id, {
      team: { id: deleted.id, name: deleted.name },
    });
  });
  return { id };
}

/**
 * Adds an employee of the workspace to a team (idempotent: a member stays one). When the team sits in a
 * department, the member moves to it.
 */
export async function addTeamMember(
  prisma: PrismaClient,
  actor: Actor,
  teamId: string,
  employeeId: string,
): Promise<{ team: TeamView; members: TeamMemberView[] }> {
  const team = await findTeam(prisma, actor, teamId);
  requireHrRole(actor, 'change the organisation');
  const tenantId = actor.tenant.id;
  await prisma.$transaction(async (tx) => {
    await lockOrganisation(tx, tenantId);
    await requireEmployee(tx, tenantId, employeeId, 'employeeId');
    await tx.teamMember.upsert({
      where: { teamId_employeeId: { teamId, employeeId } },
      create: { teamId, employeeId, tenantId },
      update: {},
    });
    if (team.departmentId) {
      await tx.employee.update({ where: { id: employeeId }, data: { departmentId: team.departmentId } });
    }
  });
  return getTeam(prisma, actor, teamId);
}

/** Takes an employee out of a team; 404 when they are not in it. Their department stays as it is. */
export async function removeTeamMember(
  prisma: PrismaClient,
  actor: Actor,
  teamId: string,
  employeeId: string,
): Promise<{ team: TeamView; members: TeamMemberView[] }> {
  await findTeam(prisma, actor, teamId);
  requireHrRole(actor, 'change the organisation');
  const { count } = await prisma.teamMember.deleteMany({ where: { teamId, employeeId } });
  if (count === 0) throw new AppError('not_found', `Employee ${employeeId} is not in team ${teamId}`);
  return getTeam(prisma, actor, teamId);
}
