import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { PayrollRunPort } from '../../engines/payroll/payrollPort';
import type { payrollRun } from '../../workflows/payrollRun/payrollRun';
import {
  payrollRunChangedSignal,
  payrollRunWorkflowId,
  payrollRunWorkflowType,
} from '../../workflows/payrollRun/messages';
import { svcHrStatus, svcHrTenant } from '../../workflows/searchAttributes';
import type { Config } from '../../config/env';
import type { PrismaClient } from '../../db/prismaClient';
import { payrollRunWords, wordsOrNothing } from '../../engines/workflowSummaries';

/**
 * The timings of a run's workflow from the configuration: its page size, and how often it reads a run in review
 * again when no notice came (hourly: a lost notice delays an approved run's payment by an hour at most).
 */
export function payrollTimings(config: Pick<Config, 'payroll'>): { pageSize: number; recheckMs: number } {
  return { pageSize: config.payroll.pageSize, recheckMs: 3_600_000 };
}

/**
 * The payroll engine's port to Temporal: starts a run's workflow, and tells it of an approval or a cancellation.
 * Given the database (`prisma`), a start reads the run for its summary in words (the period and its days) and its
 * status (engines/workflowSummaries.ts).
 */
export function createPayrollRunPort(
  client: Client,
  opts: {
    taskQueue: string;
    pageSize: number;
    recheckMs: number;
    prisma?: Pick<PrismaClient, '$queryRaw'> | undefined;
  },
): PayrollRunPort {
  const { prisma } = opts;
  return {
    async start({ tenantId, runId }) {
      const workflowId = payrollRunWorkflowId(tenantId, runId);
      const words = prisma ? await wordsOrNothing(() => payrollRunWords(prisma, { tenantId, runId })) : undefined;
      try {
        await client.workflow.start<typeof payrollRun>(payrollRunWorkflowType, {
          workflowId,
          taskQueue: opts.taskQueue,
          args: [{ tenantId, runId, pageSize: opts.pageSize, recheckMs: opts.recheckMs }],
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          typedSearchAttributes: [
            { key: svcHrTenant, value: tenantId },
            ...(words?.status ? [{ key: svcHrStatus, value: words.status }] : []),
          ],
          memo: { tenantId, runId },
          staticSummary: words?.summary ?? `Payroll run ${runId}`,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
      return workflowId;
    },
    async notify({ tenantId, runId }) {
      try {
        await client.workflow.getHandle(payrollRunWorkflowId(tenantId, runId)).signal(payrollRunChangedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}
