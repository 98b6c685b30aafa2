-- Company API, part 2: Time Tracking, Expenses, Compensation and Payroll (docs/company-api.md).

-- CreateEnum
CREATE TYPE "TimesheetStatus" AS ENUM ('SUBMITTED', 'APPROVED', 'REJECTED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "TimeCorrectionStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "ExpenseClaimStatus" AS ENUM ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'REIMBURSED');

-- CreateEnum
CREATE TYPE "CompensationChangeStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'APPLIED');

-- CreateEnum
CREATE TYPE "PayPeriodStatus" AS ENUM ('OPEN', 'CLOSED');

-- CreateEnum
CREATE TYPE "PayrollRunStatus" AS ENUM ('GATHERING', 'IN_REVIEW', 'APPROVED', 'PAID', 'CANCELLED');

-- CreateTable
CREATE TABLE "time_tracking_policies" (
    "tenant_id" UUID NOT NULL,
    "daily_target_minutes" INTEGER NOT NULL,
    "daily_limit_minutes" INTEGER NOT NULL,
    "weekly_limit_minutes" INTEGER NOT NULL,
    "min_break_minutes" INTEGER NOT NULL,
    "forgotten_after_minutes" INTEGER NOT NULL,
    "overtime_rate_percent" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "time_tracking_policies_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "time_entries" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "date" DATE NOT NULL,
    "break_minutes" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL,
    "note" TEXT,
    "flagged_at" TIMESTAMPTZ(3),
    "workflow_id" TEXT,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "time_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "time_breaks" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "entry_id" UUID NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "time_breaks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "timesheets" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "status" "TimesheetStatus" NOT NULL,
    "worked_minutes" INTEGER NOT NULL,
    "target_minutes" INTEGER NOT NULL,
    "overtime_minutes" INTEGER NOT NULL,
    "warnings" TEXT[],
    "decided_at" TIMESTAMPTZ(3),
    "decision_comment" TEXT,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "timesheets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "time_corrections" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "entry_id" UUID,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3) NOT NULL,
    "break_minutes" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "TimeCorrectionStatus" NOT NULL,
    "decided_at" TIMESTAMPTZ(3),
    "decision_comment" TEXT,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "time_corrections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expense_categories" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "limit_minor" BIGINT,
    "limit_action" TEXT NOT NULL,
    "receipt_required_above_minor" BIGINT,
    "mileage_rate_minor" BIGINT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "expense_categories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expense_claims" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "status" "ExpenseClaimStatus" NOT NULL,
    "total_minor" BIGINT NOT NULL DEFAULT 0,
    "flags" TEXT[],
    "submitted_at" TIMESTAMPTZ(3),
    "decided_at" TIMESTAMPTZ(3),
    "decision_comment" TEXT,
    "payroll_run_id" UUID,
    "reimbursed_at" TIMESTAMPTZ(3),
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "expense_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expense_lines" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "claim_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "category_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "description" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "exchange_rate" TEXT,
    "claim_amount_minor" BIGINT NOT NULL,
    "distance_tenths_km" INTEGER,
    "receipt_attachment_id" UUID,
    "flags" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "expense_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compensation_settings" (
    "tenant_id" UUID NOT NULL,
    "default_currency" TEXT NOT NULL,
    "managers_see_team_compensation" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "compensation_settings_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "pay_bands" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "job_title" TEXT,
    "currency" TEXT NOT NULL,
    "min_minor" BIGINT NOT NULL,
    "max_minor" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pay_bands_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "salaries" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "effective_date" DATE NOT NULL,
    "annual_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "pay_band_id" UUID,
    "reason" TEXT,
    "change_id" UUID,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "salaries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compensation_items" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compensation_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compensation_changes" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "effective_date" DATE NOT NULL,
    "annual_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "pay_band_id" UUID,
    "previous_annual_minor" BIGINT,
    "reason" TEXT NOT NULL,
    "status" "CompensationChangeStatus" NOT NULL,
    "warnings" TEXT[],
    "decided_at" TIMESTAMPTZ(3),
    "decision_comment" TEXT,
    "applied_at" TIMESTAMPTZ(3),
    "workflow_id" TEXT,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "compensation_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pay_periods" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "month" INTEGER NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "status" "PayPeriodStatus" NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pay_periods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payroll_runs" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "period_id" UUID NOT NULL,
    "status" "PayrollRunStatus" NOT NULL,
    "pay_date" DATE,
    "payslips" INTEGER NOT NULL DEFAULT 0,
    "workflow_id" TEXT,
    "started_by_user_id" UUID NOT NULL,
    "approved_by_user_id" UUID,
    "approved_at" TIMESTAMPTZ(3),
    "paid_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payroll_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payslips" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "employee_number" INTEGER NOT NULL,
    "employee_name" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "gross_minor" BIGINT NOT NULL,
    "deductions_minor" BIGINT NOT NULL,
    "reimbursements_minor" BIGINT NOT NULL,
    "total_minor" BIGINT NOT NULL,
    "announced_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payslips_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payslip_lines" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "payslip_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "quantity" TEXT,
    "amount_minor" BIGINT NOT NULL,
    "source_id" UUID,

    CONSTRAINT "payslip_lines_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "time_entries_tenant_id_employee_id_started_at_idx" ON "time_entries"("tenant_id", "employee_id", "started_at");

-- CreateIndex
CREATE INDEX "time_entries_tenant_id_date_idx" ON "time_entries"("tenant_id", "date");

-- CreateIndex
CREATE INDEX "time_breaks_entry_id_idx" ON "time_breaks"("entry_id");

-- CreateIndex
CREATE INDEX "timesheets_tenant_id_employee_id_start_date_idx" ON "timesheets"("tenant_id", "employee_id", "start_date");

-- CreateIndex
CREATE INDEX "timesheets_tenant_id_status_end_date_idx" ON "timesheets"("tenant_id", "status", "end_date");

-- CreateIndex
CREATE INDEX "time_corrections_tenant_id_employee_id_status_idx" ON "time_corrections"("tenant_id", "employee_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "expense_categories_tenant_id_name_key" ON "expense_categories"("tenant_id", "name");

-- CreateIndex
CREATE INDEX "expense_claims_tenant_id_employee_id_status_idx" ON "expense_claims"("tenant_id", "employee_id", "status");

-- CreateIndex
CREATE INDEX "expense_claims_tenant_id_status_idx" ON "expense_claims"("tenant_id", "status");

-- CreateIndex
CREATE INDEX "expense_lines_claim_id_position_idx" ON "expense_lines"("claim_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "pay_bands_tenant_id_name_key" ON "pay_bands"("tenant_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "salaries_change_id_key" ON "salaries"("change_id");

-- CreateIndex
CREATE INDEX "salaries_tenant_id_employee_id_idx" ON "salaries"("tenant_id", "employee_id");

-- CreateIndex
CREATE UNIQUE INDEX "salaries_employee_id_effective_date_key" ON "salaries"("employee_id", "effective_date");

-- CreateIndex
CREATE INDEX "compensation_items_tenant_id_employee_id_kind_idx" ON "compensation_items"("tenant_id", "employee_id", "kind");

-- CreateIndex
CREATE INDEX "compensation_changes_tenant_id_employee_id_status_idx" ON "compensation_changes"("tenant_id", "employee_id", "status");

-- CreateIndex
CREATE INDEX "compensation_changes_tenant_id_status_effective_date_idx" ON "compensation_changes"("tenant_id", "status", "effective_date");

-- CreateIndex
CREATE UNIQUE INDEX "pay_periods_tenant_id_year_month_key" ON "pay_periods"("tenant_id", "year", "month");

-- CreateIndex
CREATE INDEX "payroll_runs_tenant_id_period_id_idx" ON "payroll_runs"("tenant_id", "period_id");

-- CreateIndex
CREATE INDEX "payroll_runs_tenant_id_status_idx" ON "payroll_runs"("tenant_id", "status");

-- CreateIndex
CREATE INDEX "payslips_tenant_id_employee_id_idx" ON "payslips"("tenant_id", "employee_id");

-- CreateIndex
CREATE UNIQUE INDEX "payslips_run_id_employee_id_key" ON "payslips"("run_id", "employee_id");

-- CreateIndex
CREATE INDEX "payslip_lines_payslip_id_position_idx" ON "payslip_lines"("payslip_id", "position");

-- CreateIndex
CREATE INDEX "payslip_lines_source_id_idx" ON "payslip_lines"("source_id");
