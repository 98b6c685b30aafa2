import type { PrismaClient } from '../../db/prismaClient';
import type { RunRow } from '../../engines/agent/runs';
import { findRequestView } from '../../engines/leave/requestViews';
import type { ToolOutcome } from '../../engines/agent/toolCalls';

/** How much earlier than the action's `executing` stamp a write it caused may be stamped (two clocks, one host). */
const clockSlackMs = 5_000;

/**
 * An action found `executing` when its activity starts was cut off mid-call (a worker crash): the call may or may
 * not have written. Our leave engine writes in its own transaction, so the action cannot share it; instead this
 * looks for the write the call makes, by who made it, what it holds and when. Found: its result, so the retry
 * records it instead of writing twice. Not found: undefined, and the call runs again.
 */
export async function recoverExecutedEffect(
  prisma: PrismaClient,
  run: RunRow,
  action: { tool: string; arguments: unknown; updatedAt: Date },
): Promise<ToolOutcome | undefined> {
  if (action.tool !== 'create_leave_request') return undefined;
  const args = action.arguments as { start_date?: string };
  if (!args.start_date) return undefined;
  const made = await prisma.leaveRequest.findFirst({
    where: {
      tenantId: run.tenantId,
      createdByUserId: run.userId,
      startDate: new Date(`${args.start_date}T00:00:00Z`),
      createdAt: { gte: new Date(action.updatedAt.getTime() - clockSlackMs) },
    },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
  });
  if (!made) return undefined;
  const view = await findRequestView(prisma, run.tenantId, made.id);
  if (!view) return undefined;
  return {
    ok: true,
    result: {
      id: view.id,
      status: view.status,
      policy: view.policyName,
      start_date: view.startDate,
      end_date: view.endDate,
      total_days: view.totalDays,
      warnings: [],
    },
  };
}
