-- CreateEnum
CREATE TYPE "JobOpeningStatus" AS ENUM ('DRAFT', 'OPEN', 'ON_HOLD', 'CLOSED');

-- CreateEnum
CREATE TYPE "InterviewStatus" AS ENUM ('SCHEDULED', 'COMPLETED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "OfferStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED', 'ACCEPTED', 'DECLINED', 'WITHDRAWN');

-- CreateEnum
CREATE TYPE "LifecycleProcessStatus" AS ENUM ('ACTIVE', 'COMPLETED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "LifecycleTaskStatus" AS ENUM ('OPEN', 'DONE', 'SKIPPED');

-- CreateEnum
CREATE TYPE "ReviewCycleStatus" AS ENUM ('DRAFT', 'OPEN', 'CLOSED', 'RELEASED');

-- CreateEnum
CREATE TYPE "ReviewStatus" AS ENUM ('OPEN', 'SUBMITTED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "GoalStatus" AS ENUM ('ACTIVE', 'COMPLETED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "EnrolmentStatus" AS ENUM ('ENROLLED', 'COMPLETED', 'CANCELLED');

-- AlterTable
ALTER TABLE "credentials" ADD COLUMN     "creator_left_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "job_openings" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "department_id" UUID,
    "location_id" UUID,
    "employment_type" TEXT NOT NULL DEFAULT 'full_time',
    "hiring_manager_id" UUID NOT NULL,
    "recruiter_ids" UUID[],
    "openings" INTEGER NOT NULL DEFAULT 1,
    "status" "JobOpeningStatus" NOT NULL,
    "opened_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_openings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "candidates" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "source" TEXT NOT NULL DEFAULT 'applied',
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "candidates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "applications" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "opening_id" UUID NOT NULL,
    "candidate_id" UUID NOT NULL,
    "stage" TEXT NOT NULL,
    "rejection_reason" TEXT,
    "rejection_note" TEXT,
    "employee_id" UUID,
    "stage_changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "applications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "application_stage_changes" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "application_id" UUID NOT NULL,
    "from_stage" TEXT,
    "to_stage" TEXT NOT NULL,
    "note" TEXT,
    "by_user_id" UUID,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "application_stage_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "interviews" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "application_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "scheduled_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "location" TEXT,
    "interviewer_ids" UUID[],
    "status" "InterviewStatus" NOT NULL,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "interviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "interview_feedback" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "interview_id" UUID NOT NULL,
    "interviewer_id" UUID NOT NULL,
    "recommendation" TEXT NOT NULL,
    "notes" TEXT,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "interview_feedback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offers" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "application_id" UUID NOT NULL,
    "job_title" TEXT NOT NULL,
    "department_id" UUID,
    "manager_id" UUID,
    "employment_type" TEXT NOT NULL,
    "start_date" DATE NOT NULL,
    "salary_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "status" "OfferStatus" NOT NULL,
    "approval_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "decision_comment" TEXT,
    "responded_at" TIMESTAMPTZ(3),
    "employee_id" UUID,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lifecycle_templates" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "department_id" UUID,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "tasks" JSONB NOT NULL,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lifecycle_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lifecycle_processes" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "employee_id" UUID NOT NULL,
    "template_id" UUID,
    "anchor_date" DATE NOT NULL,
    "status" "LifecycleProcessStatus" NOT NULL,
    "source" TEXT NOT NULL,
    "offer_id" UUID,
    "reason" TEXT,
    "deactivated_at" TIMESTAMPTZ(3),
    "revoked_credentials" INTEGER,
    "completed_at" TIMESTAMPTZ(3),
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lifecycle_processes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lifecycle_tasks" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "process_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "assignee_employee_id" UUID,
    "due_date" DATE NOT NULL,
    "status" "LifecycleTaskStatus" NOT NULL,
    "reminded_due_at" TIMESTAMPTZ(3),
    "reminded_overdue_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "completed_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lifecycle_tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "certifications" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "number" TEXT,
    "issue_date" DATE NOT NULL,
    "expiry_date" DATE,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "document_attachment_id" UUID,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "certifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "certification_reminders" (
    "certification_id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "expiry_date" DATE NOT NULL,
    "kind" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "certification_reminders_pkey" PRIMARY KEY ("certification_id","expiry_date","kind")
);

-- CreateTable
CREATE TABLE "employment_certificates" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "purpose" TEXT,
    "include_salary" BOOLEAN NOT NULL DEFAULT false,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "requested_by_user_id" UUID NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "employment_certificates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_cycles" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "period_start" DATE NOT NULL,
    "period_end" DATE NOT NULL,
    "opens_on" DATE NOT NULL,
    "closes_on" DATE NOT NULL,
    "review_kinds" TEXT[],
    "questions" JSONB NOT NULL,
    "department_id" UUID,
    "status" "ReviewCycleStatus" NOT NULL,
    "opened_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "released_at" TIMESTAMPTZ(3),
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "review_cycles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reviews" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "cycle_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "reviewer_id" UUID NOT NULL,
    "status" "ReviewStatus" NOT NULL,
    "answers" JSONB NOT NULL DEFAULT '{}',
    "rating" INTEGER,
    "submitted_at" TIMESTAMPTZ(3),
    "reminded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "goals" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "period" TEXT NOT NULL,
    "due_date" DATE,
    "status" "GoalStatus" NOT NULL,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "goals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "key_results" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "goal_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "start_value" DOUBLE PRECISION NOT NULL,
    "target_value" DOUBLE PRECISION NOT NULL,
    "current_value" DOUBLE PRECISION NOT NULL,
    "unit" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "key_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "courses" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "provider" TEXT,
    "duration_minutes" INTEGER,
    "validity_months" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "courses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "course_sessions" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "course_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "location" TEXT,
    "capacity" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "course_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "enrolments" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "course_id" UUID NOT NULL,
    "session_id" UUID,
    "employee_id" UUID NOT NULL,
    "status" "EnrolmentStatus" NOT NULL,
    "requirement_id" UUID,
    "due_date" DATE,
    "reminded_overdue_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "enrolments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "training_requirements" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "course_id" UUID NOT NULL,
    "role" "Role",
    "department_id" UUID,
    "due_within_days" INTEGER NOT NULL,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "training_requirements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "job_openings_tenant_id_status_idx" ON "job_openings"("tenant_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "candidates_tenant_id_email_key" ON "candidates"("tenant_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "applications_employee_id_key" ON "applications"("employee_id");

-- CreateIndex
CREATE INDEX "applications_tenant_id_stage_idx" ON "applications"("tenant_id", "stage");

-- CreateIndex
CREATE INDEX "applications_candidate_id_idx" ON "applications"("candidate_id");

-- CreateIndex
CREATE UNIQUE INDEX "applications_opening_id_candidate_id_key" ON "applications"("opening_id", "candidate_id");

-- CreateIndex
CREATE INDEX "application_stage_changes_application_id_at_idx" ON "application_stage_changes"("application_id", "at");

-- CreateIndex
CREATE INDEX "interviews_application_id_idx" ON "interviews"("application_id");

-- CreateIndex
CREATE INDEX "interviews_tenant_id_scheduled_at_idx" ON "interviews"("tenant_id", "scheduled_at");

-- CreateIndex
CREATE UNIQUE INDEX "interview_feedback_interview_id_interviewer_id_key" ON "interview_feedback"("interview_id", "interviewer_id");

-- CreateIndex
CREATE UNIQUE INDEX "offers_employee_id_key" ON "offers"("employee_id");

-- CreateIndex
CREATE INDEX "offers_application_id_idx" ON "offers"("application_id");

-- CreateIndex
CREATE INDEX "offers_tenant_id_status_idx" ON "offers"("tenant_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "lifecycle_templates_tenant_id_kind_name_key" ON "lifecycle_templates"("tenant_id", "kind", "name");

-- CreateIndex
CREATE UNIQUE INDEX "lifecycle_processes_offer_id_key" ON "lifecycle_processes"("offer_id");

-- CreateIndex
CREATE INDEX "lifecycle_processes_tenant_id_kind_status_idx" ON "lifecycle_processes"("tenant_id", "kind", "status");

-- CreateIndex
CREATE UNIQUE INDEX "lifecycle_processes_employee_id_kind_key" ON "lifecycle_processes"("employee_id", "kind");

-- CreateIndex
CREATE INDEX "lifecycle_tasks_tenant_id_assignee_employee_id_status_idx" ON "lifecycle_tasks"("tenant_id", "assignee_employee_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "lifecycle_tasks_process_id_position_key" ON "lifecycle_tasks"("process_id", "position");

-- CreateIndex
CREATE INDEX "certifications_tenant_id_employee_id_idx" ON "certifications"("tenant_id", "employee_id");

-- CreateIndex
CREATE INDEX "certifications_tenant_id_expiry_date_idx" ON "certifications"("tenant_id", "expiry_date");

-- CreateIndex
CREATE INDEX "employment_certificates_tenant_id_employee_id_idx" ON "employment_certificates"("tenant_id", "employee_id");

-- CreateIndex
CREATE INDEX "review_cycles_tenant_id_status_idx" ON "review_cycles"("tenant_id", "status");

-- CreateIndex
CREATE INDEX "reviews_tenant_id_reviewer_id_status_idx" ON "reviews"("tenant_id", "reviewer_id", "status");

-- CreateIndex
CREATE INDEX "reviews_tenant_id_subject_id_idx" ON "reviews"("tenant_id", "subject_id");

-- CreateIndex
CREATE UNIQUE INDEX "reviews_cycle_id_subject_id_reviewer_id_kind_key" ON "reviews"("cycle_id", "subject_id", "reviewer_id", "kind");

-- CreateIndex
CREATE INDEX "goals_tenant_id_employee_id_period_idx" ON "goals"("tenant_id", "employee_id", "period");

-- CreateIndex
CREATE UNIQUE INDEX "key_results_goal_id_position_key" ON "key_results"("goal_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "courses_tenant_id_title_key" ON "courses"("tenant_id", "title");

-- CreateIndex
CREATE INDEX "course_sessions_course_id_starts_at_idx" ON "course_sessions"("course_id", "starts_at");

-- CreateIndex
CREATE INDEX "enrolments_tenant_id_employee_id_status_idx" ON "enrolments"("tenant_id", "employee_id", "status");

-- CreateIndex
CREATE INDEX "enrolments_course_id_status_idx" ON "enrolments"("course_id", "status");

-- CreateIndex
CREATE INDEX "enrolments_session_id_idx" ON "enrolments"("session_id");

-- CreateIndex
CREATE INDEX "training_requirements_tenant_id_course_id_idx" ON "training_requirements"("tenant_id", "course_id");
