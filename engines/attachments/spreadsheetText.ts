import ExcelJS from 'exceljs';
import { toCsv } from '../artifacts/csv';

/** A cell as text: dates as `YYYY-MM-DD` (with the time when it has one), formulas as their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

/**
 * The first worksheet of an XLSX file as CSV text, so the model reads a spreadsheet as it reads a CSV (dates as
 * ISO dates). Answers undefined for a file ExcelJS cannot open.
 */
export async function spreadsheetText(content: Buffer): Promise<string | undefined> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    // Not a readable workbook (its first bytes passed the ZIP check only): the model gets no text of it.
    return undefined;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return undefined;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    rows.push(values.map(cellText));
  });
  const [header = [], ...rest] = rows;
  return toCsv(header, rest);
}
