import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('travel for work is no leave', () => {
  it.each(["I'm travelling for work on friday", 'business trip friday', 'business trip to London 7-9 dec'])(
    'asks what is wanted for "%s", never books leave',
    (text) => {
      expect(alice().say(text)).toMatchObject({ type: 'question' });
    },
  );

  it('still books leave asked for around a business trip', () => {
    expect(alice().say('take friday off after my business trip')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27' } }],
    });
  });
});
