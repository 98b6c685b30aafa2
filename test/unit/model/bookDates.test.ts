import { builtinStep } from '../../../model/builtin/builtinModel';
import type { ModelStep } from '../../../model/types';
import { registryTools } from './catalogue';

/** What a booking's dates become once chrono-node and the refiners have read them: a booking, or a question. */
function step(text: string, today = '2026-11-23'): ModelStep {
  return builtinStep({
    messages: [{ role: 'user', text }],
    tools: registryTools(),
    today,
    timeZone: 'Europe/Paris',
    user: { name: 'Alice Martin', role: 'EMPLOYEE' },
  });
}

function booked(step: ModelStep): unknown[] {
  return step.type === 'tool_calls' ? step.calls.map((call) => call.arguments) : [];
}

describe('booking the dates people write', () => {
  it('asks which reading of a numeric date is meant when nothing in the text says', () => {
    expect(step('book 07/02 off')).toEqual({
      type: 'question',
      text: 'Do you mean Sun 7 Feb 2027 or Fri 2 Jul 2027? Which days would you like off?',
      choices: ['Sun 7 Feb 2027', 'Fri 2 Jul 2027'],
    });
  });

  it('asks when a weekday and its date disagree, naming the day', () => {
    expect(step('book Monday 4 December off')).toEqual({
      type: 'question',
      text: 'Fri 4 Dec 2026 is not a Monday. Which days would you like off?',
    });
  });

  it.each([
    ['leave Wednesday 23rd to Friday 25th June', '2027-06-16', { start_date: '2027-06-23', end_date: '2027-06-25' }],
    ['book the week of 9 December', '2026-11-23', { start_date: '2026-12-07', end_date: '2026-12-11' }],
    ['off on the 9th and 10th of May', '2026-11-23', { start_date: '2027-05-09', end_date: '2027-05-10' }],
    ['off 12/14 - 12/18', '2026-11-23', { start_date: '2026-12-14', end_date: '2026-12-18' }],
    ['two weeks off from 4 January', '2026-11-23', { start_date: '2027-01-04', end_date: '2027-01-15' }],
    ['book 20 December to 3 January 2027', '2026-11-23', { start_date: '2026-12-20', end_date: '2027-01-03' }],
  ])('books "%s" (today %s)', (text, today, args) => {
    expect(booked(step(text, today))).toEqual([args]);
  });
});
