import { Conversation, WED } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';

/**
 * Who is in a place (peopleByPlace.ts): a question about other people, never a request to work there oneself. With a
 * day or "working from", the approved work from anywhere requests there; else an office, which the directory does not
 * record, so an honest reply. "Who works in Lisbon" asked which days the user would work from Lisbon, and "who works
 * in Lisbon today" asked to work from there.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS, 'list_people', 'list_locations']);
const chat = () => new Conversation(TOOLS, { name: 'Alice Martin', role: 'EMPLOYEE' }, WED);

describe('who is in a place', () => {
  it.each(['who works in lisbon', 'who is based in Berlin?', "who's in the paris office", 'employees in portugal'])(
    '"%s" says the directory records no place of work, and calls nothing',
    (text) => {
      const step = chat().say(text);
      expect(step).toMatchObject({ type: 'reply' });
      expect(step.type === 'reply' && step.text).toContain("doesn't record where each person works");
    },
  );

  it.each([
    ['who works in lisbon today', { date: WED }],
    ['who is working from lisbon', { date: WED }],
    ['who is in lisbon next week', { from: '2026-11-30', to: '2026-12-06' }],
  ])('"%s" reads who works from there (%o), never asks to work there', (text, args) => {
    expect(chat().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_people_abroad', arguments: args }],
    });
  });

  it('tells only those working from the place asked', () => {
    const c = chat();
    c.say('who is working from lisbon');
    const request = (employeeName: string, city: string, country: string) => ({
      employeeName,
      city,
      country,
      startDate: WED,
      endDate: WED,
      days: 1,
      status: 'APPROVED',
    });
    const step = c.answer({
      ok: true,
      result: { date: WED, requests: [request('Bob Brown', 'Lisbon', 'PT'), request('Carol Chen', 'Berlin', 'DE')] },
    });
    expect(step.type === 'reply' && step.text).toContain('Bob Brown');
    expect(step.type === 'reply' && step.text).not.toContain('Carol Chen');
  });

  it('still asks to work from a place when the user says they will', () => {
    expect(chat().say('I want to work from lisbon next week')).toMatchObject({
      calls: [{ tool: 'create_work_from_anywhere_request', arguments: { city: 'Lisbon', country: 'PT' } }],
    });
  });

  it('still reads a department\'s members: "who works in engineering"', () => {
    expect(chat().say('who works in engineering')).toMatchObject({ calls: [{ tool: 'list_people' }] });
  });
});
