import ExcelJS from 'exceljs';
import { toCsv } from './csv';

/** The untaken-leave report's data, as untaken_leave_report answers it (interface.md "Untaken leave report"). */
export interface UntakenReport {
  year: number;
  employees: {
    employee: string;
    department: string;
    manager: string;
    allocated_days: number;
    used_days: number;
    untaken_days: number;
  }[];
  totals: { employees: number; untakenDays: number };
}

const header = ['employee', 'department', 'manager', 'allocated_days', 'used_days', 'untaken_days'] as const;

function rowsOf(report: UntakenReport): (string | number)[][] {
  return report.employees.map((e) => [
    e.employee,
    e.department,
    e.manager,
    e.allocated_days,
    e.used_days,
    e.untaken_days,
  ]);
}

/** The report as CSV: one row per employee, in the report's order (most untaken days first). */
export function untakenReportCsv(report: UntakenReport): Buffer {
  return Buffer.from(toCsv(header, rowsOf(report)), 'utf8');
}

/**
 * The report as an XLSX workbook: sheet "Untaken leave <year>" with the same rows as the CSV, numbers as numbers,
 * and a totals row after them.
 */
export async function untakenReportXlsx(report: UntakenReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'svc-hr';
  const sheet = workbook.addWorksheet(`Untaken leave ${report.year}`);
  sheet.columns = header.map((key) => ({ header: key, key, width: key === 'employee' ? 28 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rowsOf(report)) sheet.addRow(row);
  const totals = sheet.addRow(['Total', `${report.totals.employees} employees`, '', '', '', report.totals.untakenDays]);
  totals.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
