/** Run states (DESIGN.md section 5): `queued → in_progress ⇄ requires_action → completed | failed | cancelled | expired`. */
export const runStatuses = [
  'queued',
  'in_progress',
  'requires_action',
  'cancelling',
  'completed',
  'failed',
  'cancelled',
  'expired',
] as const;
export type RunStatus = (typeof runStatuses)[number];

/** A run in one of these states is over: nothing more happens to it, and its event stream ends. */
export const terminalRunStatuses: readonly RunStatus[] = ['completed', 'failed', 'cancelled', 'expired'];

/** Action states: `pending → approved | rejected | expired | cancelled`, then `approved → executing → succeeded | failed`. */
export const actionStatuses = [
  'pending',
  'approved',
  'rejected',
  'expired',
  'cancelled',
  'executing',
  'succeeded',
  'failed',
] as const;
export type ActionStatus = (typeof actionStatuses)[number];

/** The dotted event names a run writes (DESIGN.md section 5). */
export const runEventNames = [
  'run.queued',
  'run.in_progress',
  'run.step.started',
  'run.step.completed',
  'message.delta',
  'message.completed',
  'action.requested',
  'action.decided',
  'action.executing',
  'action.succeeded',
  'action.failed',
  'question.asked',
  'question.answered',
  'run.requires_action',
  'run.completed',
  'run.failed',
  'run.cancelled',
  'run.expired',
] as const;
export type RunEventName = (typeof runEventNames)[number];

/** The events after which a run's stream ends. */
export const terminalRunEvents: readonly RunEventName[] = [
  'run.completed',
  'run.failed',
  'run.cancelled',
  'run.expired',
];

export function isTerminal(status: string): boolean {
  return (terminalRunStatuses as readonly string[]).includes(status);
}
