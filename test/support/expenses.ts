import type { PrismaClient } from '../../db/prismaClient';
import { blobStoreFor } from '../../engines/blobs/blobStores';
import { createExpenseClaim } from '../../engines/expenses/expenseClaims';
import { addDays } from '../../engines/leave/dates';
import { authenticate } from '../../engines/tokens/authenticate';
import { testClock } from './clock';
import { testConfig } from './config';
import { tokenFor, type DemoKey } from './identity';
import { todayOf } from './leave';

/** The smallest content the upload check takes for a PNG: its 8-byte signature, then anything. */
export const pngBytes = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('receipt'),
]);
export const pdfBytes = Buffer.from('%PDF-1.7\n% a receipt\n');

/** Yesterday in the calendar of `who`'s workspace: a day any expense line may have. */
export async function yesterdayOf(prisma: PrismaClient, who: DemoKey): Promise<string> {
  return addDays(await todayOf(prisma, who), -1);
}

const actorOf = async (prisma: PrismaClient, who: DemoKey) =>
  authenticate(prisma, await tokenFor(prisma, who, ['expenses:write'], { name: 'expenses' }));

/** A receipt (PNG) uploaded by `who`, stored as the upload operation stores one (the tests' blob store). */
export async function receiptOf(prisma: PrismaClient, who: DemoKey): Promise<string> {
  const actor = await actorOf(prisma, who);
  const blob = await blobStoreFor(testConfig()).put(pngBytes);
  const row = await prisma.agentAttachment.create({
    data: {
      tenantId: actor.tenant.id,
      userId: actor.user.id,
      filename: 'receipt.png',
      contentType: 'image/png',
      size: blob.size,
      sha256: blob.sha256,
    },
  });
  return row.id;
}

/**
 * A claim of `who` made through the engine, of one 12.00 Meals line from yesterday (under every limit and receipt
 * threshold of the demo categories): a DRAFT, or SUBMITTED (its approval asks the manager), optionally with a
 * receipt. Answers its id and its line's.
 */
export async function expenseClaimOf(
  prisma: PrismaClient,
  who: DemoKey,
  opts: { submit?: boolean; receipt?: boolean } = {},
): Promise<{ id: string; lineId: string }> {
  const actor = await actorOf(prisma, who);
  const receiptAttachmentId = opts.receipt ? await receiptOf(prisma, who) : undefined;
  const claim = await createExpenseClaim(
    prisma,
    actor,
    {
      title: 'Team lunch',
      submit: opts.submit ?? false,
      lines: [
        {
          category: 'Meals',
          date: await yesterdayOf(prisma, who),
          description: 'Lunch with a customer',
          amountMinor: 1200,
          ...(receiptAttachmentId ? { receiptAttachmentId } : {}),
        },
      ],
    },
    { clock: testClock() },
  );
  return { id: claim.id, lineId: claim.lines[0]!.id };
}

/** A fresh expense category of Acme (so a sample can change it freely), written directly. */
let categories = 0;
export async function acmeExpenseCategoryOf(prisma: PrismaClient): Promise<string> {
  const acme = await prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
  const row = await prisma.expenseCategory.create({
    data: {
      tenantId: acme.id,
      name: `Matrix category ${process.pid}-${++categories}-${Date.now()}`,
      currency: 'EUR',
      limitAction: 'flag',
    },
  });
  return row.id;
}
