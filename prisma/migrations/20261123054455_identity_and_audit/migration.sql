-- CreateEnum
CREATE TYPE "CredentialKind" AS ENUM ('personal_access_token', 'integration_credential', 'delegated_credential', 'company_api_key', 'connector_pairing_token');

-- CreateTable
CREATE TABLE "credentials" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" "CredentialKind" NOT NULL,
    "name" TEXT NOT NULL,
    "scopes" TEXT[],
    "secret_hash" TEXT NOT NULL,
    "hint" TEXT NOT NULL,
    "parent_id" UUID,
    "external_session_id" TEXT,
    "created_by_id" UUID,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credentials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_records" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
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
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_heads" (
    "tenant_id" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "audit_heads_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "audit_checkpoints" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "tree_size" BIGINT NOT NULL,
    "root_hash" TEXT NOT NULL,
    "last_hash" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_checkpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "credential_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "credentials_secret_hash_key" ON "credentials"("secret_hash");

-- CreateIndex
CREATE INDEX "credentials_tenant_id_user_id_kind_idx" ON "credentials"("tenant_id", "user_id", "kind");

-- CreateIndex
CREATE INDEX "audit_records_tenant_id_occurred_at_idx" ON "audit_records"("tenant_id", "occurred_at");

-- CreateIndex
CREATE INDEX "audit_records_tenant_id_operation_idx" ON "audit_records"("tenant_id", "operation");

-- CreateIndex
CREATE INDEX "audit_records_tenant_id_user_id_idx" ON "audit_records"("tenant_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "audit_records_tenant_id_seq_key" ON "audit_records"("tenant_id", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "audit_checkpoints_tenant_id_tree_size_key" ON "audit_checkpoints"("tenant_id", "tree_size");

-- CreateIndex
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_tenant_id_credential_id_key_key" ON "idempotency_records"("tenant_id", "credential_id", "key");

-- AddForeignKey
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "credentials"("id") ON DELETE CASCADE ON UPDATE CASCADE;
