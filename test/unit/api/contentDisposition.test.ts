import { attachmentDisposition, dispositionFilename } from '../../../api/contentDisposition';

describe('attachmentDisposition', () => {
  it('gives a plain ASCII name as is, twice', () => {
    expect(attachmentDisposition('report-2026.csv')).toBe(
      `attachment; filename="report-2026.csv"; filename*=UTF-8''report-2026.csv`,
    );
  });

  it('keeps a non-ASCII name exact in filename* and replaces it in the fallback', () => {
    expect(attachmentDisposition('congés été.csv')).toBe(
      `attachment; filename="cong_s _t_.csv"; filename*=UTF-8''cong%C3%A9s%20%C3%A9t%C3%A9.csv`,
    );
  });

  it('never lets a name break out of the header', () => {
    const header = attachmentDisposition('a"; filename=evil.exe\r\nSet-Cookie: x=1\\.csv');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('"').length).toBe(3);
    expect(dispositionFilename(header)).toBe('a"; filename=evil.exe\r\nSet-Cookie: x=1\\.csv');
  });
});

describe('dispositionFilename', () => {
  it.each([
    [undefined, undefined],
    ['attachment', undefined],
    ['attachment; filename="a b.csv"', 'a b.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment; filename="x.csv"; filename*=UTF-8\'\'%C3%A9.csv', 'é.csv'],
    ['attachment; filename="q\\"uote.csv"', 'q"uote.csv'],
    ['attachment; filename="ok.csv"; filename*=UTF-8\'\'%E0%A4%A', 'ok.csv'],
  ])('%s', (header, expected) => {
    expect(dispositionFilename(header)).toBe(expected);
  });
});
