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
  // One statement, so one snapshot: the sequencer moves a record from audit_pending to audit_records in one
  // transaction, and two reads could miss it between them (and append it a second time).
  const [{ recorded }] = await deps.prisma.$queryRaw<[{ recorded: boolean }]>`
    SELECT EXISTS (SELECT 1 FROM audit_pending
                    WHERE tenant_id = ${actor.tenant.id}::uuid AND request_id = ${call.requestId}
                      AND operation = ${call.tool})
        OR EXISTS (SELECT 1 FROM audit_records
                    WHERE tenant_id = ${actor.tenant.id}::uuid AND request_id = ${call.requestId}
                      AND operation = ${call.tool}) AS recorded`;
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
