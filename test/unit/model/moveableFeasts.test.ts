import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: the coming Friday is the 27th, Easter 2027 is 28 March.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('days named after Easter', () => {
  it.each(['good friday off', 'easter monday off', 'whit monday off please'])(
    'asks which days "%s" means, never books the coming weekday',
    (text) => {
      expect(alice().say(text)).toMatchObject({ type: 'question' });
    },
  );

  it('still books a plain Friday', () => {
    expect(alice().say('off friday')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-11-27' } }],
    });
  });
});
