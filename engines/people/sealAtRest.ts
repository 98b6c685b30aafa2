import type { PrismaClient } from '../../db/prismaClient';
import { isSealed, sealedPersonFields, type PersonSeal } from './sealedFields';

const BATCH = 500;

/**
 * Seals the national ids and bank accounts written in clear before sealing existed (or by a restore of an old
 * dump): run by each worker at start, like the webhook secrets' reseal. Idempotent: a sealed value is left alone,
 * and each row is updated only if its value is still the clear one read (two workers at once seal it once).
 */
export async function sealPersonFieldsAtRest(prisma: PrismaClient, seal: PersonSeal): Promise<{ sealed: number }> {
  let sealed = 0;
  for (const field of sealedPersonFields) {
    const column = field === 'nationalId' ? 'national_id' : 'bank_account_iban';
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      // Keyset pages over the rows not yet sealed (a sealed value starts with v1:; a clear one that happens to is
      // left as it is, and open() reads it as clear).
      const rows = await prisma.$queryRawUnsafe<{ id: string; value: string }[]>(
        `SELECT id::text AS id, ${column} AS value FROM employees
          WHERE ${column} IS NOT NULL AND ${column} NOT LIKE 'v1:%' AND id > $1::uuid ORDER BY id LIMIT ${BATCH}`,
        after,
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        if (isSealed(row.value)) continue;
        const changed = await prisma.$executeRawUnsafe(
          `UPDATE employees SET ${column} = $1 WHERE id = $2::uuid AND ${column} = $3`,
          seal.seal(row.id, field, row.value),
          row.id,
          row.value,
        );
        sealed += changed;
      }
      after = rows[rows.length - 1]!.id;
    }
  }
  return { sealed };
}
