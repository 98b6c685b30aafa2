import { Conversation } from './conversation';
import type { ModelStep } from '../../../model/types';

// Monday 23 November 2026 is today (the Conversation's day).
function say(text: string): ModelStep {
  return new Conversation(undefined, { name: 'Alice Anders', role: 'EMPLOYEE' }).say(text);
}

function booked(step: ModelStep): { start_date?: unknown; end_date?: unknown }[] {
  if (step.type !== 'tool_calls') throw new Error(`expected a booking, got ${JSON.stringify(step)}`);
  return step.calls.map((call) => {
    expect(call.tool).toBe('create_leave_request');
    return { start_date: call.arguments.start_date, end_date: call.arguments.end_date ?? call.arguments.start_date };
  });
}

describe('the built-in model on days said against another day', () => {
  it.each([
    ['book the Friday before Christmas', '2026-12-18', '2026-12-18'],
    ['the Monday after 7 December off', '2026-12-14', '2026-12-14'],
    ['the day before Christmas Eve', '2026-12-23', '2026-12-23'],
    ['book the 2 days before Christmas', '2026-12-23', '2026-12-24'],
    ['Friday week off please', '2026-12-04', '2026-12-04'],
    ['a week on Monday off', '2026-12-07', '2026-12-07'],
    ['monday and tuesday after christmas', '2026-12-28', '2026-12-29'],
    ['thursday and friday before christmas off', '2026-12-17', '2026-12-18'],
    ['a week on friday', '2026-12-04', '2026-12-04'],
    ['off the Monday after next', '2026-12-07', '2026-12-07'],
  ])('books "%s" as %s to %s, one request', (text, start, end) => {
    expect(booked(say(text))).toEqual([{ start_date: start, end_date: end }]);
  });

  it.each([
    ['Tuesday to Friday the week of 14 December', [['2026-12-15', '2026-12-18']]],
    ['wednesday of the week of 14 december', [['2026-12-16', '2026-12-16']]],
    ['Thursday the week of 4 Jan', [['2027-01-07', '2027-01-07']]],
    ['Monday to Wednesday in the week of the 14th of December', [['2026-12-14', '2026-12-16']]],
    ['Tue-Thu the week of 14/12', [['2026-12-15', '2026-12-17']]],
    [
      'the Monday and Friday of the week of 14 December',
      [
        ['2026-12-14', '2026-12-14'],
        ['2026-12-18', '2026-12-18'],
      ],
    ],
  ])('books "%s" as those weekdays of that week, not the coming ones beside the whole week', (text, ranges) => {
    expect(booked(say(text))).toEqual(ranges.map(([start, end]) => ({ start_date: start, end_date: end })));
  });

  it('asks about weekdays of a week written backwards ("Friday to Monday the week of 14 December")', () => {
    expect(say('Friday to Monday the week of 14 December')).toMatchObject({ type: 'question' });
  });

  it('offers both readings of "the Friday after next" when they differ', () => {
    const step = say('the Friday after next off');
    expect(step).toMatchObject({ type: 'question', text: expect.stringMatching(/Fri 4 Dec.*Fri 11 Dec/) });
  });

  it.each(['the weekend before Christmas off', '3 days after Christmas off'])('asks about "%s"', (text) => {
    expect(say(text)).toMatchObject({ type: 'question' });
  });
});
