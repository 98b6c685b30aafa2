-- Year-end carry-over of leave (workflow leaveCarryOver): one row per tenant and year carried over.

-- CreateTable
CREATE TABLE "leave_year_ends" (
    "tenant_id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "employees" INTEGER NOT NULL,
    "carried_days" DOUBLE PRECISION NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leave_year_ends_pkey" PRIMARY KEY ("tenant_id","year")
);
