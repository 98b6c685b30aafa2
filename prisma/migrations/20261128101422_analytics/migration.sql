-- Analytics (issue 21, item 6): expense totals read a workspace's lines by date (engines/analytics/expenseTotals.ts).
-- CreateIndex
CREATE INDEX "expense_lines_tenant_id_date_idx" ON "expense_lines"("tenant_id", "date");
