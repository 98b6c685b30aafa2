import type { PrismaClient } from '../../db/prismaClient';
import { clip, dayText } from '../workflowSummaries';
import { todayIn } from '../leave/dates';

/** What the operators' view of a run's workflow says of it (temporal/ports/agentRunPort.ts). */
export interface AgentRunWords {
  /** "Agent run for Alice Anders on Sat 28 Nov 2026, thread “Leave planning”". */
  summary: string;
  userName: string;
  threadTitle: string;
}

/**
 * A run in words, for the summary Temporal shows of its workflow: the person it acts as, the day it began in the
 * tenant's calendar, and its thread's title (at most 60 characters). Not the message: the workflow keeps no
 * conversation text (docs/agent.md, "Reading a run in the Temporal UI"); the title is the thread's label.
 */
export function agentRunSummary(run: { userName: string; threadTitle: string; startedOn: string }): string {
  const thread = run.threadTitle ? `, thread “${clip(run.threadTitle, 60)}”` : '';
  return `Agent run for ${run.userName} on ${dayText(run.startedOn)}${thread}`;
}

/**
 * Reads what the summary needs beyond the actor (the thread's title, the tenant's time zone); undefined when that
 * fails, so that a run never fails for its summary.
 */
export async function agentRunWords(
  prisma: Pick<PrismaClient, 'agentThread' | 'tenant'>,
  run: { tenantId: string; threadId: string; createdAt: Date },
  userName: string,
): Promise<AgentRunWords | undefined> {
  try {
    const [thread, tenant] = await Promise.all([
      prisma.agentThread.findUnique({ where: { id: run.threadId }, select: { title: true } }),
      prisma.tenant.findUnique({ where: { id: run.tenantId }, select: { timeZone: true } }),
    ]);
    let startedOn: string;
    try {
      startedOn = todayIn(tenant?.timeZone ?? 'UTC', run.createdAt);
    } catch {
      startedOn = todayIn('UTC', run.createdAt);
    }
    const threadTitle = clip(thread?.title ?? '', 80);
    return { summary: agentRunSummary({ userName, threadTitle, startedOn }), userName, threadTitle };
  } catch {
    return undefined;
  }
}
