import { toWinAnsi } from './winAnsi';

/**
 * A small writer of one-page text documents in PDF 1.4 (an employment certificate): lines of text in Helvetica or
 * Helvetica-Bold, on A4, top to bottom. No fonts are embedded (the standard 14 fonts every reader has), so text is
 * WinAnsi (winAnsi.ts). Deterministic: the same lines give the same bytes.
 */
export interface PdfLine {
  text: string;
  /** Font size in points; 11 unless given. */
  size?: number;
  bold?: boolean;
  /** Extra space before the line, in points. */
  gapBefore?: number;
}

const PAGE = { width: 595, height: 842, margin: 72 };
/** Helvetica averages about half an em a character: lines longer than this wrap at a space. */
const charsPerLine = (size: number) => Math.floor((PAGE.width - 2 * PAGE.margin) / (size * 0.5));

function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    if (current && current.length + 1 + word.length > max) {
      lines.push(current);
      current = '';
    }
    current = current ? `${current} ${word}` : word;
    while (current.length > max) {
      lines.push(current.slice(0, max));
      current = current.slice(max);
    }
  }
  lines.push(current);
  return lines;
}

function contentStream(lines: readonly PdfLine[]): string {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= line.gapBefore ?? 0;
    for (const part of wrap(line.text, charsPerLine(size))) {
      y -= size * 1.4;
      if (y < PAGE.margin) break;
      const hex = toWinAnsi(part).toString('hex').toUpperCase();
      ops.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${PAGE.margin} ${y.toFixed(1)} Td <${hex}> Tj ET`);
    }
  }
  return ops.join('\n');
}

/** The PDF of `lines` with `title` in its document information. */
export function textPdf(lines: readonly PdfLine[], info: { title: string }): Buffer {
  const content = contentStream(lines);
  const font = (name: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    font('Helvetica'),
    font('Helvetica-Bold'),
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title <FEFF${Buffer.from(info.title, 'utf16le').swap16().toString('hex').toUpperCase()}> /Producer (svc-hr) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
