import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026: 12/04/2026 read day first is Sunday 12 April 2026, gone by.
const TODAY = '2026-11-23';
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('a weekend that has gone by is said to be past', () => {
  it.each(['12/04/2026', 'book 12 April 2026 off'])('"%s" asks, saying the day is past', (text) => {
    const step = alice().say(text);
    expect(step.type).toBe('question');
    expect(step.type === 'question' && step.text).toMatch(/Sun 12 Apr 2026 is in the past/);
  });

  it('a coming weekend day is still only a weekend day', () => {
    const step = alice().say('book saturday off');
    expect(step.type === 'question' && step.text).toMatch(/Sat 28 Nov 2026 is a weekend day\./);
  });
});
