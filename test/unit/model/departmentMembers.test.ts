import { Conversation } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';

/**
 * "Who works in engineering" lists the department's members from list_people (departmentMembers.ts), where "works
 * in" asked which country Engineering is in, to work from abroad.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS, 'list_people']);
const person = (n: number, name: string, department: string) => ({
  id: `3f2b6a1e-6c1d-4c8e-9a55-0b7e4a1d2c0${n}`,
  name,
  jobTitle: 'Engineer',
  department,
  status: 'active',
});
const PEOPLE = {
  people: [person(1, 'Bob Brown', 'Engineering'), person(2, 'Carol Chen', 'Design')],
  nextCursor: null,
};
const chat = () => new Conversation(TOOLS, { name: 'Marcus Miller', role: 'MANAGER' });

describe("a department's members", () => {
  it.each(['who works in engineering', "who's in the engineering department", 'people in engineering'])(
    '"%s" reads the people and names those of Engineering',
    (text) => {
      const c = chat();
      expect(c.say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'list_people' }] });
      const done = c.answer({ ok: true, result: PEOPLE });
      expect(done).toMatchObject({ type: 'reply' });
      expect(done.type === 'reply' && done.text).toContain('Bob Brown');
      expect(done.type === 'reply' && done.text).not.toContain('Carol Chen');
    },
  );

  it('leaves a city to the work-from-abroad rules', () => {
    const step = chat().say('who works in lisbon');
    expect(step.type === 'tool_calls' && step.calls.some((call) => call.tool === 'list_people')).toBe(false);
  });
});
