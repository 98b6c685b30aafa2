/**
 * The media types an attachment may have, and a cheap check of its first bytes against the declared type: a
 * "PDF" that does not start with `%PDF-` is refused, so a client cannot smuggle another format under an allowed
 * name. Text types are checked for binary content (a NUL byte) in the first bytes only.
 */
export const attachmentContentTypes = [
  'text/csv',
  'text/plain',
  'application/json',
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

export type AttachmentContentType = (typeof attachmentContentTypes)[number];

/** `Text/CSV; charset=utf-8` → `text/csv`. */
export function bareMediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isAttachmentContentType(type: string): type is AttachmentContentType {
  return (attachmentContentTypes as readonly string[]).includes(type);
}

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const signatures: Partial<Record<AttachmentContentType, (head: Buffer) => boolean>> = {
  'application/pdf': (h) => startsWith(h, ascii('%PDF-')),
  'image/png': (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  'image/gif': (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  'image/webp': (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  // An XLSX file is a ZIP archive.
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]),
};

const textTypes: readonly string[] = ['text/csv', 'text/plain', 'application/json'];

/** What is wrong with `head` (the first bytes) for the declared `type`, or undefined when it fits. */
export function contentMismatch(head: Buffer, type: string): string | undefined {
  if (textTypes.includes(type)) {
    return head.includes(0) ? `The content is binary, not ${type}` : undefined;
  }
  const matches = signatures[type as AttachmentContentType];
  if (matches && !matches(head)) return `The content is not a ${type} file (its first bytes do not match)`;
  return undefined;
}
