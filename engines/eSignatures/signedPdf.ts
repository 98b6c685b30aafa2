import type { PdfLine } from '../../lib/pdf/textPdf';
import { textPdf } from '../../lib/pdf/textPdf';

/** What the signature page states, gathered when the last signer signs (signing.ts). */
export interface SignaturePageFacts {
  requestId: string;
  title: string;
  document: { title: string; filename: string; size: number; sha256: string };
  requestedBy: string;
  requestedAt: string;
  signers: ReadonlyArray<{ position: number; name: string; signedAt: string; sha256: string }>;
  completedAt: string;
}

/**
 * The signed PDF of a completed request: its signature page. Who signed, in order, when (ISO 8601 UTC), and the
 * document SHA-256 each signature binds, beside the document's own: a reader checks the file they hold against it
 * (`sha256sum`). Each hash stands alone on its line, so a text extraction reads it back whole.
 */
export function signaturePagePdf(f: SignaturePageFacts): Buffer {
  const lines: PdfLine[] = [
    { text: 'Signature page', size: 18, bold: true },
    { text: f.title, size: 13, bold: true, gapBefore: 8 },
    { text: `Request ${f.requestId}, made by ${f.requestedBy} at ${f.requestedAt}.`, gapBefore: 8 },
    { text: 'Document', bold: true, gapBefore: 14 },
    { text: `${f.document.title}: ${f.document.filename}, ${f.document.size} bytes` },
    { text: 'Document SHA-256', bold: true },
    { text: f.document.sha256 },
    { text: 'Signatures', bold: true, gapBefore: 14 },
  ];
  for (const s of f.signers) {
    lines.push(
      { text: `${s.position}. ${s.name}, signed at ${s.signedAt}`, gapBefore: 6 },
      { text: `SHA-256 signed: ${s.sha256}` },
    );
  }
  lines.push({ text: `Completed at ${f.completedAt}: every signer signed.`, gapBefore: 14 });
  return textPdf(lines, { title: `Signed: ${f.title}` });
}
