import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const manager = () =>
  new Conversation(
    registryTools([...AGENT_OPERATIONS, 'list_people', 'get_employee_leave_balances', 'list_company_leave_requests']),
    { name: 'Marcus Miller', role: 'MANAGER' },
    TODAY,
  );

describe('a lowercase name after "what\'s" is still the person asked about', () => {
  it.each(["what's bob's balance", "what's carol's leave next week"])(
    'looks the person of "%s" up, never reads the user\'s own',
    (text) => {
      expect(manager().say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'list_people' }] });
    },
  );

  it("still books one's own leave for a friend's occasion", () => {
    expect(manager().say("it's my best mate's wedding on friday, need the day off")).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27' } }],
    });
  });
});
