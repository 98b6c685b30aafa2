import type { AgentMessage } from '../types';

/**
 * The text of the user's last message when it is a new request, or undefined when there is none or it answers the
 * model's question (a question's answer belongs to the plan that asked it). The rules that plan one kind of request
 * from scratch (markAllRead, areaReports, payslipYear, ...) start here.
 */
export function newRequestText(messages: readonly AgentMessage[]): string | undefined {
  const last = messages.findLastIndex((m) => m.role === 'user');
  const said = messages[last];
  if (said?.role !== 'user' || messages[last - 1]?.role === 'question') return undefined;
  return said.text;
}
