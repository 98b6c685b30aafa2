import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../operations/context';
import type { PrismaClient } from '../../db/prismaClient';
import type { AgentModel } from '../../model/types';

/** What the agent run's activities use: the database, the model, and what a registry handler needs to run. */
export interface AgentActivityDeps {
  prisma: PrismaClient;
  model: AgentModel;
  /** The dependencies a registry handler receives (its port to the leave approval workflow, the audit sequencer). */
  toolDeps: AppDeps;
  log: FastifyBaseLogger;
}

/** Which run an activity acts on. */
export interface RunRef {
  runId: string;
}

/** A tool call the workflow carries between activities, with the kind the catalogue gave its tool. */
export interface PlannedCall {
  id: string;
  tool: string;
  arguments: Record<string, unknown>;
  kind: 'read' | 'write' | 'external';
}

/** What one planning step decided, as the workflow acts on it. */
export type StepOutcome =
  | { kind: 'completed' }
  | { kind: 'question'; questionId: string }
  | { kind: 'tools'; calls: PlannedCall[] }
  /** A reply whose step ended on a run cancelled meanwhile: the reply is kept, the run ends `cancelled`. */
  | { kind: 'cancelled'; reason: string };
