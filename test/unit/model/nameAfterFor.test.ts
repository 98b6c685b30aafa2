import { Conversation, ok } from './conversation';
import { AGENT_OPERATIONS, registryErrors, registryTools } from './catalogue';
import type { ModelStep } from '../../../model/types';

/**
 * A lowercase word after "for" in a booking that is no reason and has a name's shape ("book leave for zoltan on
 * friday") is a colleague to look up (nameShapedWords.ts), never the reason of the user's own leave; words that are
 * reasons stay reasons. Today is Monday 23 November 2026.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, 'list_people', 'create_company_leave_request']);
const ZOLTAN = '55555555-5555-4555-8555-555555555555';
const PEOPLE = ok({
  people: [{ id: ZOLTAN, name: 'Zoltan Kovacs', jobTitle: 'Engineer', department: 'Eng', status: 'active' }],
  nextCursor: null,
});

const manager = () => new Conversation(TOOLS, { name: 'Marcus Miller', role: 'MANAGER' });
const employee = () => new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' });

function tools(step: ModelStep): string[] {
  return step.type === 'tool_calls' ? step.calls.map((call) => call.tool) : [step.type];
}

describe('a name after "for" that firstNames.ts does not list', () => {
  it.each([
    'book leave for zoltan on friday',
    'for zoltan: monday off next week',
    'request leave for kwame tomorrow',
    'book leave for siobhan kelly on monday',
  ])('looks the person up for "%s"', (text) => {
    expect(tools(manager().say(text))).toEqual(['list_people']);
  });

  it('books for the person found, without their name as a reason', () => {
    const chat = manager();
    chat.say('book leave for zoltan on friday');
    const step = chat.answer(PEOPLE);
    if (step.type !== 'tool_calls') throw new Error(JSON.stringify(step));
    expect(step.calls).toHaveLength(1);
    expect(registryErrors(step.calls[0]!)).toEqual([]);
    expect(step.calls[0]!.arguments).toEqual({ employeeId: ZOLTAN, startDate: '2026-11-27' });
  });

  it('never books the user’s own leave with the name as the reason', () => {
    expect(employee().say('book leave for zoltan on friday')).toMatchObject({
      type: 'reply',
      text: expect.stringContaining("can't request leave for zoltan"),
    });
  });

  it.each([
    ['book friday off for surgery', 'surgery'],
    ['book friday off for chemo', 'chemo'],
    ['book friday off for relocation', 'relocation'],
    ['book friday off for renovations', 'renovations'],
    ['book friday off for builders', 'builders'],
    ['take friday off for groceries', 'groceries'],
    ['book friday off for eye test', 'eye test'],
    ['book leave for ramadan on friday', 'ramadan'],
    ['book friday off for snowboarding', 'snowboarding'],
  ])('keeps "%s" a booking of the user’s own, with its reason', (text, reason) => {
    expect(employee().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27', reason } }],
    });
  });
});
