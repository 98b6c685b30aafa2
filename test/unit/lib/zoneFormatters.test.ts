import { dayFormatter, secondFormatter } from '../../../lib/calendar/zoneFormatters';

describe('zone formatters', () => {
  it('makes one formatter per zone and keeps it', () => {
    expect(dayFormatter('Europe/Berlin')).toBe(dayFormatter('Europe/Berlin'));
    expect(dayFormatter('Europe/Berlin')).not.toBe(dayFormatter('America/New_York'));
    expect(secondFormatter('Asia/Tokyo')).toBe(secondFormatter('Asia/Tokyo'));
  });

  it('formats in the zone: 23:30 UTC on 31 Dec is already 1 January in Berlin', () => {
    const at = new Date('2026-12-31T23:30:00.000Z');
    expect(dayFormatter('Europe/Berlin').format(at)).toBe('01/01/2027');
    expect(secondFormatter('America/New_York').format(at)).toBe('12/31/2026, 18:30:00');
  });

  it('throws for a zone the runtime does not know, every time (nothing kept for it)', () => {
    expect(() => dayFormatter('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => dayFormatter('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => secondFormatter('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
