import type { RunCommandDeps } from '../../engines/agent/runCommands';
import type { OperationContext } from '../context';

/** The run commands' dependencies from an operation's context (engines/agent/runCommands.ts). */
export function runCommandDeps(ctx: OperationContext): RunCommandDeps {
  return { prisma: ctx.deps.prisma, port: ctx.deps.agentRuns, log: ctx.log };
}
