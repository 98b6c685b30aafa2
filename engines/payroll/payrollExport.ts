import ExcelJS from 'exceljs';
import type { PrismaClient } from '../../db/prismaClient';
import { toCsv } from '../artifacts/csv';
import { minorDigits } from '../../lib/money/money';
import type { PayrollRunView } from './payrollRunViews';

/**
 * A payroll run as a file for the accountant or the bank (company-api.md, Payroll: "CSV/XLSX export per run"): one
 * row per payslip, the amounts of each kind of line, and a total row per currency. The CSV writes amounts as decimals
 * of the currency (5500.00), the XLSX as numbers with the currency's decimals; both give the same totals as the run.
 */

const header = [
  'employee_number',
  'employee',
  'currency',
  'salary',
  'overtime',
  'allowances',
  'bonuses',
  'unpaid_leave',
  'gross',
  'reimbursements',
  'total',
] as const;
const kinds = ['salary', 'overtime', 'allowance', 'bonus', 'unpaid_leave'] as const;

interface ExportRow {
  employeeNumber: number | string;
  employee: string;
  currency: string;
  /** Minor units, in header order from `salary` on. */
  amounts: bigint[];
}

async function rowsOf(prisma: PrismaClient, runId: string): Promise<ExportRow[]> {
  const payslips = await prisma.payslip.findMany({ where: { runId }, orderBy: { employeeNumber: 'asc' } });
  const sums = await prisma.payslipLine.groupBy({
    by: ['payslipId', 'kind'],
    where: { payslipId: { in: payslips.map((p) => p.id) } },
    _sum: { amountMinor: true },
  });
  const sumOf = (payslipId: string, kind: string) =>
    sums.find((s) => s.payslipId === payslipId && s.kind === kind)?._sum.amountMinor ?? 0n;
  const rows: ExportRow[] = payslips.map((p) => ({
    employeeNumber: p.employeeNumber,
    employee: p.employeeName,
    currency: p.currency,
    amounts: [...kinds.map((k) => sumOf(p.id, k)), p.grossMinor, p.reimbursementsMinor, p.totalMinor],
  }));
  const totals = [...new Set(rows.map((r) => r.currency))].sort().map((currency) => {
    const mine = rows.filter((r) => r.currency === currency);
    const amounts = header.slice(3).map((_, i) => mine.reduce((sum, r) => sum + r.amounts[i]!, 0n));
    return { employeeNumber: '', employee: 'TOTAL', currency, amounts };
  });
  return [...rows, ...totals];
}

/** `550000` EUR as `5500.00`. */
function decimal(amountMinor: bigint, currency: string): string {
  const digits = minorDigits(currency);
  const negative = amountMinor < 0n;
  const text = (negative ? -amountMinor : amountMinor).toString().padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`}`;
}

export function exportFilename(run: PayrollRunView, format: 'csv' | 'xlsx'): string {
  return `payroll-${run.period}-${run.id.slice(0, 8)}.${format}`;
}

export async function payrollRunCsv(prisma: PrismaClient, runId: string): Promise<Buffer> {
  const rows = (await rowsOf(prisma, runId)).map((r) => [
    r.employeeNumber,
    r.employee,
    r.currency,
    ...r.amounts.map((a) => decimal(a, r.currency)),
  ]);
  return Buffer.from(toCsv(header, rows), 'utf8');
}

export async function payrollRunXlsx(prisma: PrismaClient, run: PayrollRunView): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'svc-hr';
  const sheet = workbook.addWorksheet(`Payroll ${run.period}`);
  sheet.columns = header.map((key) => ({ header: key, key, width: key === 'employee' ? 28 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of await rowsOf(prisma, run.id)) {
    const digits = minorDigits(r.currency);
    const row = sheet.addRow([
      r.employeeNumber,
      r.employee,
      r.currency,
      ...r.amounts.map((a) => Number(decimal(a, r.currency))),
    ]);
    for (let column = 4; column <= header.length; column += 1) {
      row.getCell(column).numFmt = digits === 0 ? '0' : `0.${'0'.repeat(digits)}`;
    }
    if (r.employeeNumber === '') row.font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
