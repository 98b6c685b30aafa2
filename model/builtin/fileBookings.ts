/**
 * Booking the leave days a file lists ("book the leave days in this CSV for me"): the attached CSV or text is read
 * for one request per row, either as a table with a header (`start_date,end_date[,policy][,reason]`, or `date`,
 * `start`/`end`, `from`/`to`) or as lines holding one date or a range (`2026-12-21`, `2026-12-21 to 2026-12-24`).
 * Dates are ISO `YYYY-MM-DD`. Rows without a valid date are reported, never guessed.
 */

import { type IsoDate, makeDate } from './calendar';
import type { Understanding } from './intents';
import { when } from './leaveViews';
import { type Plan, type PlanContext, type TurnResult, callTools, reply, resultsOf } from './planTypes';
import { summariseCreated } from './summarise';
import type { MessageAttachment } from '../types';

/** One request a file asks for. */
export interface FileBooking {
  start: IsoDate;
  end?: IsoDate;
  policy?: string;
  reason?: string;
}

/** What the attached files give: the bookings, the lines that could not be read, the files read. */
export interface FileBookings {
  bookings: FileBooking[];
  skipped: string[];
  files: string[];
}

const ISO = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

function isoDates(text: string): IsoDate[] {
  return [...text.matchAll(ISO)].flatMap((m) => makeDate(Number(m[1]), Number(m[2]), Number(m[3])) ?? []);
}

/** One CSV line split into fields (RFC 4180 quotes); a file's lines never hold line breaks we need. */
function fields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') {
      out.push(field.trim());
      field = '';
    } else field += c;
  }
  out.push(field.trim());
  return out;
}

const COLUMNS: Record<keyof FileBooking, RegExp> = {
  start: /^(?:start(?:[ _-]?date)?|from(?:[ _-]?date)?|date|day|first[ _-]?day)$/,
  end: /^(?:end(?:[ _-]?date)?|to(?:[ _-]?date)?|until|last[ _-]?day)$/,
  policy: /^(?:policy|type|leave[ _-]?type|kind)$/,
  reason: /^(?:reason|comment|note|notes|description)$/,
};

/** The column index of each known field, when the first line is a header naming at least a start column. */
function headerOf(line: string): Partial<Record<keyof FileBooking, number>> | undefined {
  const names = fields(line).map((f) => f.toLowerCase());
  if (isoDates(line).length > 0) return undefined;
  const header: Partial<Record<keyof FileBooking, number>> = {};
  for (const key of Object.keys(COLUMNS) as (keyof FileBooking)[]) {
    const index = names.findIndex((name) => COLUMNS[key].test(name));
    if (index >= 0) header[key] = index;
  }
  return header.start === undefined ? undefined : header;
}

function fromRow(cells: string[], header: Partial<Record<keyof FileBooking, number>>): FileBooking | undefined {
  const cell = (key: keyof FileBooking) => (header[key] === undefined ? '' : (cells[header[key]] ?? ''));
  const [start] = isoDates(cell('start'));
  if (!start) return undefined;
  const [end] = isoDates(cell('end'));
  if (end !== undefined && end < start) return undefined;
  const booking: FileBooking = { start };
  if (end !== undefined && end !== start) booking.end = end;
  if (cell('policy')) booking.policy = cell('policy');
  if (cell('reason')) booking.reason = cell('reason').slice(0, 200);
  return booking;
}

function fromLine(line: string): FileBooking | undefined {
  const [start, end] = isoDates(line);
  if (!start || (end !== undefined && end < start)) return undefined;
  return end !== undefined && end !== start ? { start, end } : { start };
}

/** The bookings of one file's text. */
export function bookingsOfText(text: string): { bookings: FileBooking[]; skipped: string[] } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const header = lines.length > 0 ? headerOf(lines[0]!) : undefined;
  const rows = header ? lines.slice(1) : lines;
  const bookings: FileBooking[] = [];
  const skipped: string[] = [];
  for (const line of rows) {
    const booking = header ? fromRow(fields(line), header) : fromLine(line);
    if (booking) bookings.push(booking);
    else skipped.push(line.slice(0, 80));
  }
  return { bookings, skipped };
}

/** The bookings of the files attached to a message: those with text (CSV, plain text). */
export function fileBookingsOf(attachments: readonly MessageAttachment[] | undefined): FileBookings | undefined {
  const readable = (attachments ?? []).filter((a) => a.text !== undefined && a.contentType !== 'application/json');
  if (readable.length === 0) return undefined;
  const all: FileBookings = { bookings: [], skipped: [], files: readable.map((a) => a.filename) };
  for (const file of readable) {
    const { bookings, skipped } = bookingsOfText(file.text!);
    all.bookings.push(...bookings);
    all.skipped.push(...skipped);
  }
  return all;
}

/** A booking request with files attached reads its days from them (the message names none itself). */
export function withAttachedFiles(
  u: Understanding,
  attachments: readonly MessageAttachment[] | undefined,
): Understanding {
  if (u.intent !== 'book') return u;
  const file = fileBookingsOf(attachments);
  return file ? { ...u, file } : u;
}

function argumentsOf(booking: FileBooking, defaultPolicy: string | undefined): Record<string, unknown> {
  const args: Record<string, unknown> = { start_date: booking.start };
  if (booking.end !== undefined) args.end_date = booking.end;
  const policy = booking.policy ?? defaultPolicy;
  if (policy !== undefined) args.policy = policy;
  if (booking.reason !== undefined) args.reason = booking.reason;
  return args;
}

/**
 * Plans the bookings of the attached files: one create_leave_request per row (each waits for approval), or, once
 * they ran, the reply saying what happened; a file without a readable date gets a reply saying so.
 */
export function planFileBooking(
  file: FileBookings,
  defaultPolicy: string | undefined,
  results: TurnResult[],
  ctx: PlanContext,
): Plan {
  const created = resultsOf(results, 'create_leave_request');
  if (created.length > 0) return reply(summariseCreated(created));
  const names = file.files.join(', ');
  if (file.bookings.length === 0) {
    return reply(
      `I couldn't find any dates in ${names}. Put one request per line: a date (2026-12-21), a range ` +
        '(2026-12-21 to 2026-12-24), or columns start_date,end_date[,policy,reason].',
    );
  }
  const count = file.bookings.length;
  const listed = file.bookings.map((b) => `${b.policy ?? defaultPolicy ?? 'leave'} ${when(b.start, b.end)}`);
  const skipped = file.skipped.length
    ? ` I skipped ${file.skipped.length} line${file.skipped.length === 1 ? '' : 's'} without a valid date: ${file.skipped.map((l) => `"${l}"`).join(', ')}.`
    : '';
  return callTools(
    ctx,
    file.bookings.map((b) => ({ tool: 'create_leave_request', arguments: argumentsOf(b, defaultPolicy) })),
    `From ${names}, I'll request ${count} leave period${count === 1 ? '' : 's'}: ${listed.join('; ')}.${skipped}`,
  );
}
