import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column (employee numbers, event sequence numbers). */
export const MAX_INT32 = 2_147_483_647;

/**
 * A page cursor: the `nextCursor` of the previous page, a position no larger than `max` (the largest the column
 * it is compared with holds, and at most a safe JavaScript integer), so a made-up cursor is a 400 naming `cursor`
 * and never reaches SQL as a value out of the column's range.
 */
export function pageCursor(max: number) {
  return z
    .string()
    .regex(/^\d{1,16}$/, 'cursor must be the nextCursor of the previous page')
    .refine((cursor) => Number(cursor) <= Math.min(max, Number.MAX_SAFE_INTEGER), {
      message: 'cursor must be the nextCursor of the previous page (this one is past any position)',
    });
}
