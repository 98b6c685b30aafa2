/**
 * Replies about Work From Anywhere: after a request is made (where, when, its status, a policy breach), and who is
 * abroad on a day or in a window (who, where, which days), as far as the person may see.
 */

import { formatDayWithYear, formatSpan } from './calendar';
import { days, sentence, when } from './leaveViews';
import { countryName } from './places';
import { type TurnResult, dataOf, errorOf, wasDeclined } from './planTypes';

interface WfaRequest {
  employeeName: string;
  country: string;
  city: string;
  startDate: string;
  endDate: string;
  days: number;
  status: string;
  breaches?: string[];
}

const MAX_LINES = 10;

function where(request: { city?: unknown; country?: unknown }): string {
  const city = typeof request.city === 'string' ? request.city : 'abroad';
  return typeof request.country === 'string' ? `${city}, ${countryName(request.country)}` : city;
}

/** The reply after create_work_from_anywhere_request calls. */
export function summariseWfaCreated(results: TurnResult[]): string {
  return results
    .map((result) => {
      const args = result.arguments;
      const asked = `work from ${where(args)} ${when(String(args.startDate), String(args.endDate))}`;
      if (wasDeclined(result)) return `Nothing was done: you declined the request to ${asked}.`;
      if (!result.ok) return sentence(`I couldn't ask to ${asked}: ${errorOf(result).message}`);
      const { request } = dataOf<{ request: WfaRequest }>(result);
      const status =
        request.status === 'PENDING' ? 'It is PENDING, waiting for approval.' : `Its status is ${request.status}.`;
      const breaches = request.breaches ?? [];
      const note = breaches.length
        ? ` Note: it goes beyond the policy (${breaches.join(', ')}), so HR decides after your manager.`
        : '';
      return `I've asked to work from ${where(request)} ${when(request.startDate, request.endDate)} (${days(request.days)}). ${status}${note}`;
    })
    .join('\n');
}

/** The reply to list_people_abroad: who, where and which days, for the day or window asked. */
export function summarisePeopleAbroad(result: TurnResult): string {
  const data = dataOf<{ date: string; from?: string; to?: string; requests?: WfaRequest[] }>(result);
  const from = data.from ?? data.date;
  const to = data.to ?? from;
  const label = from === to ? `on ${formatDayWithYear(from)}` : `between ${formatSpan(from, to, ' and ')}`;
  const requests = [...(data.requests ?? [])].sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.employeeName.localeCompare(b.employeeName),
  );
  if (requests.length === 0) return `Nobody you can see is abroad ${label}.`;
  const people = new Set(requests.map((r) => r.employeeName)).size;
  const rows = requests.map((r) => `- ${r.employeeName}: ${where(r)}, ${formatSpan(r.startDate, r.endDate, ' – ')}`);
  const shown = rows.slice(0, MAX_LINES);
  if (rows.length > MAX_LINES) shown.push(`- …and ${rows.length - MAX_LINES} more`);
  const heading = `${people} ${people === 1 ? 'person is' : 'people are'} abroad ${label}:`;
  return `${heading}\n${shown.join('\n')}`;
}
