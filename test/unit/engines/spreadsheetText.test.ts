import ExcelJS from 'exceljs';
import { spreadsheetText } from '../../../engines/attachments/spreadsheetText';
import { bookingsOfText } from '../../../model/builtin/fileBookings';

async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Days');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('Other').addRow(['ignored']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('spreadsheetText', () => {
  it('reads the first sheet as CSV, with date cells as ISO dates, for the model to book from', async () => {
    const xlsx = await workbook([
      ['start_date', 'end_date', 'reason'],
      [new Date(Date.UTC(2026, 11, 21)), new Date(Date.UTC(2026, 11, 24)), 'Christmas, family'],
      ['2027-01-04', null, { richText: [{ text: 'New ' }, { text: 'year' }] }],
    ]);
    const text = await spreadsheetText(xlsx);
    expect(text).toBe(
      'start_date,end_date,reason\r\n2026-12-21,2026-12-24,"Christmas, family"\r\n2027-01-04,,New year\r\n',
    );
    expect(bookingsOfText(text!).bookings).toEqual([
      { start: '2026-12-21', end: '2026-12-24', reason: 'Christmas, family' },
      { start: '2027-01-04', reason: 'New year' },
    ]);
  });

  it('answers undefined for a ZIP that is no workbook', async () => {
    expect(await spreadsheetText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeUndefined();
  });
});
