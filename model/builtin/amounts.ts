/**
 * Amounts of money and distances as people write them in an expense: "42.50 EUR", "€18,90", "$35", "12 euros",
 * "CHF 50", "1,200.50 USD", "30 km", "20 miles". An amount becomes whole minor units of its currency with the
 * currency's own number of decimals (lib/money: 2 for EUR, 0 for JPY, 3 for BHD), in integer arithmetic: 42.50 EUR
 * is exactly 4250. Each finding keeps its span, so the date parser never reads "7.20" as the 7th of a month.
 */

import type { Span } from './clockTimes';
import { isCurrencyCode, MAX_AMOUNT_MINOR, minorDigits } from '../../lib/money/money';

/** An amount the text gives; `currency` absent when it names none ("claim 12 for lunch"). */
export interface AmountMention {
  /** The number as written, normalised to a point for decimals ("18.90"). */
  value: string;
  currency?: string;
}

const SYMBOLS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY' };
const WORDS: Record<string, string> = {
  euro: 'EUR',
  euros: 'EUR',
  dollar: 'USD',
  dollars: 'USD',
  bucks: 'USD',
  pound: 'GBP',
  pounds: 'GBP',
  quid: 'GBP',
  yen: 'JPY',
  franc: 'CHF',
  francs: 'CHF',
};
// Codes read in lower case without doubt; any other ISO 4217 code counts when written in capitals ("42 HUF"), so
// that "all", "top" or "try" after a number stay words.
const COMMON = new Set(
  'eur usd gbp chf jpy sek nok dkk pln czk huf ron bgn cad aud nzd inr cny sgd hkd zar brl mxn aed'.split(' '),
);

const NUMBER = '(\\d{1,3}(?:[.,]\\d{3})+(?:[.,]\\d{1,3})?|\\d+(?:[.,]\\d{1,3})?)';
const SYMBOL = '([€$£¥])';
const CODE = `([a-z]{3}\\b|${Object.keys(WORDS).join('\\b|')}\\b)`;
const PATTERNS = [
  new RegExp(`${SYMBOL}\\s*${NUMBER}(?![\\d.,]*\\d)`, 'g'),
  new RegExp(`(?<![\\d.,])${NUMBER}\\s*${SYMBOL}`, 'g'),
  new RegExp(`(?<![\\d.,])${NUMBER}\\s*${CODE}`, 'g'),
  new RegExp(`\\b${CODE}\\s*${NUMBER}(?![\\d.,]*\\d)`, 'g'),
];

function currencyOf(word: string, message: string): string | undefined {
  const symbol = SYMBOLS[word];
  if (symbol) return symbol;
  const named = WORDS[word];
  if (named) return named;
  const code = word.toUpperCase();
  if (!isCurrencyCode(code)) return undefined;
  return COMMON.has(word) || message.includes(code) ? code : undefined;
}

/**
 * A number as written, with a point for its decimals: "1,200.50" → "1200.50", "18,90" → "18.90". Three digits
 * after the last separator group thousands ("1.200" is 1200), unless the currency counts three decimals ("12.345
 * BHD") or nothing but a zero stands before them ("0.125").
 */
export function plainNumber(written: string, decimals = 2): string {
  const last = Math.max(written.lastIndexOf('.'), written.lastIndexOf(','));
  if (last < 0) return written;
  const head = written.slice(0, last);
  const whole = head.replace(/[.,]/g, '');
  const tail = written.slice(last + 1);
  const grouped = tail.length === 3 && whole !== '0' && !(decimals === 3 && !/[.,]/.test(head));
  return grouped ? `${whole}${tail}` : `${whole}.${tail}`;
}

/** The first amount with a currency in `text` (normalised), with its span; `message` is the text as written. */
export function findAmount(text: string, message: string): { amount: AmountMention; span: Span } | undefined {
  let best: { amount: AmountMention; span: Span } | undefined;
  for (const pattern of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const [number, word] = /\d/.test(m[1]!) ? [m[1]!, m[2]!] : [m[2]!, m[1]!];
      const currency = currencyOf(word, message);
      if (!currency) continue;
      if (!best || m.index < best.span.start) {
        best = {
          amount: { value: plainNumber(number, minorDigits(currency)), currency },
          span: { start: m.index, end: m.index + m[0].length },
        };
      }
    }
  }
  return best;
}

/** A number standing alone as an amount ("claim 12 for lunch"), when the text gives no currency. */
export function findBareAmount(text: string): { amount: AmountMention; span: Span } | undefined {
  const m =
    /(?<![\d.,§/:])\b(\d+(?:[.,]\d{1,2})?)\b(?![\d§/:]|[.,]\d)(?!\s*(?:km|kms|miles?|mi|minutes?|hours?|h|am|pm|days?|weeks?)\b)/.exec(
      text,
    );
  return m
    ? { amount: { value: plainNumber(m[1]!) }, span: { start: m.index, end: m.index + m[0].length } }
    : undefined;
}

/**
 * A number with two decimals that no calendar has as a day and month ("12.90", "45,75"), standing without a currency:
 * an amount of money in an expense, which the date parser would otherwise read as an impossible date.
 */
export function findCentsAmount(text: string): { amount: AmountMention; span: Span } | undefined {
  for (const m of text.matchAll(/(?<![\d.,/:])(\d{1,6})[.,](\d{2})(?![\d/:]|[.,]\d)/g)) {
    const [whole, cents] = [Number(m[1]), Number(m[2])];
    if (whole >= 1 && whole <= 31 && cents >= 1 && cents <= 12) continue;
    return {
      amount: { value: `${m[1]!}.${m[2]!}` },
      span: { start: m.index, end: m.index + m[0].length },
    };
  }
  return undefined;
}

/**
 * Whole minor units of `value` in `currency`: "42.50" EUR is 4250, "1500" JPY is 1500; undefined when the value
 * has more decimals than the currency ("12.345 EUR"), is zero, or is beyond what the API takes.
 */
export function toMinorUnits(value: string, currency: string): number | undefined {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) return undefined;
  const digits = minorDigits(currency);
  const fraction = m[2] ?? '';
  if (fraction.replace(/0+$/, '').length > digits) return undefined;
  const minor = BigInt(m[1]!) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0').slice(0, digits) || '0');
  return minor >= 1n && minor <= BigInt(MAX_AMOUNT_MINOR) ? Number(minor) : undefined;
}

const MILES_KM = 1.609344;

/** A distance driven ("30 km", "20 miles"), in km to a tenth, with its span. */
export function findDistance(text: string): { km: number; span: Span } | undefined {
  const m = /(?<![\d.,])(\d+(?:[.,]\d+)?)\s*(km|kms|kilomet(?:re|er)s?|miles?|mi)\b/.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]!.replace(',', '.'));
  const km = Math.round((m[2]!.startsWith('mi') ? value * MILES_KM : value) * 10) / 10;
  if (!(km > 0 && km <= 100_000)) return undefined;
  return { km, span: { start: m.index, end: m.index + m[0].length } };
}
