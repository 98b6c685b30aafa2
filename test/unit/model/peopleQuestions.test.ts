import type { ModelStep } from '../../../model/types';
import { AGENT_OPERATIONS, registryErrors, registryTools } from './catalogue';
import { Conversation, failed, ok } from './conversation';

/**
 * The built-in model on the company API's everyday people questions (issue 18, item 7): who my manager is, who is
 * in a team, my notifications. Expected steps and replies written from docs/model.md, with the registry's own
 * validation of every planned call. The user is Alice Martin, as in the other model tests.
 */
const COMPANY_READS = ['list_people', 'list_teams', 'get_team', 'list_my_notifications'];
const tools = () => registryTools([...AGENT_OPERATIONS, ...COMPANY_READS]);
const DESIGN = '44444444-4444-4444-8444-444444444444';

function planned(step: ModelStep): { tool: string; arguments: Record<string, unknown> } {
  if (step.type !== 'tool_calls') throw new Error(`expected tool calls, got ${JSON.stringify(step)}`);
  const [call] = step.calls;
  expect(registryErrors(call!)).toEqual([]);
  return { tool: call!.tool, arguments: call!.arguments };
}

describe('who is my manager', () => {
  it.each(['who is my manager?', "Who's my boss", 'who do I report to'])(
    '"%s" reads the people, then names the manager',
    (text) => {
      const chat = new Conversation(tools());
      expect(planned(chat.say(text))).toEqual({ tool: 'list_people', arguments: { limit: 200 } });
      const people = [
        { name: 'Alice Martin', manager: 'Marcus Miller' },
        { name: 'Bob Stone', manager: 'Alice Martin' },
      ];
      expect(chat.answer(ok({ people, nextCursor: null }))).toEqual({
        type: 'reply',
        text: 'Your manager is Marcus Miller.',
      });
    },
  );

  it('says so when there is none, and when the read failed', () => {
    const chat = new Conversation(tools());
    chat.say('who is my manager');
    expect(chat.answer(ok({ people: [{ name: 'Alice Martin', manager: null }], nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'You have no manager on record.',
    });
    const failing = new Conversation(tools());
    failing.say('who is my manager');
    expect(failing.answer(failed('forbidden', 'This credential lacks the scope people:read'))).toEqual({
      type: 'reply',
      text: "I couldn't look up your manager: This credential lacks the scope people:read.",
    });
  });

  it('refuses politely when the run may not read people', () => {
    const chat = new Conversation(registryTools(AGENT_OPERATIONS));
    expect(chat.say('who is my manager?')).toEqual({
      type: 'reply',
      text: "Sorry, I can't look up your manager here: the token of this session lacks the people:read scope (reading people). A token with people:read would let me.",
    });
  });
});

describe('who is in a team', () => {
  it('finds the team by name, reads its members, and says how many it may not show', () => {
    const chat = new Conversation(tools());
    expect(planned(chat.say('Who is in the design team?'))).toEqual({
      tool: 'list_teams',
      arguments: { name: 'design' },
    });
    const teams = [{ id: DESIGN, name: 'Design', memberCount: 5 }];
    expect(planned(chat.answer(ok({ teams, nextCursor: null })))).toEqual({
      tool: 'get_team',
      arguments: { id: DESIGN },
    });
    const team = { id: DESIGN, name: 'Design', memberCount: 5 };
    const members = ['Dana Diaz', 'Eli Eng', 'Fay Fox'].map((name) => ({ name }));
    expect(chat.answer(ok({ team, members }))).toEqual({
      type: 'reply',
      text: 'The Design team: Dana Diaz, Eli Eng and Fay Fox. (2 more you may not see.)',
    });
  });

  it('keeps the words of a longer team name, and says when none or several match', () => {
    const none = new Conversation(tools());
    expect(planned(none.say('members of the People Ops team'))).toEqual({
      tool: 'list_teams',
      arguments: { name: 'People Ops' },
    });
    expect(none.answer(ok({ teams: [], nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'I found no team called People Ops.',
    });
    const several = new Conversation(tools());
    several.say('who is on the sales team');
    const teams = [
      { id: DESIGN, name: 'Enterprise Sales', memberCount: 5 },
      { id: '55555555-5555-4555-8555-555555555555', name: 'SMB Sales', memberCount: 5 },
    ];
    expect(several.answer(ok({ teams, nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'Several teams match "sales": Enterprise Sales and SMB Sales. Which one did you mean?',
    });
  });

  it('leaves "my team" to the leave lists it always meant', () => {
    const chat = new Conversation(tools());
    expect(planned(chat.say("show my team's requests")).tool).toBe('list_leave_requests');
  });
});

describe('my notifications', () => {
  it('reads the latest ten and says how many are unread', () => {
    const chat = new Conversation(tools());
    expect(planned(chat.say('show my notifications'))).toEqual({
      tool: 'list_my_notifications',
      arguments: { limit: 10 },
    });
    const notifications = [
      { title: 'Your leave was approved', readAt: null },
      { title: 'Bob Stone now reports to you', readAt: '2026-11-20T10:00:00.000Z' },
    ];
    expect(chat.answer(ok({ notifications, unreadCount: 1, nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'You have 1 unread notification. The latest:\n- (new) Your leave was approved\n- Bob Stone now reports to you',
    });
  });

  it('lists the new capabilities in its help only when the run has their tools', () => {
    const withThem = new Conversation(tools()).say('help');
    expect(withThem).toMatchObject({ type: 'reply' });
    expect((withThem as { text: string }).text).toContain('tell you who your manager is');
    const without = new Conversation(registryTools(AGENT_OPERATIONS)).say('help');
    expect((without as { text: string }).text).not.toContain('manager');
  });
});
