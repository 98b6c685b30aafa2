import { findActions, toActionView, type ActionView } from './actions';
import { findQuestionView, type QuestionView } from './questions';
import type { RunRow, StoredRequiredAction } from './runs';
import type { RunStatus } from './runStates';
import type { Db } from '../../db/handle';

/** What a run waits for, as get_agent_run answers it (DESIGN.md section 5). */
export type RequiredActionView =
  { kind: 'approval'; actions: ActionView[] } | { kind: 'question'; question: QuestionView };

/** A run as get_agent_run answers it. */
export interface RunView {
  id: string;
  threadId: string;
  status: RunStatus;
  requiredAction?: RequiredActionView;
  createdAt: string;
  updatedAt: string;
  completedAt?: string;
  error?: { code: string; message: string };
}

/** Resolves what a run waits for to the current state of its actions or question. */
export async function requiredActionView(db: Db, run: RunRow): Promise<RequiredActionView | undefined> {
  const required = run.requiredAction as StoredRequiredAction | null;
  if (!required) return undefined;
  if (required.kind === 'approval') {
    return { kind: 'approval', actions: (await findActions(db, run.id, required.actionIds)).map(toActionView) };
  }
  const question = await findQuestionView(db, required.questionId);
  return question ? { kind: 'question', question } : undefined;
}

export async function toRunView(db: Db, run: RunRow): Promise<RunView> {
  const requiredAction = await requiredActionView(db, run);
  return {
    id: run.id,
    threadId: run.threadId,
    status: run.status as RunStatus,
    ...(requiredAction ? { requiredAction } : {}),
    createdAt: run.createdAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
    ...(run.completedAt ? { completedAt: run.completedAt.toISOString() } : {}),
    ...(run.error ? { error: run.error as { code: string; message: string } } : {}),
  };
}
