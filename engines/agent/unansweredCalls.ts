import type { AgentMessage } from '../../model/types';

/** The result the model reads for a tool call that never ran. */
export const NOT_RUN = {
  error: {
    code: 'not_run',
    message: 'Not run: the run ended (cancelled, failed or expired) before this call was decided or executed',
  },
} as const;

/**
 * A thread's conversation with every tool call of an earlier turn answered. A run cancelled while its actions waited
 * for approval leaves `assistant_tool_calls` with no `tool` results; a later run in the same thread would show the
 * model calls without results, which providers refuse (every call needs its result) and which the built-in model
 * would read as still pending. Before each later user message, the calls left unanswered get a failed result saying
 * they did not run. Calls of the current turn (after the last user message) are left as they are: their results may
 * still come.
 */
export function withUnansweredCallsClosed(messages: readonly AgentMessage[]): AgentMessage[] {
  const out: AgentMessage[] = [];
  let open: { id: string; tool: string }[] = [];
  for (const message of messages) {
    if (message.role === 'user' && open.length) {
      for (const call of open)
        out.push({ role: 'tool', toolCallId: call.id, tool: call.tool, ok: false, result: NOT_RUN });
      open = [];
    }
    if (message.role === 'assistant_tool_calls') open.push(...message.calls.map((c) => ({ id: c.id, tool: c.tool })));
    if (message.role === 'tool') open = open.filter((call) => call.id !== message.toolCallId);
    out.push(message);
  }
  return out;
}
