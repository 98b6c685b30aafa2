import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

/**
 * Notifications of Inventory, written in the transaction of the change they tell about: the person is told when
 * an item is put in their hands and when its return is recorded (so a return they did not make does not pass
 * unnoticed).
 */
export const inventoryNotificationKinds = ['inventory.item_assigned', 'inventory.item_returned'] as const;
export type InventoryNotificationKind = (typeof inventoryNotificationKinds)[number];

export interface InventoryNotice {
  kind: InventoryNotificationKind;
  tenantId: string;
  /** The holder's user; none: the person has no account, and nobody is told. */
  userId: string | null;
  assignmentId: string;
  item: { id: string; name: string; serial: string };
}

function texts(n: InventoryNotice): { title: string; body: string } {
  const what = `${n.item.name} (serial ${n.item.serial})`;
  return n.kind === 'inventory.item_assigned'
    ? { title: `Assigned to you: ${n.item.name}`, body: `${what} is now in your care. Return it when asked.` }
    : { title: `Returned: ${n.item.name}`, body: `The return of ${what} was recorded.` };
}

/** Writes the holder's notification, when they have an account. */
export async function notifyHolder(tx: Prisma.TransactionClient, notice: InventoryNotice): Promise<void> {
  if (!notice.userId) return;
  await writeNotifications(tx, [
    {
      tenantId: notice.tenantId,
      userId: notice.userId,
      kind: notice.kind,
      ...texts(notice),
      data: { assignmentId: notice.assignmentId, itemId: notice.item.id },
    },
  ]);
}
