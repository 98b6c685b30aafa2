/**
 * Answers to the company requests' own questions: the hours of a stretch of work ("9 to 5"), an expense's amount,
 * currency or distance ("42.50 EUR", "EUR", "30 km"), its category ("taxi"), and a place ("Lisbon, Portugal", or
 * "Portugal" for a city the model did not know). Questions about days go through answers.ts like leave's.
 */

import { findAmount, findBareAmount, findDistance } from './amounts';
import { findBreakMinutes, findWorkedTimes } from './clockTimes';
import { findPlace } from './companySlots';
import { scanDates } from './dateAtoms';
import { categoryInAnswer } from './expenseCategories';
import type { Understanding } from './intents';
import { asWritten } from './keywords';
import type { CompanySlot } from './planTypes';
import { cityName, countryInAnswer } from './places';

function mergeTimes(u: Understanding, text: string): Understanding {
  const times = findWorkedTimes(text) ?? findWorkedTimes(`from ${text}`);
  const pause = findBreakMinutes(text);
  return {
    ...u,
    ...(times ? { worked: times.times } : {}),
    ...(pause ? { breakMinutes: pause.minutes } : {}),
  };
}

function mergeAmount(u: Understanding, text: string, answer: string): Understanding {
  const expense = u.expense ?? { submit: true };
  const distance = findDistance(text) ?? findDistance(`${text} km`);
  if (expense.category?.category === 'Mileage')
    return distance ? { ...u, expense: { ...expense, km: distance.km } } : u;
  // A currency alone answers "in which currency was the 12?".
  const known = expense.amount;
  const money =
    findAmount(text, answer) ??
    (known && !known.currency ? findAmount(`${known.value} ${text}`, `${known.value} ${answer}`) : undefined);
  const amount = money?.amount ?? findBareAmount(text)?.amount;
  return amount ? { ...u, expense: { ...expense, amount } } : u;
}

function mergePlace(u: Understanding, text: string, answer: string): Understanding {
  const place = u.place ?? {};
  if (place.city !== undefined && place.country === undefined) {
    const country = countryInAnswer(text);
    return country ? { ...u, place: { ...place, country } } : u;
  }
  if (place.country !== undefined && place.city === undefined) {
    const city = text.trim().replace(/[.!]+$/, '');
    const written = asWritten(city, answer);
    return city ? { ...u, place: { ...place, city: written === city ? cityName(city) : written } } : u;
  }
  const found = findPlace(scanDates(`work from ${text}`).skeleton, answer).place;
  return found.city !== undefined || found.country !== undefined ? { ...u, place: found } : u;
}

/** Merges the answer (`text` normalised, `answer` as written) to a company request's question for `slot`. */
export function mergeCompanyAnswer(u: Understanding, slot: CompanySlot, text: string, answer: string): Understanding {
  switch (slot) {
    case 'times':
      return mergeTimes(u, text);
    case 'amount':
      return mergeAmount(u, text, answer);
    case 'category': {
      const category = categoryInAnswer(text, answer);
      const expense = u.expense ?? { submit: true };
      return category ? { ...u, expense: { ...expense, category: { category, word: category } } } : u;
    }
    case 'place':
      return mergePlace(u, text, answer);
  }
}

/** True for the slots only company requests ask for. */
export function isCompanySlot(slot: string | undefined): slot is CompanySlot {
  return slot === 'times' || slot === 'amount' || slot === 'category' || slot === 'place';
}
