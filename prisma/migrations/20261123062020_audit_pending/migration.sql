-- CreateTable
CREATE TABLE "audit_pending" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "user_id" UUID,
    "credential_id" UUID,
    "credential_kind" TEXT,
    "surface" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "arguments" JSONB NOT NULL,
    "outcome" TEXT NOT NULL,
    "error_code" TEXT,
    "request_id" TEXT,
    "run_id" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_pending_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_pending_tenant_id_created_at_id_idx" ON "audit_pending"("tenant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "audit_pending_created_at_id_idx" ON "audit_pending"("created_at", "id");
