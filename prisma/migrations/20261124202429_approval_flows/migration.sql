-- Approval Flows (company API): flows per request type, one approval instance per request, and the people
-- asked to decide its steps (engines/approvalFlows).

-- CreateEnum
CREATE TYPE "ApprovalStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "ApprovalAssignmentStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED', 'DELEGATED', 'CLOSED');

-- CreateTable
CREATE TABLE "approval_flows" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "request_type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "steps" JSONB NOT NULL,
    "updated_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "approval_flows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "approval_instances" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "request_type" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "subject_employee_id" UUID NOT NULL,
    "requester_user_id" UUID NOT NULL,
    "flow_id" UUID,
    "flow_name" TEXT NOT NULL,
    "steps" JSONB NOT NULL,
    "facts" JSONB NOT NULL,
    "summary" TEXT NOT NULL,
    "status" "ApprovalStatus" NOT NULL,
    "current_step" INTEGER NOT NULL,
    "step_started_at" TIMESTAMPTZ(3) NOT NULL,
    "step_reminded_at" TIMESTAMPTZ(3),
    "step_escalated_at" TIMESTAMPTZ(3),
    "decided_at" TIMESTAMPTZ(3),
    "workflow_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "approval_instances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "approval_assignments" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "instance_id" UUID NOT NULL,
    "step" INTEGER NOT NULL,
    "assignee_user_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "delegated_by_user_id" UUID,
    "status" "ApprovalAssignmentStatus" NOT NULL,
    "comment" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "approval_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "approval_flows_tenant_id_request_type_key" ON "approval_flows"("tenant_id", "request_type");

-- CreateIndex
CREATE INDEX "approval_instances_tenant_id_status_created_at_idx" ON "approval_instances"("tenant_id", "status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "approval_instances_request_type_subject_id_key" ON "approval_instances"("request_type", "subject_id");

-- CreateIndex
CREATE INDEX "approval_assignments_tenant_id_assignee_user_id_status_idx" ON "approval_assignments"("tenant_id", "assignee_user_id", "status");

-- CreateIndex
CREATE INDEX "approval_assignments_instance_id_step_idx" ON "approval_assignments"("instance_id", "step");
