import type { Action, Question, RequiredAction, RunStatus } from './types';

/**
 * The events of a run's stream (stream_agent_run). The OpenAPI document describes the stream as text, so their
 * data is typed here, after docs/agent.md; every event's data also carries `runId` and `createdAt`.
 */
interface Base {
  runId: string;
  createdAt: string;
}

type Ended = { status: RunStatus; error?: { code: string; message: string } };

export interface RunEventData {
  'run.queued': { threadId: string; messageId: string };
  'run.in_progress': Record<string, unknown>;
  'run.step.started': { step: number };
  'run.step.completed': { step: number; type: string };
  /**
   * A piece of the step's answer before its message.completed: `text` goes at character `offset` of the step's
   * text (a retried step streams again from 0: what was after the offset is dropped).
   */
  'message.delta': { step: number; offset: number; text: string };
  'message.completed': { messageId: string; role: string; text?: string; toolCallId?: string };
  'action.requested': { action: Action };
  'action.decided': { action: Action; decision: 'approve' | 'reject' };
  'action.executing': { action: Action };
  'action.succeeded': { action: Action; result?: unknown };
  'action.failed': { action: Action; result?: unknown };
  'question.asked': { question: Question };
  'question.answered': { questionId: string; answer: string };
  'run.requires_action': { requiredAction: RequiredAction };
  'run.completed': Ended;
  'run.failed': Ended;
  'run.cancelled': Ended;
  'run.expired': Ended;
}

export type RunEventName = keyof RunEventData;

/** One event: `id` is its per-run sequence number (what Last-Event-ID resumes after). */
export type RunEvent = {
  [N in RunEventName]: { id: number; event: N; data: RunEventData[N] & Base };
}[RunEventName];

export const terminalRunEvents: readonly RunEventName[] = [
  'run.completed',
  'run.failed',
  'run.cancelled',
  'run.expired',
];

export function isTerminalEvent(event: RunEvent): boolean {
  return terminalRunEvents.includes(event.event);
}
