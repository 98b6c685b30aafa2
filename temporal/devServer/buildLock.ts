import { randomUUID } from 'node:crypto';
import { readFile, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * A cross-process lock held while the Temporal CLI is being built, so that `npm test` and `npm start` started
 * together share one build instead of compiling the server twice (minutes of CPU and GiBs of memory each).
 *
 * The lock is a file created with O_EXCL ('wx'), holding the owner's pid, hostname and a random token. A lock
 * whose owner process is gone (a killed build) is stale and is taken over. The takeover has a narrow race (two
 * waiters may both see the same stale lock); it only costs a second build, never a broken binary, because the
 * build writes to a temporary name and renames the result into place atomically.
 */

/** What a lock file says about its owner. */
export interface LockOwner {
  pid: number;
  hostname: string;
  token: string;
}

/** Parses a lock file's content; undefined when it is empty or not ours (written half, or by something else). */
export function parseLockOwner(content: string): LockOwner | undefined {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    // An empty or half-written file: the owner has created it but not written it yet. isLockStale decides by age.
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { pid, hostname, token } = value as Record<string, unknown>;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
  if (typeof hostname !== 'string' || typeof token !== 'string') return undefined;
  return { pid, hostname, token };
}

export interface StalenessContext {
  hostname: string;
  /** Milliseconds since the lock file was last modified. */
  ageMs: number;
  isAlive: (pid: number) => boolean;
  /** How long an unreadable lock is given for its owner to finish writing it (default 10 s). */
  halfWrittenGraceMs?: number;
  /**
   * The longest a lock is trusted without a live owner we can see: one from another host sharing the folder, or
   * one whose pid was reused by an unrelated process (default one hour, far longer than a build).
   */
  maxHoldMs?: number;
}

/**
 * True when nobody holds the lock any more: its owner is a dead process of this host, it stayed unreadable past
 * the grace period, or it is older than `maxHoldMs`.
 */
export function isLockStale(owner: LockOwner | undefined, ctx: StalenessContext): boolean {
  if (ctx.ageMs > (ctx.maxHoldMs ?? 60 * 60 * 1000)) return true;
  if (!owner) return ctx.ageMs > (ctx.halfWrittenGraceMs ?? 10_000);
  if (owner.hostname !== ctx.hostname) return false;
  return !ctx.isAlive(owner.pid);
}

/** True when a process with this pid exists (signal 0 checks without sending anything). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user. ESRCH: no such process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface AcquireOptions {
  log: (line: string) => void;
  /** What the waiter is waiting for, for its progress lines. */
  purpose: string;
  pollMs?: number;
  waitMessageEveryMs?: number;
}

/**
 * Waits until this process holds the lock at `lockPath` and returns the function that releases it. While
 * another live process holds it, prints every `waitMessageEveryMs` that it is waiting and for whom.
 */
export async function acquireLock(lockPath: string, opts: AcquireOptions): Promise<() => Promise<void>> {
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), token: randomUUID() };
  const pollMs = opts.pollMs ?? 250;
  const waitMessageEveryMs = opts.waitMessageEveryMs ?? 5000;
  const waitStarted = Date.now();
  let lastMessage = 0;
  for (;;) {
    if (await tryCreate(lockPath, me)) return () => release(lockPath, me);
    const current = await readLock(lockPath);
    if (current === undefined) continue; // released between our attempt and our read: try again at once
    const owner = parseLockOwner(current.content);
    const stale = isLockStale(owner, { hostname: me.hostname, ageMs: current.ageMs, isAlive: isProcessAlive });
    if (stale) {
      opts.log(`taking over the stale lock ${lockPath} (its owner${owner ? `, pid ${owner.pid},` : ''} is gone)`);
      await removeIfUnchanged(lockPath, current.content);
      continue;
    }
    const now = Date.now();
    if (now - lastMessage >= waitMessageEveryMs) {
      lastMessage = now;
      const who = owner ? `process ${owner.pid} on ${owner.hostname}` : 'another process';
      opts.log(`waiting for ${who} to finish ${opts.purpose}… ${Math.round((now - waitStarted) / 1000)} s`);
    }
    await delay(pollMs);
  }
}

async function tryCreate(lockPath: string, me: LockOwner): Promise<boolean> {
  try {
    await writeFile(lockPath, JSON.stringify(me), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function readLock(lockPath: string): Promise<{ content: string; ageMs: number } | undefined> {
  try {
    const [content, info] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]);
    return { content, ageMs: Date.now() - info.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Removes the lock only if it still has the content we judged, so a fresh lock of another process survives. */
async function removeIfUnchanged(lockPath: string, judgedContent: string): Promise<void> {
  const again = await readLock(lockPath);
  if (again?.content !== judgedContent) return;
  await unlinkIfPresent(lockPath);
}

async function release(lockPath: string, me: LockOwner): Promise<void> {
  const current = await readLock(lockPath);
  if (current && parseLockOwner(current.content)?.token === me.token) await unlinkIfPresent(lockPath);
}

async function unlinkIfPresent(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
