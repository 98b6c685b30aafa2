-- AlterTable
ALTER TABLE "users" ADD COLUMN     "external_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "users_tenant_id_external_id_key" ON "users"("tenant_id", "external_id");
