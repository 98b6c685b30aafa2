import pg from 'pg';
import { isoOfTimestamptz } from '../../../../engines/audit/textRows';

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
