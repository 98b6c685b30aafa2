import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

/**
 * The notification preferences are read and set (notificationPreferences.ts), where any sentence about
 * notifications listed them.
 */
const TOOLS = registryTools([
  ...AGENT_OPERATIONS,
  'list_my_notifications',
  'get_notification_preferences',
  'set_notification_preference',
]);
const PREFERENCES = {
  preferences: [
    { kind: 'leave.reminder', enabled: true },
    { kind: 'leave.decided', enabled: true },
    { kind: 'expense.decided', enabled: true },
  ],
};
const chat = () => new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' });

describe('the notification preferences', () => {
  it('"notification settings" reads them', () => {
    expect(chat().say('notification settings')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'get_notification_preferences', arguments: {} }],
    });
  });

  it('"stop emailing me about expenses" turns expense.decided off (it read the leave approvals)', () => {
    const c = chat();
    expect(c.say('stop emailing me about expenses')).toMatchObject({
      calls: [{ tool: 'get_notification_preferences' }],
    });
    expect(c.answer({ ok: true, result: PREFERENCES })).toMatchObject({
      calls: [{ tool: 'set_notification_preference', arguments: { kind: 'expense.decided', enabled: false } }],
    });
  });

  it('"turn off leave reminder notifications" reads them, then turns leave.reminder off', () => {
    const c = chat();
    expect(c.say('turn off leave reminder notifications')).toMatchObject({
      calls: [{ tool: 'get_notification_preferences' }],
    });
    expect(c.answer({ ok: true, result: PREFERENCES })).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'set_notification_preference', arguments: { kind: 'leave.reminder', enabled: false } }],
    });
  });

  it('asks which kind when the words name several', () => {
    const c = chat();
    c.say('turn off leave notifications');
    const step = c.answer({ ok: true, result: PREFERENCES });
    expect(step.type === 'tool_calls').toBe(false);
  });

  it('"any unread notifications?" still lists them', () => {
    expect(chat().say('any unread notifications?')).toMatchObject({ calls: [{ tool: 'list_my_notifications' }] });
  });
});
