import { Conversation } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: Thursday is the 26th, the 4th is Friday 4 December.
const TODAY = '2026-11-23';
const tools = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS]);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('days said with only "is it free?" or "I am back then"', () => {
  it.each([
    ['is december 4th free?', 'on Fri 4 Dec 2026'],
    ['is the 4th of december free?', 'on Fri 4 Dec 2026'],
    ['is friday still available for me?', 'on Fri 27 Nov 2026'],
  ])('offers the day of "%s" as leave to request, never books it at once', (text, read) => {
    const step = alice().say(text);
    expect(step).toMatchObject({ type: 'question', choices: ['Yes', 'No'] });
    expect(step.type === 'question' && step.text).toContain(read);
  });

  it.each([
    ["I'm back thursday", 'from Mon 23 Nov to Wed 25 Nov 2026'],
    ["I'll be back thursday", 'from Mon 23 Nov to Wed 25 Nov 2026'],
    ['back on thursday', 'from Mon 23 Nov to Wed 25 Nov 2026'],
  ])('offers leave up to the day before the return of "%s", never ends a break', (text, read) => {
    const step = alice().say(text);
    expect(step).toMatchObject({ type: 'question', choices: ['Yes', 'No'] });
    expect(step.type === 'question' && step.text).toContain(read);
  });

  it('books the days offered once the person says yes', () => {
    const free = alice();
    free.say('is december 4th free?');
    expect(free.say('yes')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-04' } }],
    });
    const back = alice();
    back.say("I'm back thursday");
    expect(back.say('yes')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-23', end_date: '2026-11-25' } }],
    });
  });

  it.each([
    ['back from lunch', 'end_break'],
    ['off sick, back on friday', 'create_leave_request'],
  ])('leaves "%s" as it was', (text, tool) => {
    expect(alice().say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool }] });
  });
});
