-- CreateEnum
CREATE TYPE "LeaveStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'IN_PROGRESS', 'COMPLETED');

-- AlterTable
ALTER TABLE "tenants" ADD COLUMN     "time_zone" TEXT NOT NULL DEFAULT 'UTC';

-- CreateTable
CREATE TABLE "leave_policies" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "yearly_allocation_days" DOUBLE PRECISION NOT NULL,
    "allow_half_days" BOOLEAN NOT NULL DEFAULT true,
    "allow_negative_balance" BOOLEAN NOT NULL DEFAULT false,
    "carry_over_max_days" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "min_notice_days" INTEGER NOT NULL DEFAULT 0,
    "max_past_days" INTEGER NOT NULL DEFAULT 0,
    "requires_approval" BOOLEAN NOT NULL DEFAULT true,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leave_policies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "public_holidays" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "public_holidays_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "leave_requests" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "policy_id" UUID NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "half_day" BOOLEAN NOT NULL DEFAULT false,
    "total_days" DOUBLE PRECISION NOT NULL,
    "status" "LeaveStatus" NOT NULL,
    "reason" TEXT,
    "approver_employee_id" UUID,
    "routed_to" TEXT NOT NULL,
    "decided_by_user_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "decision_comment" TEXT,
    "reminded_at" TIMESTAMPTZ(3),
    "escalated_at" TIMESTAMPTZ(3),
    "workflow_id" TEXT,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "leave_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "leave_ledger_entries" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "policy_id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "bucket" TEXT NOT NULL,
    "days" DOUBLE PRECISION NOT NULL,
    "request_id" UUID,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leave_ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "leave_balances" (
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "policy_id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "allocated" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "pending" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "used" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "leave_balances_pkey" PRIMARY KEY ("employee_id","policy_id","year")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "leave_policies_tenant_id_name_key" ON "leave_policies"("tenant_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "public_holidays_tenant_id_date_key" ON "public_holidays"("tenant_id", "date");

-- CreateIndex
CREATE INDEX "leave_requests_tenant_id_employee_id_status_idx" ON "leave_requests"("tenant_id", "employee_id", "status");

-- CreateIndex
CREATE INDEX "leave_requests_tenant_id_status_start_date_idx" ON "leave_requests"("tenant_id", "status", "start_date");

-- CreateIndex
CREATE INDEX "leave_requests_tenant_id_approver_employee_id_status_idx" ON "leave_requests"("tenant_id", "approver_employee_id", "status");

-- CreateIndex
CREATE INDEX "leave_ledger_entries_tenant_id_employee_id_policy_id_year_idx" ON "leave_ledger_entries"("tenant_id", "employee_id", "policy_id", "year");

-- CreateIndex
CREATE INDEX "leave_ledger_entries_request_id_idx" ON "leave_ledger_entries"("request_id");

-- CreateIndex
CREATE INDEX "leave_balances_tenant_id_policy_id_year_idx" ON "leave_balances"("tenant_id", "policy_id", "year");

-- CreateIndex
CREATE INDEX "notifications_tenant_id_user_id_created_at_idx" ON "notifications"("tenant_id", "user_id", "created_at");
