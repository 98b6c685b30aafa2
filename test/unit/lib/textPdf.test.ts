import { textPdf } from '../../../lib/pdf/textPdf';
import { toWinAnsi } from '../../../lib/pdf/winAnsi';

describe('WinAnsi text for the standard PDF fonts', () => {
  it.each([
    ['Alice Anders', 'Alice Anders'],
    ['Zoë Müller-Straße', 'Zoë Müller-Straße'],
    ['Bożena Łukasiewicz', 'Bozena Lukasiewicz'],
    ['Đorđe Ștefănescu', 'Dorde Stefanescu'],
    ['王小明', '???'],
    ['Ωmega 😀', '?mega ?'],
  ])('writes %p as %p', (text, printed) => {
    expect(toWinAnsi(text)).toEqual(Buffer.from(printed, 'latin1'));
  });

  it('puts the euro sign, dashes and curly quotes at their WinAnsi codes', () => {
    expect([...toWinAnsi('€–“”')]).toEqual([0x80, 0x96, 0x93, 0x94]);
  });
});

describe('a one-page text PDF', () => {
  it('has a cross-reference table whose offsets point at its objects, and is the same bytes for the same lines', () => {
    const lines = [{ text: 'Employment certificate', bold: true, size: 18 }, { text: 'Name: Zoë' }];
    const pdf = textPdf(lines, { title: 'Test' });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true));
    expect(textPdf(lines, { title: 'Test' }).equals(pdf)).toBe(true);
  });
});
