import type { Redis } from 'ioredis';

/** A counter after a spend: the requests counted in its window, and the milliseconds until the window resets. */
export interface RateCount {
  count: number;
  resetMs: number;
  /** False when `within` refused the spend: `count` is then the count as it was, unchanged. */
  spent: boolean;
}

/**
 * The counters of the request rate limit (api/rateLimit.ts): fixed windows, each starting with the first spend of
 * its key. A spend of `cost` counts several requests at once (a JSON-RPC batch); with `within`, it counts nothing
 * unless the count stays within that number, so a refused batch costs nothing more. Both kinds are atomic: in
 * memory in one process, in Redis shared by every process on that Redis.
 */
export interface RateCounters {
  spend(key: string, cost: number, within?: number): Promise<RateCount>;
}

/**
 * Counters of one process. Keys whose window ended are dropped as new windows open; past `maxKeys` live windows
 * the oldest are dropped too, so a flood of distinct tokens costs bounded memory (a dropped key starts again at 0).
 */
export function memoryCounters(windowMs: number, maxKeys = 100_000): RateCounters {
  // Insertion order is the order windows opened (a new window is inserted anew), so ended ones are at the front.
  const windows = new Map<string, { count: number; endsAt: number }>();
  const dropEnded = (now: number) => {
    for (const [key, window] of windows) {
      if (window.endsAt > now && windows.size < maxKeys) break;
      windows.delete(key);
    }
  };
  return {
    async spend(key, cost, within) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        windows.delete(key);
        dropEnded(now);
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      const resetMs = window.endsAt - now;
      if (within !== undefined && window.count + cost > within) return { count: window.count, resetMs, spent: false };
      window.count += cost;
      return { count: window.count, resetMs, spent: true };
    },
  };
}

/**
 * One atomic spend in Redis: KEYS[1] the counter, ARGV cost, window (ms), within (-1: no bound). The counter is a
 * plain integer with a PEXPIRE, as @fastify/rate-limit kept it before, so processes of either version share it.
 */
const spendScript = `
local ttl = redis.call('PTTL', KEYS[1])
local count = 0
if ttl ~= -2 then count = tonumber(redis.call('GET', KEYS[1])) or 0 end
local cost = tonumber(ARGV[1])
local within = tonumber(ARGV[3])
if within >= 0 and count + cost > within then
  if ttl < 0 then ttl = tonumber(ARGV[2]) end
  return {count, ttl, 0}
end
count = redis.call('INCRBY', KEYS[1], cost)
if ttl < 0 then
  ttl = tonumber(ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {count, ttl, 1}
`;

interface SpendCommand {
  svcHrRateSpend(key: string, cost: number, windowMs: number, within: number): Promise<[number, number, number]>;
}

/**
 * Counters in Redis under `prefix`, shared by every API process on that Redis. Keys hold a hash of the credential
 * or a client address, never a secret (api/rateLimit.ts). A command fails at once while Redis is away (the client
 * is made to fail fast); the caller decides what that means.
 */
export function redisCounters(redis: Redis, prefix: string, windowMs: number): RateCounters {
  redis.defineCommand('svcHrRateSpend', { numberOfKeys: 1, lua: spendScript });
  const command = redis as unknown as SpendCommand;
  return {
    async spend(key, cost, within) {
      const [count, resetMs, spent] = await command.svcHrRateSpend(prefix + key, cost, windowMs, within ?? -1);
      return { count, resetMs, spent: spent === 1 };
    },
  };
}
