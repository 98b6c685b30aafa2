import { NOT_RUN, withUnansweredCallsClosed } from '../../../../engines/agent/unansweredCalls';
import type { AgentMessage } from '../../../../model/types';

const booking: AgentMessage = {
  role: 'assistant_tool_calls',
  calls: [
    { id: 'call_1_0', tool: 'create_leave_request', arguments: { start_date: '2027-03-01' } },
    { id: 'call_1_1', tool: 'create_leave_request', arguments: { start_date: '2027-03-03' } },
  ],
};

describe('calls an earlier run left without results', () => {
  it('read as not run before the next user message, each call answered once', () => {
    const messages: AgentMessage[] = [
      { role: 'user', text: 'book 1 and 3 March' },
      booking,
      { role: 'tool', toolCallId: 'call_1_0', tool: 'create_leave_request', ok: true, result: { data: { id: 'x' } } },
      { role: 'user', text: 'what about my balance?' },
    ];
    expect(withUnansweredCallsClosed(messages)).toEqual([
      messages[0],
      booking,
      messages[2],
      { role: 'tool', toolCallId: 'call_1_1', tool: 'create_leave_request', ok: false, result: NOT_RUN },
      messages[3],
    ]);
  });

  it('leaves the calls of the current turn open: their results may still come', () => {
    const messages: AgentMessage[] = [{ role: 'user', text: 'book 1 and 3 March' }, booking];
    expect(withUnansweredCallsClosed(messages)).toEqual(messages);
  });

  it('changes nothing in a conversation whose calls all have results', () => {
    const messages: AgentMessage[] = [
      { role: 'user', text: 'book 1 and 3 March' },
      booking,
      { role: 'tool', toolCallId: 'call_1_1', tool: 'create_leave_request', ok: true, result: {} },
      { role: 'tool', toolCallId: 'call_1_0', tool: 'create_leave_request', ok: true, result: {} },
      { role: 'assistant', text: 'Done.' },
      { role: 'user', text: 'thanks' },
    ];
    expect(withUnansweredCallsClosed(messages)).toEqual(messages);
  });
});
