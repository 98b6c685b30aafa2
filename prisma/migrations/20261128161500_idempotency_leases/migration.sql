-- Idempotency keys across a crash (issue 25): the request holding a key (claim) and its lease, and whether its writes
-- committed, marked in the same transaction as each write (operations/idempotentWrites.ts).
-- AlterTable
ALTER TABLE "idempotency_records" ADD COLUMN     "claim" UUID,
ADD COLUMN     "lease_until" TIMESTAMPTZ(3),
ADD COLUMN     "writes_committed" BOOLEAN NOT NULL DEFAULT false;
