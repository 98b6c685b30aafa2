import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import { emitLeaveSetupWebhookEvent } from '../webhooks/emitters';
import { toUtcDate } from '../../lib/calendar/isoDate';

/**
 * The workspace's public holiday calendar as HR edits it (company API, Leave). New requests count around the
 * changed calendar; a request already made keeps the days it was counted with (its ledger rows), as it always has.
 */

export async function addPublicHoliday(
  prisma: PrismaClient,
  actor: Actor,
  input: { date: string; name: string },
): Promise<{ date: string; name: string }> {
  requireHrRole(actor, 'change the holiday calendar');
  const tenantId = actor.tenant.id;
  return prisma.$transaction(async (tx) => {
    const taken = await tx.publicHoliday.findUnique({
      where: { tenantId_date: { tenantId, date: toUtcDate(input.date) } },
    });
    if (taken) throw new AppError('conflict', `${input.date} is already a public holiday: ${taken.name}`);
    await tx.publicHoliday.create({ data: { tenantId, date: toUtcDate(input.date), name: input.name } });
    await emitLeaveSetupWebhookEvent(tx, 'leave.holiday.created', tenantId, { holiday: input });
    return input;
  });
}

export async function removePublicHoliday(
  prisma: PrismaClient,
  actor: Actor,
  date: string,
): Promise<{ date: string; name: string }> {
  const tenantId = actor.tenant.id;
  const holiday = await prisma.publicHoliday.findUnique({
    where: { tenantId_date: { tenantId, date: toUtcDate(date) } },
  });
  if (!holiday) throw new AppError('not_found', `No public holiday on ${date}`);
  requireHrRole(actor, 'change the holiday calendar');
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.publicHoliday.deleteMany({ where: { tenantId, date: toUtcDate(date) } });
    if (count === 0) throw new AppError('not_found', `No public holiday on ${date}`);
    await emitLeaveSetupWebhookEvent(tx, 'leave.holiday.deleted', tenantId, { holiday: { date, name: holiday.name } });
    return { date, name: holiday.name };
  });
}
