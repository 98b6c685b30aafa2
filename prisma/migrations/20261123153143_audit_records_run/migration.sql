-- CreateIndex
CREATE INDEX "audit_records_tenant_id_run_id_idx" ON "audit_records"("tenant_id", "run_id");
