/**
 * The leave shapes the model reads from tool results (the registry's outputs, reduced to the fields it uses) and
 * the words it writes about them. Kept apart from the planner so the summaries and the questions say the same thing
 * the same way.
 */

import { formatDayWithYear, formatSpan } from './calendar';

/** A leave request as list_leave_requests, list_leave_approvals, cancel and decide return it. */
export interface LeaveRequestView {
  id: string;
  employee_name: string;
  policy: string;
  start_date: string;
  end_date: string;
  total_days: number;
  half_day?: boolean;
  status: string;
  reason?: string;
}

/** "on Fri 27 Nov 2026" or "from Mon 30 Nov to Wed 2 Dec 2026". */
export function when(start: string, end: string | undefined): string {
  return end === undefined || end === start ? `on ${formatDayWithYear(start)}` : `from ${formatSpan(start, end)}`;
}

/** "3 working days", "1 working day", "half a day". */
export function workingDays(total: number): string {
  if (total === 0.5) return 'half a day';
  return `${total} working day${total === 1 ? '' : 's'}`;
}

/** "Annual leave, Mon 4 May – Wed 6 May 2027": one line of a list, or a choice. */
export function describeRequest(request: LeaveRequestView): string {
  const span = formatSpan(request.start_date, request.end_date, ' – ');
  return `${request.policy}, ${span}${request.half_day ? ' (half day)' : ''}`;
}

/** True when the request overlaps the window (`from`/`to` inclusive, either open). */
export function overlaps(request: LeaveRequestView, window: { from?: string; to?: string }): boolean {
  return (
    (window.from === undefined || request.end_date >= window.from) &&
    (window.to === undefined || request.start_date <= window.to)
  );
}

/** True when the request is the user's own (lists show a manager their team's requests too). */
export function isOwn(request: LeaveRequestView, userName: string): boolean {
  return request.employee_name.trim().toLowerCase() === userName.trim().toLowerCase();
}

/** "Bob Martin" contains "bob", "martin" and "bob martin". */
export function nameMatches(name: string, person: string): boolean {
  const words = name.toLowerCase().split(/\s+/);
  return person
    .toLowerCase()
    .split(/\s+/)
    .every((part) => words.some((word) => word === part || word.startsWith(part)));
}

/** A number of days as people write it: 10, 10.5. */
export function days(value: number): string {
  return `${value} day${value === 1 ? '' : 's'}`;
}

/** A sentence ending in exactly one full stop. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
