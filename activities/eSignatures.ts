import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import { DAY_MS } from '../engines/eSignatures/requests';
import {
  expireRequest,
  readRequestTimers,
  remindSigner,
  type RequestTimers,
  type TimerOutcome,
} from '../engines/eSignatures/requestTimers';
import type { SignatureRequestRef } from '../engines/eSignatures/signaturePort';

export type { RequestTimers };

export interface ESignatureActivityDeps {
  prisma: PrismaClient;
  /** A test time scale of calendar days (config `leave.dayMs`); undefined: real days. */
  dayMs: number | undefined;
  clock: Clock;
}

/**
 * The activities of the eSignatureRequest workflow: thin adapters over engines/eSignatures/requestTimers.ts, whose
 * steps are idempotent (a retried or replayed one finds nothing due and answers 'stale').
 */
export function createESignatureActivities(deps: ESignatureActivityDeps) {
  const timing = { clock: deps.clock, dayMs: deps.dayMs ?? DAY_MS };
  return {
    async readSignatureRequest(ref: SignatureRequestRef): Promise<RequestTimers | null> {
      return readRequestTimers(deps.prisma, ref, timing);
    },
    async expireSignatureRequest(ref: SignatureRequestRef): Promise<TimerOutcome> {
      return expireRequest(deps.prisma, ref, timing);
    },
    async remindSignatureSigner(ref: SignatureRequestRef & { position: number }): Promise<TimerOutcome> {
      return remindSigner(deps.prisma, ref, timing);
    },
  };
}
