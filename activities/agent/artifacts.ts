import { storeRunArtifacts, type ArtifactFile, type ArtifactView } from '../../engines/artifacts/artifacts';
import { untakenReportCsv, untakenReportXlsx, type UntakenReport } from '../../engines/artifacts/untakenReportFiles';
import { blobStoreFor } from '../../engines/blobs/blobStores';
import type { AgentActivityDeps, PlannedCall } from './deps';
import type { ToolOutcome } from '../../engines/agent/toolCalls';

type RunFacts = { id: string; tenantId: string; userId: string; threadId: string };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The files a successful tool result is delivered as, when its tool makes any. */
async function filesOf(call: PlannedCall, outcome: ToolOutcome): Promise<ArtifactFile[]> {
  if (!outcome.ok || call.tool !== 'untaken_leave_report') return [];
  const report = outcome.result as UntakenReport;
  const name = `untaken-leave-${report.year}`;
  return [
    {
      sourceKey: `${call.id}:csv`,
      kind: 'untaken_leave_report',
      filename: `${name}.csv`,
      contentType: 'text/csv',
      content: untakenReportCsv(report),
    },
    {
      sourceKey: `${call.id}:xlsx`,
      kind: 'untaken_leave_report',
      filename: `${name}.xlsx`,
      contentType: XLSX,
      content: await untakenReportXlsx(report),
    },
  ];
}

/** What the model reads of the artifacts in the tool result, so its reply can point to them. */
function mentioned(artifacts: readonly ArtifactView[]) {
  return artifacts.map((a) => ({ id: a.id, filename: a.filename, contentType: a.contentType }));
}

/**
 * Stores what a read tool's result delivers as artifacts of the run (the untaken-leave report as CSV and XLSX),
 * and answers the outcome the model reads, with `artifacts: [{ id, filename, contentType }]` added. Other tools'
 * outcomes pass through unchanged. Idempotent: a retried activity finds the artifacts it made.
 */
export async function withRunArtifacts(
  deps: AgentActivityDeps,
  run: RunFacts,
  call: PlannedCall,
  outcome: ToolOutcome,
): Promise<ToolOutcome> {
  const files = await filesOf(call, outcome);
  if (files.length === 0) return outcome;
  const artifacts = await storeRunArtifacts(deps.prisma, blobStoreFor(deps.toolDeps.config), run, files);
  return { ok: true, result: { ...(outcome.result as object), artifacts: mentioned(artifacts) } };
}

/**
 * The run's final reply as a Markdown summary document, for runs that delivered other artifacts (a report run):
 * what the agent said about the files, next to them.
 */
export async function storeRunSummary(deps: AgentActivityDeps, run: RunFacts, reply: string): Promise<void> {
  const made = await deps.prisma.agentArtifact.count({ where: { runId: run.id, kind: { not: 'summary' } } });
  if (made === 0) return;
  await storeRunArtifacts(deps.prisma, blobStoreFor(deps.toolDeps.config), run, [
    {
      sourceKey: 'summary',
      kind: 'summary',
      filename: 'summary.md',
      contentType: 'text/markdown',
      content: Buffer.from(`# Run summary\n\n${reply}\n`, 'utf8'),
    },
  ]);
}
