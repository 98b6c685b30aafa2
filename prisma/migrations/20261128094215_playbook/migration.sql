-- CreateEnum
CREATE TYPE "PlaybookDocumentKind" AS ENUM ('page', 'policy');

-- CreateTable
CREATE TABLE "playbook_documents" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "kind" "PlaybookDocumentKind" NOT NULL,
    "slug" TEXT NOT NULL,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "playbook_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "playbook_versions" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "draft_of" UUID,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "requires_acknowledgement" BOOLEAN NOT NULL DEFAULT false,
    "department_ids" UUID[],
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "published_at" TIMESTAMPTZ(3),
    "published_by_user_id" UUID,

    CONSTRAINT "playbook_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "playbook_acknowledgements" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "version_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "acknowledged_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "playbook_acknowledgements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "playbook_documents_tenant_id_kind_idx" ON "playbook_documents"("tenant_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "playbook_documents_tenant_id_slug_key" ON "playbook_documents"("tenant_id", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "playbook_versions_draft_of_key" ON "playbook_versions"("draft_of");

-- CreateIndex
CREATE INDEX "playbook_versions_tenant_id_published_at_idx" ON "playbook_versions"("tenant_id", "published_at");

-- CreateIndex
CREATE UNIQUE INDEX "playbook_versions_document_id_number_key" ON "playbook_versions"("document_id", "number");

-- CreateIndex
CREATE INDEX "playbook_acknowledgements_tenant_id_employee_id_idx" ON "playbook_acknowledgements"("tenant_id", "employee_id");

-- CreateIndex
CREATE UNIQUE INDEX "playbook_acknowledgements_version_id_employee_id_key" ON "playbook_acknowledgements"("version_id", "employee_id");

-- AddForeignKey
ALTER TABLE "playbook_versions" ADD CONSTRAINT "playbook_versions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "playbook_documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "playbook_acknowledgements" ADD CONSTRAINT "playbook_acknowledgements_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "playbook_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
