-- CreateEnum
CREATE TYPE "ESignatureRequestStatus" AS ENUM ('pending', 'completed', 'declined', 'expired');

-- CreateTable
CREATE TABLE "esign_documents" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "attachment_id" UUID NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "esign_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "esign_requests" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT,
    "requested_by_user_id" UUID NOT NULL,
    "status" "ESignatureRequestStatus" NOT NULL DEFAULT 'pending',
    "current_position" INTEGER NOT NULL DEFAULT 1,
    "document_sha256" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "signed_pdf_sha256" TEXT,
    "signed_pdf_size" INTEGER,
    "workflow_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "esign_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "esign_signers" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "employee_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "turn_at" TIMESTAMPTZ(3),
    "reminded_at" TIMESTAMPTZ(3),
    "signed_at" TIMESTAMPTZ(3),
    "signed_sha256" TEXT,
    "declined_at" TIMESTAMPTZ(3),
    "decline_reason" TEXT,

    CONSTRAINT "esign_signers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "esign_documents_tenant_id_created_at_idx" ON "esign_documents"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "esign_requests_tenant_id_status_idx" ON "esign_requests"("tenant_id", "status");

-- CreateIndex
CREATE INDEX "esign_requests_document_id_idx" ON "esign_requests"("document_id");

-- CreateIndex
CREATE INDEX "esign_signers_tenant_id_user_id_idx" ON "esign_signers"("tenant_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "esign_signers_request_id_position_key" ON "esign_signers"("request_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "esign_signers_request_id_employee_id_key" ON "esign_signers"("request_id", "employee_id");
