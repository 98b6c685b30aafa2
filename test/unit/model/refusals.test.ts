import { findOperation } from '../../../operations';
import { TOOL_SCOPES } from '../../../model/builtin/toolScopes';
import { registryTools } from './catalogue';
import { Conversation } from './conversation';

/**
 * A refusal says the true reason a request cannot be done here (issue 22, item 1): the scope the session's token
 * lacks, named with what would fix it; or, when the token holds that scope, that this session does not offer it.
 * Never "your access doesn't include" when the access is not what is missing.
 */
describe('the built-in model refusing', () => {
  it('knows the scope of each tool as the registry does', () => {
    for (const [tool, scope] of Object.entries(TOOL_SCOPES)) {
      expect([tool, findOperation(tool)?.access]).toEqual([tool, scope]);
    }
  });

  it('names the missing scope and the token that would fix it', () => {
    const chat = new Conversation(registryTools(['get_me']));
    expect(chat.say('How many days of annual leave do I have left?')).toEqual({
      type: 'reply',
      text:
        "Sorry, I can't show your balances here: the token of this session lacks the leave:read scope " +
        '(reading leave balances). A token with leave:read would let me.',
    });
  });

  it('says a request is not supported here when the token holds the scope but the tool is not offered', () => {
    // list_leave_requests shows leave:read is held: the balances are simply not offered in this session.
    const chat = new Conversation(registryTools(['get_me', 'list_leave_requests', 'create_leave_request']));
    const step = chat.say('How many days of annual leave do I have left?');
    expect(step).toEqual({
      type: 'reply',
      text: "Sorry, I can't show your balances: reading leave balances is not supported in this session.",
    });
  });
});
