-- Work From Anywhere (company API): the tenant's policy and the requests, approved through Approval Flows.

-- CreateEnum
CREATE TYPE "WorkFromAnywhereStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED');

-- CreateTable
CREATE TABLE "work_from_anywhere_policies" (
    "tenant_id" UUID NOT NULL,
    "days_per_year" INTEGER NOT NULL,
    "allowed_countries" TEXT[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "work_from_anywhere_policies_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "work_from_anywhere_requests" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "country" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "days" INTEGER NOT NULL,
    "reason" TEXT,
    "status" "WorkFromAnywhereStatus" NOT NULL,
    "breaches" TEXT[],
    "decided_at" TIMESTAMPTZ(3),
    "decision_comment" TEXT,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "work_from_anywhere_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "work_from_anywhere_requests_tenant_id_employee_id_status_idx" ON "work_from_anywhere_requests"("tenant_id", "employee_id", "status");

-- CreateIndex
CREATE INDEX "work_from_anywhere_requests_tenant_id_status_start_date_idx" ON "work_from_anywhere_requests"("tenant_id", "status", "start_date");
