/**
 * Where a yearly salary sits in its pay band (company-api.md, Compensation: "out-of-band changes warn"). Pure.
 * A warning never refuses: the approvers see it and decide.
 */
export type BandWarning = 'below_band' | 'above_band' | 'band_currency';

export interface BandRange {
  minMinor: bigint;
  maxMinor: bigint;
  currency: string;
}

/** The warnings of `annualMinor` in `currency` against `band` (none without a band). */
export function bandWarnings(annualMinor: bigint, currency: string, band: BandRange | null): BandWarning[] {
  if (!band) return [];
  if (band.currency !== currency) return ['band_currency'];
  if (annualMinor < band.minMinor) return ['below_band'];
  if (annualMinor > band.maxMinor) return ['above_band'];
  return [];
}

/**
 * The salary's place in the band as a percentage from its minimum (0) to its maximum (100), below 0 or above 100
 * outside it; null without a band, in another currency, or for a band of one amount.
 */
export function bandPercent(annualMinor: bigint, currency: string, band: BandRange | null): number | null {
  if (!band || band.currency !== currency || band.maxMinor === band.minMinor) return null;
  return Math.round((Number(annualMinor - band.minMinor) / Number(band.maxMinor - band.minMinor)) * 100);
}
