import type { Prisma } from '../../db/models';
import type { PayslipLineKind } from './payslipCalculation';

export interface PayslipRow {
  id: string;
  tenantId: string;
  runId: string;
  employeeId: string;
  employeeNumber: number;
  employeeName: string;
  currency: string;
  grossMinor: bigint;
  deductionsMinor: bigint;
  reimbursementsMinor: bigint;
  totalMinor: bigint;
}

export interface PayslipLineRow {
  id: string;
  tenantId: string;
  payslipId: string;
  position: number;
  kind: PayslipLineKind;
  description: string;
  quantity: string | null;
  amountMinor: bigint;
  sourceId: string | null;
}

/**
 * Writes a page of payslips and their lines, one statement each (unnest of arrays, as the seed's bulk inserts):
 * a page of 500 people takes milliseconds where a multi-row `createMany` took half a second (bench/payrollRun.ts).
 * Amounts travel as text, so no bigint is rounded on its way.
 */
export async function insertPayslips(
  tx: Prisma.TransactionClient,
  payslips: readonly PayslipRow[],
  lines: readonly PayslipLineRow[],
): Promise<void> {
  if (payslips.length === 0) return;
  const text = (values: readonly bigint[]) => values.map(String);
  await tx.$executeRaw`
    INSERT INTO payslips (id, tenant_id, run_id, employee_id, employee_number, employee_name, currency, gross_minor,
      deductions_minor, reimbursements_minor, total_minor)
    SELECT * FROM unnest(
      ${payslips.map((p) => p.id)}::uuid[], ${payslips.map((p) => p.tenantId)}::uuid[],
      ${payslips.map((p) => p.runId)}::uuid[], ${payslips.map((p) => p.employeeId)}::uuid[],
      ${payslips.map((p) => p.employeeNumber)}::int[], ${payslips.map((p) => p.employeeName)}::text[],
      ${payslips.map((p) => p.currency)}::text[], ${text(payslips.map((p) => p.grossMinor))}::bigint[],
      ${text(payslips.map((p) => p.deductionsMinor))}::bigint[],
      ${text(payslips.map((p) => p.reimbursementsMinor))}::bigint[],
      ${text(payslips.map((p) => p.totalMinor))}::bigint[])`;
  if (lines.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO payslip_lines (id, tenant_id, payslip_id, position, kind, description, quantity, amount_minor, source_id)
    SELECT * FROM unnest(
      ${lines.map((l) => l.id)}::uuid[], ${lines.map((l) => l.tenantId)}::uuid[],
      ${lines.map((l) => l.payslipId)}::uuid[], ${lines.map((l) => l.position)}::int[],
      ${lines.map((l) => l.kind)}::text[], ${lines.map((l) => l.description)}::text[],
      ${lines.map((l) => l.quantity)}::text[], ${text(lines.map((l) => l.amountMinor))}::bigint[],
      ${lines.map((l) => l.sourceId)}::uuid[])`;
}
