import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import type { CertificationExpiryRef } from '../engines/certificates/expiryPort';
import { expiryReminderKinds, reminderDay, type ExpiryReminderKind } from '../engines/certificates/expiryReminderKinds';
import {
  certificationExpiryState,
  sendExpiryReminder,
  type ReminderOutcome,
} from '../engines/certificates/expiryReminders';
import { dayBegins, scaleOf } from './leaveTimeline';

export type { ExpiryReminderKind };

/** What the certificateExpiry workflow knows of its certification after reading it. */
export interface CertificationExpirySnapshot {
  name: string;
  employeeName: string;
  expiryDate: string | null;
  /** Each reminder of the expiry date: milliseconds from the read until its day begins, and whether it was sent. */
  reminders: Array<{ kind: ExpiryReminderKind; msUntilDue: number; sent: boolean }>;
}

export interface CertificateActivityDeps {
  prisma: PrismaClient;
  /** A test time scale of calendar days (config `leave.dayMs`); undefined: the real calendar. */
  dayMs: number | undefined;
  clock: Clock;
}

type TimedRef = CertificationExpiryRef & { workflowStartedAt: number };

/**
 * The activities of the certificateExpiry workflow: thin adapters over engines/certificates. Sending is idempotent:
 * a retried or replayed send finds its reminder recorded and sends nothing.
 */
export function createCertificateActivities(deps: CertificateActivityDeps) {
  const { prisma, clock } = deps;
  return {
    async readCertificationExpiry(ref: TimedRef): Promise<CertificationExpirySnapshot | null> {
      const state = await certificationExpiryState(prisma, ref);
      if (!state) return null;
      const at = clock.now();
      const scale = scaleOf(deps.dayMs, ref.workflowStartedAt, at);
      const expiryDate = state.expiryDate;
      return {
        name: state.name,
        employeeName: state.employeeName,
        expiryDate,
        reminders: expiryDate
          ? expiryReminderKinds.map((kind) => ({
              kind,
              msUntilDue: dayBegins(reminderDay(kind, expiryDate), state.timeZone, scale).getTime() - at.getTime(),
              sent: state.sent.includes(kind),
            }))
          : [],
      };
    },
    async sendCertificationReminder(
      ref: CertificationExpiryRef & { expiryDate: string; kind: ExpiryReminderKind },
    ): Promise<ReminderOutcome> {
      return sendExpiryReminder(prisma, ref);
    },
  };
}
