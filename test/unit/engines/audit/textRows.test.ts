import pg from 'pg';
import { hashOrWhyNot } from '../../../../engines/audit/chainVerifier';
import { recordHash } from '../../../../engines/audit/recordHash';
import {
  isoOfTimestamptz,
  recordHashOfTextRow,
  textRowHashOrWhyNot,
  viewOfTextRow,
  type AuditRecordTextRow,
} from '../../../../engines/audit/textRows';

// Verification rewrites the common timestamptz text as ISO 8601 instead of parsing it: the answer must be the
// parser's (pg's, which the rows went through before) for every text PostgreSQL can send.
const parse = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

describe('the ISO form of a timestamptz read as text', () => {
  it.each([
    ['2026-01-01 00:00:00+00'],
    ['2026-01-01 00:00:00.25+00'],
    ['2026-12-31 23:59:59.999+00'],
    ['2026-03-02 10:20:30.007+00'],
    ['0042-03-04 05:06:07.008+00'],
    ['1969-12-31 23:59:59.5+00'],
    ['2026-01-01 00:00:00.1234+00'],
    ['2026-01-01 02:00:00.5+02'],
    ['2026-01-01 02:00:00.5-05:30'],
    ['0001-01-01 00:00:00+00 BC'],
    ['12026-01-01 00:00:00+00'],
  ])('%s is what the parser reads', (text) => {
    expect(isoOfTimestamptz(text)).toBe(parse(text).toISOString());
  });

  it('agrees with the parser on every millisecond form of many instants', () => {
    for (let i = 0; i < 2000; i++) {
      const iso = new Date(Date.UTC(1900, 0, 1) + Math.floor(((i * 7919) % 2000) * 1.7e9 + i * 37)).toISOString();
      const fraction = iso.slice(20, 23).replace(/0+$/, '');
      const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
      expect(isoOfTimestamptz(text)).toBe(iso);
    }
  });

  it('throws where the parser gives no date', () => {
    expect(() => isoOfTimestamptz('infinity')).toThrow();
  });
});

describe('the hash of a text row', () => {
  const row = (changes: Record<number, string | null> = {}): AuditRecordTextRow => {
    const base: AuditRecordTextRow = [
      '0196f3a0-0000-7000-8000-0000000000a1',
      '0196f3a0-0000-7000-8000-0000000000b2',
      '42',
      '2026-01-01 00:00:00.25+00',
      null,
      '0196f3a0-0000-7000-8000-0000000000c3',
      'personal_access_token',
      'rest',
      'create_leave_request',
      '{"body": {"days": 3, "note": "a \\"quoted\\" é"}, "query": {"limit": 50}}',
      'success',
      null,
      'req-1',
      null,
      '0'.repeat(64),
      'f'.repeat(64),
    ];
    for (const [column, value] of Object.entries(changes)) base[Number(column)] = value;
    return base;
  };

  it.each<[string, Record<number, string | null>]>([
    ['a usual row', {}],
    ['nulls and escapes in text columns', { 4: null, 7: 'a"b\\c\n', 12: null, 13: 'run "1"', 14: 'x\u0001' }],
    ['arguments with numbers only JSON.parse handles', { 9: '{"a": 1.50, "b": 1000000000000000000000, "c": -0}' }],
    ['a time in another zone', { 3: '2026-01-01 02:00:00.5+02' }],
    ['a large seq', { 2: '9007199254740993' }],
  ])('is the hash of its view: %s', (_name, changes) => {
    expect(recordHashOfTextRow(row(changes))).toBe(recordHash(viewOfTextRow(row(changes))));
  });

  it('answers why a row has no hash where hashOrWhyNot would, and throws where viewOfTextRow would', () => {
    const unhashable = row({ 9: '{"a": 1e400}' });
    expect(textRowHashOrWhyNot(unhashable)).toBe(hashOrWhyNot(viewOfTextRow(unhashable)));
    expect(textRowHashOrWhyNot(unhashable)).toMatch(/^unhashable/);
    expect(() => viewOfTextRow(row({ 3: 'infinity' }))).toThrow();
    expect(() => textRowHashOrWhyNot(row({ 3: 'infinity' }))).toThrow();
    expect(() => textRowHashOrWhyNot(row({ 9: '{"a": }' }))).toThrow(SyntaxError);
  });
});
