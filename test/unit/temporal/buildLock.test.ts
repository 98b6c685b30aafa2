import { isLockStale, parseLockOwner, type LockOwner } from '../../../temporal/devServer/buildLock';

const here = 'build-host';
const owner = (pid: number, hostname = here): LockOwner => ({ pid, hostname, token: 't' });
const alive = new Set([100]);
const isAlive = (pid: number) => alive.has(pid);

describe('parseLockOwner', () => {
  it('reads the pid, host and token a lock holder wrote', () => {
    expect(parseLockOwner('{"pid":42,"hostname":"h","token":"abc"}')).toEqual({ pid: 42, hostname: 'h', token: 'abc' });
  });

  it.each(['', '{"pid":', 'null', '{"pid":"42","hostname":"h","token":"a"}', '{"pid":0,"hostname":"h","token":"a"}'])(
    'answers undefined for the half-written or foreign content %j',
    (content) => {
      expect(parseLockOwner(content)).toBeUndefined();
    },
  );
});

describe('isLockStale', () => {
  it.each([
    ['a live process of this host holds it', owner(100), 1_000, false],
    ['its owner on this host is dead', owner(200), 1_000, true],
    ['a process of another host holds it (its pid cannot be checked)', owner(200, 'other-host'), 60_000, false],
    ['it is unreadable but young (its owner is still writing it)', undefined, 2_000, false],
    ['it stayed unreadable past the grace period', undefined, 20_000, true],
    ['it is older than an hour, even with a live pid (the pid was reused)', owner(100), 2 * 60 * 60 * 1000, true],
    ['another host has held it for more than an hour', owner(200, 'other-host'), 2 * 60 * 60 * 1000, true],
  ])('when %s, says stale = %s', (_case, lockOwner, ageMs, expected) => {
    expect(isLockStale(lockOwner, { hostname: here, ageMs, isAlive })).toBe(expected);
  });
});
