import type { RunView } from '../../../engines/agent/runView';
import type { LightMyRequestResponse } from 'fastify';
import { bearer } from '../../support/identity';
import type { AgentKit } from '../agent/agentKit';
import { onceEach } from '../../support/auditRows';

/** What the outbound tests share on top of the agent kit: adding servers and deciding actions as users do. */

export async function addServer(kit: AgentKit, body: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const res = await kit.call('admin', 'POST', '/api/v1/admin/mcp-servers', body);
  if (res.statusCode !== 201) throw new Error(`create_mcp_server answered ${res.statusCode}: ${res.body}`);
  return res.json<{ data: { server: { id: string; name: string } } }>().data.server;
}

export async function decide(
  kit: AgentKit,
  runId: string,
  actionId: string,
  decision: 'approve' | 'reject',
): Promise<void> {
  const res = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/actions/${actionId}/decisions`, {
    decision,
  });
  if (res.statusCode !== 200) throw new Error(`decide_agent_action answered ${res.statusCode}: ${res.body}`);
}

export const waitingForApproval = (run: RunView) => run.status === 'requires_action';
export const ended = (run: RunView) => ['completed', 'failed', 'cancelled', 'expired'].includes(run.status);

/** The run's event names, in order (from the events table the stream reads). */
export async function eventNames(kit: AgentKit, runId: string): Promise<string[]> {
  const rows = await kit.db.prisma.agentRunEvent.findMany({ where: { runId }, orderBy: { seq: 'asc' } });
  return rows.map((r) => r.event);
}

/** The thread's messages through get_agent_thread, as the user reads them. */
export async function threadMessages(
  kit: AgentKit,
  threadId: string,
): Promise<Array<{ role: string; text?: string; data?: unknown }>> {
  const res = await kit.call('alice', 'GET', `/api/v1/agent/threads/${threadId}`);
  return res.json<{ data: { messages: Array<{ role: string; text?: string; data?: unknown }> } }>().data.messages;
}

/** Audit records of outbound calls (chained or still pending). */
export async function outboundAudit(kit: AgentKit, operation: string) {
  const where = { surface: 'mcp_outbound', operation };
  const select = { id: true, userId: true, arguments: true, outcome: true, errorCode: true, runId: true } as const;
  return onceEach([
    ...(await kit.db.prisma.auditPending.findMany({ where, select })),
    ...(await kit.db.prisma.auditRecord.findMany({ where, select })),
  ]);
}

/** Calls the connection settings as the demo admin (PATCH and DELETE, which the kit's `call` does not send). */
export async function asAdmin(
  kit: AgentKit,
  method: 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return kit.app.inject({ method, url, headers: bearer(await kit.token('admin')), ...(payload ? { payload } : {}) });
}
