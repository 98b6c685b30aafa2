-- CreateTable
CREATE TABLE "agent_attachments" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_message_attachments" (
    "message_id" UUID NOT NULL,
    "attachment_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "agent_message_attachments_pkey" PRIMARY KEY ("message_id","attachment_id")
);

-- CreateTable
CREATE TABLE "agent_artifacts" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "thread_id" UUID NOT NULL,
    "source_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_artifacts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_attachments_tenant_id_user_id_created_at_idx" ON "agent_attachments"("tenant_id", "user_id", "created_at");

-- CreateIndex
CREATE INDEX "agent_attachments_sha256_idx" ON "agent_attachments"("sha256");

-- CreateIndex
CREATE INDEX "agent_message_attachments_attachment_id_idx" ON "agent_message_attachments"("attachment_id");

-- CreateIndex
CREATE INDEX "agent_artifacts_tenant_id_user_id_created_at_idx" ON "agent_artifacts"("tenant_id", "user_id", "created_at");

-- CreateIndex
CREATE INDEX "agent_artifacts_sha256_idx" ON "agent_artifacts"("sha256");

-- CreateIndex
CREATE UNIQUE INDEX "agent_artifacts_run_id_source_key_key" ON "agent_artifacts"("run_id", "source_key");
