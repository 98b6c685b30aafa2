import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryErrors, registryTools } from './catalogue';
import type { ModelStep } from '../../../model/types';

/**
 * Deciding a request that is no leave ("approve the expense claim from carol") reads the approval flows' inbox of
 * that request type and decides the approval named (approvalDecision.ts), where it read the leave inbox.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, 'list_approvals', 'approve_approval', 'reject_approval']);
const MANAGER = { name: 'Marcus Miller', role: 'MANAGER' };
const CAROL = '3f2b6a1e-6c1d-4c8e-9a55-0b7e4a1d2c01';
const BOB = '3f2b6a1e-6c1d-4c8e-9a55-0b7e4a1d2c02';
const INBOX = {
  approvals: [
    { id: BOB, requestType: 'expense_claim', summary: 'Bob Brown: Taxi, 42.50 EUR', requester: { name: 'Bob Brown' } },
    {
      id: CAROL,
      requestType: 'expense_claim',
      summary: 'Carol Chen: Hotel, 180 EUR',
      requester: { name: 'Carol Chen' },
    },
  ],
  nextCursor: null,
};

function callsOf(step: ModelStep) {
  return step.type === 'tool_calls' ? step.calls : [];
}

describe('deciding an expense claim', () => {
  it.each([
    ['approve the expense claim from carol', 'approve_approval', {}],
    ["reject carol's expense claim, reason: no receipt", 'reject_approval', { comment: 'no receipt' }],
    // A claim, said alone, is an expense claim: the leave inbox holds none.
    ['reject the claim from carol', 'reject_approval', {}],
    ["approve carol's claim", 'approve_approval', {}],
  ])('"%s" reads the expense approvals, then %s of Carol\'s', (text, tool, extra) => {
    const chat = new Conversation(TOOLS, MANAGER);
    expect(chat.say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_approvals', arguments: { requestType: 'expense_claim' } }],
    });
    const step = chat.answer({ ok: true, result: INBOX });
    expect(callsOf(step)).toMatchObject([{ tool, arguments: { id: CAROL, ...extra } }]);
    expect(callsOf(step).flatMap(registryErrors)).toEqual([]);
  });

  it('shows the pending claims when none is named', () => {
    const chat = new Conversation(TOOLS, MANAGER);
    chat.say('approve the expense claims');
    const step = chat.answer({ ok: true, result: INBOX });
    expect(step.type).toBe('reply');
    expect(step.type === 'reply' && step.text).toContain('Carol Chen');
  });

  it('leaves a leave decision to the leave inbox', () => {
    expect(new Conversation(TOOLS, MANAGER).say("approve carol's leave")).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_leave_approvals' }],
    });
  });
});
