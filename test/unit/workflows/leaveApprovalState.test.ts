import type { LeaveSnapshot } from '../../../activities/leave';
import { LeaveApprovalState } from '../../../workflows/leaveApproval/state';

const snapshot = (over: Partial<LeaveSnapshot>): LeaveSnapshot => ({
  status: 'PENDING',
  startDate: '2026-08-03',
  endDate: '2026-08-07',
  msUntilStart: 10_000,
  msUntilEnd: 50_000,
  ...over,
});

const stateAfterRead = (read: LeaveSnapshot | null) => {
  const state = new LeaveApprovalState();
  state.beginRead();
  state.applyRead(read);
  return state;
};

describe('LeaveApprovalState.nextStep', () => {
  it.each([
    ['waits for a decision while PENDING', snapshot({}), { kind: 'awaitDecision' }],
    ['sleeps until the first day when APPROVED', snapshot({ status: 'APPROVED' }), { kind: 'begin', inMs: 10_000 }],
    [
      'begins at once when approved on or after the first day',
      snapshot({ status: 'APPROVED', msUntilStart: -5 }),
      { kind: 'begin', inMs: 0 },
    ],
    [
      'completes at once when approved after the last day',
      snapshot({ status: 'APPROVED', msUntilStart: -20, msUntilEnd: -10 }),
      { kind: 'complete', inMs: 0 },
    ],
    ['sleeps until the end when IN_PROGRESS', snapshot({ status: 'IN_PROGRESS' }), { kind: 'complete', inMs: 50_000 }],
    ['ends when REJECTED', snapshot({ status: 'REJECTED' }), { kind: 'end' }],
    ['ends when CANCELLED', snapshot({ status: 'CANCELLED' }), { kind: 'end' }],
    ['ends when COMPLETED', snapshot({ status: 'COMPLETED' }), { kind: 'end' }],
    ['ends when the request is gone', null, { kind: 'end' }],
  ])('%s', (_name, read, step) => {
    expect(stateAfterRead(read).nextStep()).toEqual(step);
  });
});

describe('LeaveApprovalState change notices', () => {
  it('keeps a notice that arrives during a read, so the workflow reads once more', () => {
    const state = new LeaveApprovalState();
    state.noteChange();
    state.beginRead();
    expect(state.hasUnreadChanges).toBe(false);
    state.noteChange(); // the signal lands while the read activity runs
    state.applyRead(snapshot({}));
    expect(state.hasUnreadChanges).toBe(true);
  });

  it('treats a transition that found the request elsewhere as a notice (a lost signal)', () => {
    const state = stateAfterRead(snapshot({}));
    state.applyTransition('PENDING', 'PENDING');
    expect(state.hasUnreadChanges).toBe(false);
    state.applyTransition('APPROVED', 'PENDING');
    expect(state.hasUnreadChanges).toBe(true);
  });

  it('describes where the request stands for the Temporal UI', () => {
    expect(stateAfterRead(snapshot({ status: 'APPROVED' })).describe()).toBe(
      'Leave 2026-08-03 to 2026-08-07: APPROVED, approved; waiting for the first day of leave.',
    );
    expect(stateAfterRead(null).describe()).toBe('The leave request does not exist (any more).');
  });

  it('says who waits for whom, which leave and which days when the read brings them in words', () => {
    const words = { employee: 'Alice Anders', policy: 'Annual leave', days: 'Mon 6 – Fri 10 Dec 2027' };
    expect(stateAfterRead(snapshot({ words: { ...words, waitingFor: ['Bob Brown'] } })).describe()).toBe(
      "PENDING: waiting for Bob Brown to approve Alice Anders's Annual leave, Mon 6 – Fri 10 Dec 2027.",
    );
    expect(stateAfterRead(snapshot({ words: { ...words, waitingFor: ['Hanna Hale', 'Omar Owens'] } })).describe()).toBe(
      "PENDING: waiting for Hanna Hale or Omar Owens to approve Alice Anders's Annual leave, Mon 6 – Fri 10 Dec 2027.",
    );
    expect(stateAfterRead(snapshot({ status: 'APPROVED', words: { ...words, waitingFor: [] } })).describe()).toBe(
      "APPROVED: Alice Anders's Annual leave, Mon 6 – Fri 10 Dec 2027; waiting for its first day.",
    );
    expect(stateAfterRead(snapshot({ status: 'REJECTED', words: { ...words, waitingFor: [] } })).describe()).toBe(
      "REJECTED: Alice Anders's Annual leave, Mon 6 – Fri 10 Dec 2027.",
    );
  });
});
