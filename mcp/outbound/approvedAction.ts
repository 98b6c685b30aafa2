import type { PrismaClient } from '../../db/prismaClient';
import { AppError } from '../../engines/appError';
import type { McpServerRow } from '../../engines/outbound/servers';
import { parseOutboundToolName, systemOf } from './toolName';

/**
 * The approval gate of outbound MCP calls, as a property of the code rather than a check to remember: the only
 * functions that call an outbound tool (approvedCall.ts) take an `ApprovedOutboundAction`, and only
 * `loadApprovedOutboundAction` makes one, from the action's row as a person decided it. Its constructor is private
 * and every instance is registered here, so neither a cast nor `Object.create` produces one that passes
 * `assertApproved`. No setting, role or flag is consulted: there is nothing to switch off.
 */

/** The action is not (or no longer) approved: nothing may be called, and nothing is recorded for it. */
export class OutboundActionNotApproved extends Error {
  constructor(
    readonly actionId: string,
    reason: string,
  ) {
    super(`Outbound action ${actionId} may not run: ${reason}`);
    this.name = 'OutboundActionNotApproved';
  }
}

const issued = new WeakSet<object>();

export class ApprovedOutboundAction {
  private constructor(
    readonly actionId: string,
    readonly runId: string,
    readonly tenantId: string,
    /** The run's user, for whom the call acts (and who approved it). */
    readonly userId: string,
    readonly decidedByUserId: string,
    /** The full catalogue name, `mcp__<server>__<tool>`. */
    readonly tool: string,
    /** The server's own tool name. */
    readonly toolName: string,
    readonly server: Pick<McpServerRow, 'id' | 'name' | 'url' | 'connectorId'>,
    /** What the approver saw: the server's name and URL or connector. */
    readonly system: string,
    /** The arguments as approved (from the action row, never from the caller). */
    readonly args: Record<string, unknown>,
    /** `<runId>:<actionId>`, the same on every attempt. */
    readonly idempotencyKey: string,
    /** `approved` (not started) or `executing` (an earlier attempt started it). */
    readonly status: 'approved' | 'executing',
  ) {
    issued.add(this);
    Object.freeze(this);
  }

  /** See loadApprovedOutboundAction. */
  static async load(prisma: PrismaClient, actionId: string): Promise<ApprovedOutboundAction> {
    const action = await prisma.agentAction.findUnique({ where: { id: actionId } });
    if (!action) throw new OutboundActionNotApproved(actionId, 'no such action');
    const name = parseOutboundToolName(action.tool);
    if (!name) throw new OutboundActionNotApproved(actionId, `${action.tool} is not an outbound MCP tool`);
    if (action.status !== 'approved' && action.status !== 'executing') {
      throw new OutboundActionNotApproved(actionId, `it is ${action.status}, not approved`);
    }
    const run = await prisma.agentRun.findUnique({ where: { id: action.runId } });
    if (!run || run.tenantId !== action.tenantId) throw new OutboundActionNotApproved(actionId, 'its run is gone');
    // decideActions lets only the run's own user decide; a row that says otherwise was not decided through it.
    if (!action.decidedByUserId || !action.decidedAt || action.decidedByUserId !== run.userId) {
      throw new OutboundActionNotApproved(actionId, 'no decision of the run’s user is recorded');
    }
    const server = await prisma.mcpServer.findFirst({
      where: { tenantId: action.tenantId, name: name.server },
      include: { connector: { select: { name: true } } },
    });
    // Approved, but what was approved cannot run as approved: a failure the model and the events report.
    if (!server) throw new AppError('conflict', `The MCP server ${name.server} was removed after the approval`);
    if (!server.enabled)
      throw new AppError('conflict', `The MCP server ${name.server} was disabled after the approval`);
    if (systemOf(server) !== action.system) {
      throw new AppError(
        'conflict',
        `The MCP server ${name.server} changed after the approval (approved: ${action.system}; now: ${systemOf(server)})`,
      );
    }
    return new ApprovedOutboundAction(
      action.id,
      run.id,
      action.tenantId,
      run.userId,
      action.decidedByUserId,
      action.tool,
      name.tool,
      { id: server.id, name: server.name, url: server.url, connectorId: server.connectorId },
      action.system,
      (action.arguments ?? {}) as Record<string, unknown>,
      action.idempotencyKey,
      action.status,
    );
  }
}

/**
 * Reads an action and answers it as an ApprovedOutboundAction when a person approved it (status `approved`, or
 * `executing` for a retried attempt) and its server is still the one the approver saw. Throws
 * OutboundActionNotApproved for anything not approved (pending, rejected, expired, cancelled, finished, not an
 * outbound tool) and AppError `conflict` when the server was removed, disabled or changed since.
 */
export function loadApprovedOutboundAction(prisma: PrismaClient, actionId: string): Promise<ApprovedOutboundAction> {
  return ApprovedOutboundAction.load(prisma, actionId);
}

/** Throws unless `value` was made by loadApprovedOutboundAction in this process. */
export function assertApproved(value: unknown): asserts value is ApprovedOutboundAction {
  if (typeof value !== 'object' || value === null || !issued.has(value)) {
    throw new OutboundActionNotApproved(
      (value as { actionId?: string } | null)?.actionId ?? 'unknown',
      'not loaded through loadApprovedOutboundAction',
    );
  }
}
