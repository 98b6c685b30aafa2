import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../engines/access/actor';
import type { AuditSequencer } from '../engines/audit/sequencer';
import type { AuditSigningKey } from '../engines/audit/signingKey';
import { AppError } from '../engines/appError';
import type { Config } from '../config/env';
import type { PrismaClient } from '../db/prismaClient';
import type { AgentRunPort } from '../engines/agent/runPort';
import type { LeaveApprovalPort } from '../engines/leave/approvalPort';
import type { ApprovalFlowPort } from '../engines/approvalFlows/approvalPort';
import type { TimeEntryWatchPort } from '../engines/timeTracking/entryWatchPort';
import type { CompensationChangePort } from '../engines/compensation/compensationPort';
import type { CertificationExpiryPort } from '../engines/certificates/expiryPort';
import type { SignatureRequestPort } from '../engines/eSignatures/signaturePort';
import type { PayrollRunPort } from '../engines/payroll/payrollPort';
import type { LifecycleProcessPort } from '../engines/lifecycle/lifecyclePort';
import type { ReviewCyclePort } from '../engines/performance/reviewCyclePort';
import type { ConnectorHub } from '../lib/connector/hub';
import type { ReadinessCheck } from './system/readiness';
import type { RunEventFeed } from '../engines/agent/runEventFeed';

/** Everything the API process is built from; the CLI and tests pass real instances. */
export interface AppDeps {
  config: Config;
  prisma: PrismaClient;
  /** What /readyz checks besides the audit appends (the API process: database, Temporal, workers); none elsewhere. */
  readinessChecks?: ReadinessCheck[];
  /** Signs audit checkpoints; buildApp loads it from the configuration when not given. */
  auditKey: AuditSigningKey;
  /**
   * Chains the audit records this process appends (poked after each one) and flushes before the trail is read;
   * buildApp starts one when not given, and stops it when the app closes.
   */
  auditSequencer: AuditSequencer;
  /** Starts and notifies leave approval workflows; absent where Temporal does not run (requests then wait for the reconciler). */
  leaveApproval?: LeaveApprovalPort;
  /** Signals approval workflows after a decision through /api/approval-flows; absent where Temporal does not run. */
  approvalFlows?: ApprovalFlowPort;
  /** Starts and tells the forgotten clock-out watch of open time entries; absent where Temporal does not run. */
  timeEntryWatch?: TimeEntryWatchPort;
  /** Starts and tells the workflows of compensation change proposals; absent where Temporal does not run (the reconciler starts them). */
  compensationChanges?: CompensationChangePort;
  /** Starts and tells the workflows of payroll runs; absent where Temporal does not run (the reconciler starts them). */
  payrollRuns?: PayrollRunPort;
  /**
   * Starts and tells the workflows of onboarding and offboarding processes; absent where Temporal does not run (the
   * reconciler starts them).
   */
  lifecycleProcesses?: LifecycleProcessPort;
  /** Starts and tells the workflows of launched review cycles; absent where Temporal does not run. */
  reviewCycles?: ReviewCyclePort;
  /** Starts and tells the expiry reminder workflows of certifications; absent where Temporal does not run (the reconciler starts them). */
  certificationExpiry?: CertificationExpiryPort;
  /** Starts and tells the workflows of signature requests (reminders, expiry); absent where Temporal does not run. */
  signatureRequests?: SignatureRequestPort;
  /** Starts and signals agent run workflows; absent where Temporal does not run (sending a message then answers 503). */
  agentRuns?: AgentRunPort;
  /**
   * Wakes run event streams when their run has a new event; buildApp makes one from the configuration when not
   * given (LISTEN on DATABASE_URL, or polling on the embedded database), and closes it with the app.
   */
  runEvents?: RunEventFeed;
  /**
   * Wakes the notification streams of a user (company API, Notifications) when one is written for them, from any
   * process: LISTEN on the `svc_hr_notifications` channel, or polling on the embedded database. buildApp makes one.
   */
  notificationEvents?: RunEventFeed;
  /** Aborted when the app begins to close: long-lived streams end so the server can stop (clients resume). */
  closing?: AbortSignal;
  /**
   * Takes the sockets of outbound connectors (open_connector_socket) and runs their calls; absent where this process
   * has no Temporal worker connection (the socket then answers 503). Its owner closes it.
   */
  connectorHub?: ConnectorHub;
  /** Set to false to keep Fastify's logger quiet (tests). */
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests that read what was logged). */
  logStream?: NodeJS.WritableStream;
}

/** What a handler receives besides its validated input. Handlers never read headers themselves. */
export interface OperationContext {
  deps: AppDeps;
  /** The OpenAPI document derived from the registry at start (served by get_openapi_document). */
  openapi: Record<string, unknown>;
  requestId: string;
  log: FastifyBaseLogger;
  /** The client's address: the socket's, or the forwarded one behind a trusted proxy (SVC_HR_TRUST_PROXY). */
  clientAddress?: string;
  /** The origin a REST request was addressed to, as its Host header (or a trusted proxy) says; unchecked. */
  origin?: string;
  /** Who the request acts as; reading it in a `public` operation is a programming error and throws. */
  readonly actor: Actor;
}

/**
 * The context of one call. `actor` is a getter that throws for calls without one (public operations), so a
 * handler cannot act as nobody by mistake.
 */
export function createOperationContext(opts: {
  deps: AppDeps;
  openapi: Record<string, unknown>;
  requestId: string;
  log: FastifyBaseLogger;
  clientAddress?: string;
  origin?: string;
  actor?: Actor;
}): OperationContext {
  const { actor } = opts;
  return {
    deps: opts.deps,
    openapi: opts.openapi,
    requestId: opts.requestId,
    log: opts.log,
    ...(opts.clientAddress === undefined ? {} : { clientAddress: opts.clientAddress }),
    ...(opts.origin === undefined ? {} : { origin: opts.origin }),
    get actor(): Actor {
      if (!actor) throw new AppError('internal_error', 'This operation has no authenticated actor');
      return actor;
    },
  };
}

/** What buildApp takes: the audit key and sequencer may be left for it to make from the configuration. */
export type AppDepsInput = Omit<AppDeps, 'auditKey' | 'auditSequencer'> & {
  auditKey?: AuditSigningKey;
  /** Given: its owner stops it. */
  auditSequencer?: AuditSequencer;
};
