-- AlterTable
ALTER TABLE "credentials" ADD COLUMN     "rotated_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "employees" ADD COLUMN     "bank_account_iban" TEXT,
ADD COLUMN     "custom_fields" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "date_of_birth" DATE,
ADD COLUMN     "employment_type" TEXT NOT NULL DEFAULT 'full_time',
ADD COLUMN     "home_address" TEXT,
ADD COLUMN     "national_id" TEXT,
ADD COLUMN     "phone" TEXT,
ADD COLUMN     "termination_date" DATE,
ADD COLUMN     "termination_reason" TEXT,
ADD COLUMN     "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Company API keys made before they carried scopes could do one thing, list people: they keep exactly that.
UPDATE "credentials" SET "scopes" = ARRAY['people:read'] WHERE "kind" = 'company_api_key' AND cardinality("scopes") = 0;
