/**
 * The slots of the company API requests: the times and breaks of a stretch of work, an expense's amount, distance
 * and category, the place of a work-from-abroad request, a payslip's month, and the dates of each. Times, amounts and
 * distances are taken out of the text before its dates are read, so "8.30" or "7.20 GBP" is never a day. Time worked
 * and expenses are in the past: a bare "Tuesday" is the latest one before today.
 */

import { type AmountMention, findAmount, findBareAmount, findCentsAmount, findDistance } from './amounts';
import { blank, findBreakMinutes, findWorkedTimes, type Span, type WorkedTimes } from './clockTimes';
import { type ClockAction, type CompanyIntent, findClockAction, placeStart } from './companyIntents';
import type { IsoDate } from './calendar';
import { scanDates } from './dateAtoms';
import { type DateFinding, findDates } from './dates';
import { type CategoryMention, MILEAGE, findCategory } from './expenseCategories';
import { asWritten } from './keywords';
import { findPayPeriod } from './payPeriods';
import { cityName, countryAt, knownCity } from './places';
import { findReason } from './slots';

/** An expense as the request gives it. */
export interface ExpenseMention {
  category?: CategoryMention;
  amount?: AmountMention;
  /** A mileage line's distance, in km to a tenth. */
  km?: number;
  /** Submit for approval at once (false: keep a draft). */
  submit: boolean;
}

/** Where a work-from-abroad request is: a city (as named) and its country's ISO 3166-1 alpha-2 code. */
export interface PlaceMention {
  city?: string;
  country?: string;
}

/** What a company request says besides its intent. */
export interface CompanySlots {
  dates: DateFinding;
  clock?: ClockAction;
  worked?: WorkedTimes;
  breakMinutes?: number;
  expense?: ExpenseMention;
  place?: PlaceMention;
  period?: string;
  reason?: string;
}

const DRAFT = /\b(?:draft|don't submit|do not submit|not submit|without submitting|save it|save as|for later)\b/;
// Where a place's name stops: punctuation, a date, or a word that starts the next part of the request.
const PLACE_END =
  /\s*(?:[,;.!?§]|\b(?:from|between|on|for|until|till|to|next|this|during|starting|and|because|as|since|so|please|thanks|over|in|at|while|when|until|with|the week|the month)\b|$)/;

/**
 * The place a work-from-abroad request names in its skeleton, with its casing from `message`, and the span of the
 * skeleton it took (city and country), so that no reason is read from it ("a WFA request for Berlin").
 */
export function findPlace(skeleton: string, message: string): { place: PlaceMention; span?: Span } {
  const start = placeStart(skeleton);
  if (start === undefined) return { place: {} };
  const rest = skeleton.slice(start);
  const words = rest
    .slice(0, PLACE_END.exec(rest)?.index ?? rest.length)
    .trim()
    .split(/\s+/)
    .slice(0, 4)
    .join(' ');
  const named = /^(\s*(?:,\s*|\s+in\s+))([a-z][a-z .'-]*)/.exec(rest.slice(words.length));
  const country = named ? countryAt(named[2]!) : undefined;
  const length = words.length + (named && country ? named[1]!.length + country.length : 0);
  const span = { start, end: start + length };
  const city = knownCity(words);
  if (city) return { place: { city: cityName(city.name), country: country?.code ?? city.country }, span };
  const onlyCountry = countryAt(words);
  if (onlyCountry && onlyCountry.length === words.length) return { place: { country: onlyCountry.code }, span };
  const written = asWritten(words, message);
  const name = written === words ? cityName(words) : written;
  return { place: { city: name, ...(country ? { country: country.code } : {}) }, span };
}

// Why, besides "for …" and "because …" (slots.ts): "to visit family", "to attend a wedding".
const PURPOSE = /\bto ((?:visit|see|attend|spend time with|be with|join|look after|care for) [^§¤,.;!?]+)/;

function wfaSlots(text: string, message: string, today: IsoDate): CompanySlots {
  const { skeleton } = scanDates(text);
  const { place, span } = findPlace(skeleton, message);
  const rest = span ? blank(skeleton, [span]) : skeleton;
  const reason = findReason(rest) ?? PURPOSE.exec(rest)?.[1]?.trim();
  return {
    dates: findDates(text, { today }),
    place,
    ...(reason ? { reason: asWritten(reason, message) } : {}),
  };
}

function datesWithout(text: string, spans: Span[], today: IsoDate, past: boolean): DateFinding {
  return findDates(blank(text, spans).replace(/\s+/g, ' ').trim(), { today, past });
}

function expenseSlots(text: string, message: string, today: IsoDate): CompanySlots {
  const distance = findDistance(text);
  const money = findAmount(text, message) ?? (distance ? undefined : findCentsAmount(text));
  const spans = [money?.span, distance?.span].filter((s): s is Span => s !== undefined);
  const dates = datesWithout(text, spans, today, true);
  const amount =
    money?.amount ?? (distance ? undefined : findBareAmount(scanDates(blank(text, spans)).skeleton)?.amount);
  const category = findCategory(text, message) ?? (distance ? { category: MILEAGE, word: MILEAGE } : undefined);
  const expense: ExpenseMention = { submit: !DRAFT.test(text) };
  if (category) expense.category = category;
  if (amount) expense.amount = amount;
  if (distance) expense.km = distance.km;
  return { dates, expense };
}

/** Reads the slots of a company request: `text` normalised, `message` as written. */
export function readCompanySlots(intent: CompanyIntent, text: string, message: string, today: IsoDate): CompanySlots {
  switch (intent) {
    case 'clock': {
      const clock = findClockAction(text);
      // "Clock in, working from home today": what follows the comma is a note on the entry.
      const said = /^[^,;:]+[,;:]\s*(.{3,200}?)[.!]?$/.exec(message.trim())?.[1]?.trim();
      const note =
        said && !/^(?:please|thanks|thank you|ok|now)$/i.test(said)
          ? said.replace(/\s+(?:today|now)$/i, '')
          : undefined;
      return { dates: { kind: 'none' }, ...(clock ? { clock } : {}), ...(note ? { note } : {}) };
    }
    case 'timeEntry': {
      const times = findWorkedTimes(text);
      const pause = findBreakMinutes(text);
      const spans = [...(times?.spans ?? []), ...(pause ? [pause.span] : [])];
      const slots: CompanySlots = { dates: datesWithout(text, spans, today, true) };
      if (times) slots.worked = times.times;
      if (pause) slots.breakMinutes = pause.minutes;
      return slots;
    }
    case 'expense':
      return expenseSlots(text, message, today);
    case 'workAbroad':
      return wfaSlots(text, message, today);
    case 'abroad':
      // A read: a day without a year is its nearest one, gone or to come ("who was abroad on 1 June", said on the 16th).
      return { dates: findDates(text, { today, nearest: true }) };
    case 'payslip': {
      const period = findPayPeriod(text, today);
      return { dates: { kind: 'none' }, ...(period ? { period } : {}) };
    }
  }
}
