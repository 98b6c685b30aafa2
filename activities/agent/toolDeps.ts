import pino from 'pino';
import type { AppDeps } from '../../operations/context';
import type { Config } from '../../config/env';
import type { PrismaClient } from '../../db/prismaClient';
import { startAuditSequencer } from '../../engines/audit/sequencer';
import { loadAuditSigningKey } from '../../engines/audit/signingKey';
import type { LeaveApprovalPort } from '../../engines/leave/approvalPort';
import type { ApprovalFlowPort } from '../../engines/approvalFlows/approvalPort';
import type { TimeEntryWatchPort } from '../../engines/timeTracking/entryWatchPort';
import type { CompensationChangePort } from '../../engines/compensation/compensationPort';
import type { PayrollRunPort } from '../../engines/payroll/payrollPort';
import type { LifecycleProcessPort } from '../../engines/lifecycle/lifecyclePort';
import type { ReviewCyclePort } from '../../engines/performance/reviewCyclePort';
import type { CertificationExpiryPort } from '../../engines/certificates/expiryPort';
import type { SignatureRequestPort } from '../../engines/eSignatures/signaturePort';
import { createBuiltinModel } from '../../model/builtin/builtinModel';
import type { AgentModel } from '../../model/types';
import type { AgentActivityDeps } from './deps';

/**
 * What a worker's agent activities need, made from the configuration: the registry handlers' dependencies (the
 * leave approval port, an audit sequencer of this process; no readiness checks, which only the API answers), a
 * logger, and the model (the built-in one unless given). `stop()` stops the sequencer after chaining what this worker appended.
 */
export function createAgentActivityDeps(opts: {
  config: Config;
  prisma: PrismaClient;
  leaveApproval?: LeaveApprovalPort;
  approvalFlows?: ApprovalFlowPort;
  timeEntryWatch?: TimeEntryWatchPort;
  compensationChanges?: CompensationChangePort;
  payrollRuns?: PayrollRunPort;
  lifecycleProcesses?: LifecycleProcessPort;
  reviewCycles?: ReviewCyclePort;
  certificationExpiry?: CertificationExpiryPort;
  model?: AgentModel;
  signatureRequests?: SignatureRequestPort;
}): Omit<AgentActivityDeps, 'prisma'> & { stop(): Promise<void> } {
  const { config, prisma } = opts;
  const log = pino({ level: config.logLevel, base: { component: 'agent' } });
  const auditKey = loadAuditSigningKey({
    pem: config.audit.signingKeyPem,
    retiredPublicKeysPem: config.audit.retiredPublicKeysPem,
    dataDir: config.dataDir,
  });
  const auditSequencer = startAuditSequencer({
    prisma,
    key: auditKey,
    checkpointEvery: config.audit.checkpointEvery,
    log,
  });
  const toolDeps: AppDeps = {
    config,
    prisma,
    auditKey,
    auditSequencer,
    ...(opts.leaveApproval ? { leaveApproval: opts.leaveApproval } : {}),
    ...(opts.approvalFlows ? { approvalFlows: opts.approvalFlows } : {}),
    ...(opts.timeEntryWatch ? { timeEntryWatch: opts.timeEntryWatch } : {}),
    ...(opts.compensationChanges ? { compensationChanges: opts.compensationChanges } : {}),
    ...(opts.payrollRuns ? { payrollRuns: opts.payrollRuns } : {}),
    ...(opts.lifecycleProcesses ? { lifecycleProcesses: opts.lifecycleProcesses } : {}),
    ...(opts.reviewCycles ? { reviewCycles: opts.reviewCycles } : {}),
    ...(opts.certificationExpiry ? { certificationExpiry: opts.certificationExpiry } : {}),
    ...(opts.signatureRequests ? { signatureRequests: opts.signatureRequests } : {}),
  };
  return { model: opts.model ?? createBuiltinModel(), toolDeps, log, stop: () => auditSequencer.stop() };
}
