import { addDays, type IsoDate } from '../leave/dates';

/**
 * The reminders of a certification's expiry (company-api.md, Certificates), each sent once per expiry date when its
 * day begins in the tenant's calendar: 60, 30 and 7 days before, and on the expiry date itself.
 */
export const expiryReminderKinds = ['60d', '30d', '7d', 'expired'] as const;
export type ExpiryReminderKind = (typeof expiryReminderKinds)[number];

const daysBefore: Record<ExpiryReminderKind, number> = { '60d': 60, '30d': 30, '7d': 7, expired: 0 };

/** The day a reminder is due for a certification expiring on `expiryDate`. */
export function reminderDay(kind: ExpiryReminderKind, expiryDate: IsoDate): IsoDate {
  return addDays(expiryDate, -daysBefore[kind]);
}

export function isExpiryReminderKind(value: string): value is ExpiryReminderKind {
  return (expiryReminderKinds as readonly string[]).includes(value);
}
