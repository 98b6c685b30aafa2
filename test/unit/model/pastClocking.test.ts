import { Conversation, WED } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';

/**
 * Clock words about a time other than now (pastClocking.ts) never run the live clock: a correction or another day
 * reads that day's entries and says how a past time is changed; a time of day alone says the clock takes none. Each
 * of these clocked the user in or out at once.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS, 'list_time_entries']);
const chat = () => new Conversation(TOOLS, { name: 'Alice Martin', role: 'EMPLOYEE' }, WED);

describe('clocking at another time than now', () => {
  it.each([
    ['correct my clock out yesterday to 18:00', '2026-11-24'],
    ['fix my clock-out time yesterday, I left at 6pm', '2026-11-24'],
    ['change my clock in time today to 8:30', WED],
    ['my clock out yesterday should be 17:30', '2026-11-24'],
  ])('"%s" reads the entries of %s, never the clock', (text, day) => {
    const c = chat();
    expect(c.say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_time_entries', arguments: { from: day, to: day } }],
    });
    const step = c.answer({ ok: true, result: { entries: [], nextCursor: null } });
    expect(step.type === 'reply' && step.text).toContain('time correction');
  });

  it.each([
    ['what time did I clock in today', WED],
    ['did I clock out yesterday', '2026-11-24'],
  ])('"%s" reads the entries of %s (it clocked in or out)', (text, day) => {
    expect(chat().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_time_entries', arguments: { from: day, to: day } }],
    });
  });

  it('"clock me out at 5pm" says the clock takes no time, and calls nothing', () => {
    expect(chat().say('clock me out at 5pm')).toMatchObject({ type: 'reply' });
  });

  it.each([
    ['clock me out', 'clock_out'],
    ['clock in', 'clock_in'],
    ["I'm starting my lunch break", 'start_break'],
  ])('"%s" still runs %s', (text, tool) => {
    expect(chat().say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool }] });
  });
});
