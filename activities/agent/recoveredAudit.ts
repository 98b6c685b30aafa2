import type { Actor } from '../../engines/access/actor';
import { identityOf, recordCall } from '../../operations/auditTrail';
import type { AppDeps } from '../../operations/context';
import { splitArguments } from '../../operations/tools';
import { findTool } from './tools';

/**
 * The audit record of a call whose write was made before its worker died (executedEffect.ts found it): the call
 * appends its record after the engine commits, so a death in between left a write the trail did not hold (found by
 * bench/chaos). Appended here, once, under the call's own request id, unless it is already there (chained or
 * pending).
 */
export async function auditRecoveredCall(
  deps: AppDeps,
  actor: Actor,
  call: { tool: string; arguments: Record<string, unknown>; requestId: string; runId: string },
): Promise<void> {
  const where = { tenantId: actor.tenant.id, requestId: call.requestId, operation: call.tool };
  const recorded =
    (await deps.prisma.auditRecord.findFirst({ where, select: { id: true } })) ??
    (await deps.prisma.auditPending.findFirst({ where, select: { id: true } }));
  if (recorded) return;
  const tool = findTool(actor, call.tool);
  if (!tool) return;
  await recordCall(deps, {
    who: identityOf(actor),
    op: tool.operation,
    request: { ...splitArguments(tool, call.arguments), id: call.requestId },
    surface: 'agent',
    outcome: 'success',
    runId: call.runId,
  });
}
