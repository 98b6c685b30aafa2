import type { CertificationExpirySnapshot } from '../../../activities/certificates';
import { ReminderPlan } from '../../../workflows/certificateExpiry/reminderPlan';

const DAY = 86_400_000;
/** A read of a certification expiring on `expiryDate`, `daysLeft` days after the read (60d due at daysLeft - 60). */
function read(expiryDate: string, daysLeft: number, sent: string[] = []): CertificationExpirySnapshot {
  const before = { '60d': 60, '30d': 30, '7d': 7, expired: 0 } as const;
  return {
    name: 'Forklift',
    employeeName: 'Alice',
    expiryDate,
    reminders: (['60d', '30d', '7d', 'expired'] as const).map((kind) => ({
      kind,
      msUntilDue: (daysLeft - before[kind]) * DAY - 1,
      sent: sent.includes(kind),
    })),
  };
}

function drain(plan: ReminderPlan): string[] {
  const order: string[] = [];
  for (let kind = plan.next(); kind; kind = plan.next()) {
    order.push(kind);
    plan.done(kind);
  }
  return order;
}

describe('the reminder plan of a certification’s expiry', () => {
  it.each([
    [90, ['60d', '30d', '7d', 'expired']],
    [45, ['30d', '7d', 'expired']],
    [20, ['7d', 'expired']],
    [8, ['7d', 'expired']],
    [7, ['expired']],
    [1, ['expired']],
    [0, []],
    [-30, []],
  ])('recorded %p days before its expiry, sends %p and none of the passed ones late', (daysLeft, expected) => {
    const plan = new ReminderPlan();
    plan.follow(read('2027-03-01', daysLeft));
    expect(drain(plan)).toEqual(expected);
  });

  it('keeps its plan when the same date is read again later: a reminder due while no worker ran is still sent', () => {
    const plan = new ReminderPlan();
    plan.follow(read('2027-03-01', 8));
    plan.done('7d');
    // Read again after the expiry began (its timer fired with no worker): still planned.
    plan.follow(read('2027-03-01', -2, ['7d']));
    expect(plan.next()).toBe('expired');
  });

  it('drops what another run already sent for the date, and plans a renewed date afresh', () => {
    const plan = new ReminderPlan();
    plan.follow(read('2027-03-01', 40, ['30d']));
    expect(drain(plan)).toEqual(['7d', 'expired']);
    plan.follow(read('2027-05-01', 100));
    expect([plan.expiryDate, drain(plan)]).toEqual(['2027-05-01', ['60d', '30d', '7d', 'expired']]);
  });
});
