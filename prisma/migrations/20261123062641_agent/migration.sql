-- CreateTable
CREATE TABLE "agent_threads" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agent_threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_messages" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "thread_id" UUID NOT NULL,
    "run_id" UUID,
    "seq" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "text" TEXT,
    "data" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_runs" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "thread_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "credential_id" UUID,
    "scopes" TEXT[],
    "status" TEXT NOT NULL,
    "required_action" JSONB,
    "error" JSONB,
    "usage" JSONB NOT NULL DEFAULT '{}',
    "step_count" INTEGER NOT NULL DEFAULT 0,
    "workflow_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "agent_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_run_events" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_run_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_actions" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "tool_call_id" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "system" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "arguments" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "decided_by_user_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "comment" TEXT,
    "result" JSONB,
    "error" JSONB,
    "idempotency_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agent_actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_questions" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "choices" TEXT[],
    "answer" TEXT,
    "status" TEXT NOT NULL,
    "answered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_questions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_threads_tenant_id_user_id_updated_at_idx" ON "agent_threads"("tenant_id", "user_id", "updated_at");

-- CreateIndex
CREATE INDEX "agent_messages_run_id_idx" ON "agent_messages"("run_id");

-- CreateIndex
CREATE UNIQUE INDEX "agent_messages_thread_id_seq_key" ON "agent_messages"("thread_id", "seq");

-- CreateIndex
CREATE INDEX "agent_runs_tenant_id_thread_id_created_at_idx" ON "agent_runs"("tenant_id", "thread_id", "created_at");

-- CreateIndex
CREATE INDEX "agent_runs_tenant_id_status_idx" ON "agent_runs"("tenant_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "agent_run_events_run_id_seq_key" ON "agent_run_events"("run_id", "seq");

-- CreateIndex
CREATE INDEX "agent_actions_tenant_id_run_id_idx" ON "agent_actions"("tenant_id", "run_id");

-- CreateIndex
CREATE UNIQUE INDEX "agent_actions_run_id_tool_call_id_key" ON "agent_actions"("run_id", "tool_call_id");

-- CreateIndex
CREATE INDEX "agent_questions_run_id_idx" ON "agent_questions"("run_id");
