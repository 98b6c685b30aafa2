import { bareMediaType, contentMismatch, isAttachmentContentType } from '../../../engines/attachments/attachmentTypes';
import { safeFilename } from '../../../engines/attachments/attachments';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v) : Buffer.from([v]))));

describe('attachment media types', () => {
  it('compares declared types without parameters or case', () => {
    expect(bareMediaType('Text/CSV; charset=utf-8')).toBe('text/csv');
    expect(isAttachmentContentType('text/csv')).toBe(true);
    expect(isAttachmentContentType('text/html')).toBe(false);
  });

  it.each([
    ['application/pdf', bytes('%PDF-1.7\n')],
    ['image/png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a)],
    ['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['image/gif', bytes('GIF89a')],
    ['image/webp', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes('PK', 3, 4)],
    ['text/csv', bytes('a,b\n1,2\n')],
    ['application/json', bytes('{"a":1}')],
  ])('accepts a real %s', (type, head) => {
    expect(contentMismatch(head, type)).toBeUndefined();
  });

  it.each([
    ['application/pdf', bytes('hello')],
    ['image/png', bytes('GIF89a')],
    ['image/webp', bytes('RIFF', 0, 0, 0, 0, 'AVI ')],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes('%PDF-')],
    ['text/plain', bytes('a', 0, 'b')],
  ])('refuses a %s whose bytes are something else', (type, head) => {
    expect(contentMismatch(head, type)).toEqual(expect.any(String));
  });
});

describe('safeFilename', () => {
  it.each([
    ['report.csv', 'report.csv'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\days.csv', 'days.csv'],
    ['a\u0000b\r\n.csv', 'ab.csv'],
    [undefined, 'attachment.csv'],
    ['..', 'attachment.csv'],
    ['dir/', 'attachment.csv'],
  ])('%s → %s', (name, expected) => {
    expect(safeFilename(name, 'text/csv')).toBe(expected);
  });

  it('cuts long names', () => {
    expect(safeFilename('x'.repeat(500), 'text/csv')).toHaveLength(200);
  });
});
