import type { CertificationExpirySnapshot, ExpiryReminderKind } from '../../activities/certificates';

/** The reminders still to send for one expiry date, in order, as the first read of that date planned them. */
export class ReminderPlan {
  expiryDate: string | null = null;
  private pending: ExpiryReminderKind[] = [];

  /**
   * A new expiry date plans the reminders whose day has not begun yet and that were not sent: one whose moment had
   * passed when the date was first seen is never sent late. The same date read again keeps its plan, so a reminder
   * whose timer fired while no worker ran is still sent when one comes back.
   */
  follow(snapshot: CertificationExpirySnapshot): void {
    if (snapshot.expiryDate === this.expiryDate) {
      this.pending = this.pending.filter((kind) => !snapshot.reminders.some((r) => r.kind === kind && r.sent));
      return;
    }
    this.expiryDate = snapshot.expiryDate;
    this.pending = snapshot.reminders.filter((r) => r.msUntilDue > 0 && !r.sent).map((r) => r.kind);
  }

  next(): ExpiryReminderKind | undefined {
    return this.pending[0];
  }

  done(kind: ExpiryReminderKind): void {
    this.pending = this.pending.filter((k) => k !== kind);
  }
}
