import { Conversation } from './conversation';
import type { ModelStep } from '../../../model/types';

// Monday 23 November 2026 is today (the Conversation's day).
function say(text: string): ModelStep {
  return new Conversation(undefined, { name: 'Alice Anders', role: 'EMPLOYEE' }).say(text);
}

function booked(step: ModelStep): [unknown, unknown][] {
  if (step.type !== 'tool_calls') throw new Error(`expected a booking, got ${JSON.stringify(step)}`);
  return step.calls.map((call) => {
    expect(call.tool).toBe('create_leave_request');
    return [call.arguments.start_date, call.arguments.end_date ?? call.arguments.start_date];
  });
}

describe('the built-in model on days taken out of a stretch', () => {
  it.each([
    ['next week except friday', [['2026-11-30', '2026-12-03']]],
    ['whole of next week except friday off', [['2026-11-30', '2026-12-03']]],
    ['all next week but friday', [['2026-11-30', '2026-12-03']]],
    ['next week but not monday please', [['2026-12-01', '2026-12-04']]],
    [
      'book next week apart from wednesday',
      [
        ['2026-11-30', '2026-12-01'],
        ['2026-12-03', '2026-12-04'],
      ],
    ],
    ['the week of 14 december except the monday', [['2026-12-15', '2026-12-18']]],
    [
      '21 december to 1 january but not the 25th',
      [
        ['2026-12-21', '2026-12-24'],
        ['2026-12-28', '2027-01-01'],
      ],
    ],
  ])('books "%s" without the days it takes out', (text, ranges) => {
    expect(booked(say(text))).toEqual(ranges);
  });

  it.each([
    // A day that is not in the stretch, or that leaves nothing to book: which days, then?
    'next week except the 14th',
    'friday but not monday',
  ])('asks about "%s"', (text) => {
    expect(say(text)).toMatchObject({ type: 'question' });
  });
});
