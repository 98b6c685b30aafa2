import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

/**
 * A colleague's phone number or email is read from their person record (contactDetails.ts): list_people finds them,
 * get_person reads it. "Phone" drew the classifier to the inventory holdings.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, 'list_people', 'get_person', 'list_inventory_holdings']);
const BOB = '3f2b6a1e-6c1d-4c8e-9a55-0b7e4a1d2c02';
const PEOPLE = {
  people: [
    { id: BOB, name: 'Bob Brown', jobTitle: 'Engineer', department: 'Engineering', status: 'active' },
    {
      id: '3f2b6a1e-6c1d-4c8e-9a55-0b7e4a1d2c01',
      name: 'Carol Chen',
      jobTitle: 'Designer',
      department: 'Design',
      status: 'active',
    },
  ],
  nextCursor: null,
};
const chat = (role = 'MANAGER') => new Conversation(TOOLS, { name: 'Marcus Miller', role });

describe("a colleague's contact details", () => {
  it.each(["bob brown's phone number", 'what is the phone number for bob brown?', "what's bob's email"])(
    '"%s" finds Bob, then reads his record',
    (text) => {
      const c = chat();
      expect(c.say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'list_people' }] });
      expect(c.answer({ ok: true, result: PEOPLE })).toMatchObject({
        type: 'tool_calls',
        calls: [{ tool: 'get_person', arguments: { id: BOB } }],
      });
      const done = c.answer({
        ok: true,
        result: { id: BOB, name: 'Bob Brown', phone: '+33 1 23 45 67 89', email: 'bob@example.com' },
      });
      expect(done).toMatchObject({ type: 'reply' });
      expect(done.type === 'reply' && done.text).toMatch(/\+33 1 23 45 67 89|bob@example\.com/);
    },
  );

  it('leaves an employee’s request to the refusals', () => {
    expect(chat('EMPLOYEE').say("bob brown's phone number")).toMatchObject({ type: 'reply' });
  });
});
