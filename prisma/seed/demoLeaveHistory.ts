import type { LeaveStatus } from '../../db/models';
import type { DemoPersonKey } from './demoPeople';
import type { SeedHistory } from './leaveBook';
import type { PolicyKind } from './leavePolicies';

/**
 * The demo's leave history: requests of the named people in every status, placed relative to the day the seed
 * runs so that they make sense on any date. `from` is an offset in days from today; the request starts on the
 * first working day from there and lasts `workingDays` working days. `inProgress` places it around today instead.
 */
export interface DemoRequestSpec {
  who: DemoPersonKey;
  policy: PolicyKind;
  from: number;
  workingDays: number;
  status: LeaveStatus;
  history: SeedHistory;
  /** Who decided it (omitted: the person it was routed to). */
  decidedBy?: DemoPersonKey;
  comment?: string;
  reason?: string;
  halfDay?: boolean;
  inProgress?: boolean;
}

// prettier-ignore
export const demoLeaveHistory: readonly DemoRequestSpec[] = [
  { who: 'alice', policy: 'annual', from: -70, workingDays: 3, status: 'COMPLETED', history: 'approved', reason: 'Family visit' },
  { who: 'alice', policy: 'annual', from: 14, workingDays: 1, status: 'REJECTED', history: 'rejected', comment: 'Release day; please pick another one' },
  { who: 'alice', policy: 'annual', from: 30, workingDays: 5, status: 'APPROVED', history: 'approved', reason: 'Summer holiday' },
  { who: 'alice', policy: 'annual', from: 45, workingDays: 3, status: 'CANCELLED', history: 'cancelled_pending' },
  { who: 'alice', policy: 'annual', from: 60, workingDays: 2, status: 'PENDING', history: 'pending', reason: 'Moving house' },
  { who: 'bob', policy: 'annual', from: -120, workingDays: 5, status: 'COMPLETED', history: 'approved' },
  { who: 'bob', policy: 'annual', from: 0, workingDays: 0, status: 'IN_PROGRESS', history: 'approved', inProgress: true, reason: 'Long weekend' },
  { who: 'bob', policy: 'unpaid', from: 21, workingDays: 2, status: 'PENDING', history: 'pending', reason: 'Course' },
  { who: 'carol', policy: 'sick', from: -20, workingDays: 2, status: 'COMPLETED', history: 'auto' },
  { who: 'carol', policy: 'annual', from: 35, workingDays: 4, status: 'PENDING', history: 'pending' },
  { who: 'carol', policy: 'annual', from: 50, workingDays: 1, status: 'APPROVED', history: 'approved', halfDay: true, reason: 'Dentist' },
  { who: 'manager', policy: 'annual', from: 40, workingDays: 5, status: 'PENDING', history: 'pending' },
  { who: 'director', policy: 'annual', from: 28, workingDays: 3, status: 'REJECTED', history: 'rejected', comment: 'Board meeting that week' },
  { who: 'owner', policy: 'annual', from: 25, workingDays: 2, status: 'PENDING', history: 'pending' },
  { who: 'hr', policy: 'annual', from: 55, workingDays: 2, status: 'CANCELLED', history: 'cancelled_approved' },
  { who: 'dan', policy: 'annual', from: 20, workingDays: 3, status: 'PENDING', history: 'pending' },
];
