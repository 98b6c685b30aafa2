import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { appendRunEvent } from './events';
import { appendMessage } from './messages';
import { lockOwnRun, setRequiresAction, setRunStatus, type RunRow, type StoredRequiredAction } from './runs';
import type { Db } from '../../db/handle';

/** A question as get_agent_run's requiredAction shows it. */
export interface QuestionView {
  id: string;
  text: string;
  choices?: string[];
}

function toQuestionView(row: { id: string; text: string; choices: string[] }): QuestionView {
  return { id: row.id, text: row.text, ...(row.choices.length > 0 ? { choices: row.choices } : {}) };
}

export async function findQuestionView(db: Db, questionId: string): Promise<QuestionView | null> {
  const row = await db.agentQuestion.findUnique({ where: { id: questionId } });
  return row ? toQuestionView(row) : null;
}

/**
 * The model asks its user a question: stores it and the thread message, and marks the locked run
 * `requires_action` waiting for the answer (`question.asked`, `run.requires_action`).
 */
export async function askQuestion(
  tx: Prisma.TransactionClient,
  run: RunRow,
  question: { text: string; choices?: string[] | undefined },
  messageData: Record<string, unknown> = {},
): Promise<string> {
  const row = await tx.agentQuestion.create({
    data: {
      tenantId: run.tenantId,
      runId: run.id,
      text: question.text,
      choices: question.choices ?? [],
      status: 'open',
    },
  });
  await appendMessage(tx, { tenantId: run.tenantId, threadId: run.threadId, runId: run.id }, 'question', {
    text: question.text,
    data: { ...messageData, questionId: row.id, ...(question.choices ? { choices: question.choices } : {}) },
  });
  const view = toQuestionView(row);
  await appendRunEvent(tx, run, 'question.asked', { question: view });
  await setRequiresAction(tx, run, { kind: 'question', questionId: row.id }, { kind: 'question', question: view });
  return row.id;
}

/**
 * The run's user answers the open question of their own run: the answer joins the thread as their message and the
 * run goes back to `in_progress`. 404 for another user's run; 409 `conflict` when no question is open.
 */
export async function answerQuestion(
  prisma: PrismaClient,
  actor: Actor,
  runId: string,
  answer: string,
): Promise<{ questionId: string }> {
  return prisma.$transaction(async (tx) => {
    const run = await lockOwnRun(tx, actor, runId);
    const required = run.requiredAction as StoredRequiredAction | null;
    if (run.status !== 'requires_action' || required?.kind !== 'question') {
      throw new AppError('conflict', `The run is ${run.status}, not waiting for an answer`);
    }
    await tx.agentQuestion.update({
      where: { id: required.questionId },
      data: { status: 'answered', answer, answeredAt: new Date() },
    });
    await appendMessage(tx, { tenantId: run.tenantId, threadId: run.threadId, runId: run.id }, 'user', {
      text: answer,
    });
    await appendRunEvent(tx, run, 'question.answered', { questionId: required.questionId, answer });
    await setRunStatus(tx, run, 'in_progress');
    return { questionId: required.questionId };
  });
}

/** Closes the open questions of a locked run that is ending. */
export async function closeOpenQuestions(
  tx: Prisma.TransactionClient,
  run: RunRow,
  status: 'cancelled' | 'expired',
): Promise<void> {
  await tx.agentQuestion.updateMany({ where: { runId: run.id, status: 'open' }, data: { status } });
}
