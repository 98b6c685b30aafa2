import { randomFillSync } from 'node:crypto';

// Random bytes drawn 4 KiB at a time, as Node's own randomUUID does: a call into the CSPRNG per id cost ~6 µs,
// 30 times a randomUUID, and every request and audit record takes one (bench/mcp.ts).
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** `n` fresh random bytes (n <= POOL_BYTES), copied out of the pool so that no two callers share any. */
function randomBytes(n: number): Buffer {
  if (poolOffset + n > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + n));
  poolOffset += n;
  return bytes;
}

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562) like Prisma's `uuid(7)` default makes, for rows the seed inserts with raw SQL. Ids made in
 * the same millisecond count up in the 12-bit `rand_a` field, so a bulk insert's ids stay in creation order
 * (good for the primary key index). Written here because the `uuid` package is ESM-only, which jest cannot load. Used for ids made outside Prisma
 * (bulk seed rows, request ids).
 */
export function uuidv7(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    sequence = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
