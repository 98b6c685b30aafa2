import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

/**
 * "Mark all notifications as read" is the write mark_all_notifications_read (markAllRead.ts), where it only listed
 * the notifications.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, 'list_my_notifications', 'mark_all_notifications_read']);
const chat = () => new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' });

describe('marking every notification read', () => {
  it.each(['mark all notifications as read', 'mark all my notifications read', 'Mark everything as read'])(
    '"%s" marks them all read',
    (text) => {
      expect(chat().say(text)).toMatchObject({
        type: 'tool_calls',
        calls: [{ tool: 'mark_all_notifications_read', arguments: {} }],
      });
    },
  );

  it('says it is done once the write ran', () => {
    const c = chat();
    c.say('mark all notifications as read');
    expect(c.answer({ ok: true, result: { marked: 3 } })).toMatchObject({ type: 'reply' });
  });

  it('still lists them when asked to see them', () => {
    expect(chat().say('any unread notifications?')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_my_notifications' }],
    });
  });
});
