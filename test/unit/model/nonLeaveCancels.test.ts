import { Conversation } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';

/**
 * Cancelling a request that is no leave (nonLeaveCancels.ts) reads that kind of request, then cancels the user's one:
 * these read the leave requests, the next step of which cancels leave.
 */
const TOOLS = registryTools([
  ...AGENT_OPERATIONS,
  ...COMPANY_OPERATIONS,
  'list_time_corrections',
  'cancel_time_correction',
  'list_work_from_anywhere_requests',
  'cancel_work_from_anywhere_request',
]);
const ID = '3f2b6a1e-6c1d-4c8e-9a55-0b7e4a1d2c01';
const chat = () => new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' });

describe('cancelling a request that is no leave', () => {
  it.each([
    ['cancel my time correction', 'list_time_corrections', 'cancel_time_correction', 'corrections'],
    [
      'cancel my work from anywhere request',
      'list_work_from_anywhere_requests',
      'cancel_work_from_anywhere_request',
      'requests',
    ],
  ])('"%s" reads %s, then %s of my one request', (text, list, cancel, key) => {
    const c = chat();
    expect(c.say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool: list }] });
    const item = { id: ID, employeeName: 'Alice Anders', status: 'PENDING', startedAt: '2026-11-20T08:00:00.000Z' };
    expect(c.answer({ ok: true, result: { [key]: [item], nextCursor: null } })).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: cancel, arguments: { id: ID } }],
    });
  });

  it('"cancel my signature request" says no tool cancels one, and calls nothing', () => {
    expect(chat().say('cancel my signature request')).toMatchObject({ type: 'reply' });
  });

  it('"cancel my leave" still reads the leave requests', () => {
    expect(chat().say('cancel my leave')).toMatchObject({ calls: [{ tool: 'list_leave_requests' }] });
  });
});
