import { AppError } from '../appError';
import type { ReviewQuestion } from './reviewCycleViews';

/** A review's answers: per question id a rating (1-5) for a rating question, a text for a text question. */
export type ReviewAnswers = Record<string, { rating?: number | undefined; text?: string | undefined }>;

const bad = (message: string) => new AppError('validation_error', message);

/**
 * Checks answers against the cycle's questions (400 naming `answers.<questionId>`): each names a question of the
 * cycle and gives what its type takes. Answers what is kept, texts trimmed.
 */
export function checkAnswers(questions: readonly ReviewQuestion[], answers: ReviewAnswers): ReviewAnswers {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const kept: ReviewAnswers = {};
  for (const [id, answer] of Object.entries(answers)) {
    const question = byId.get(id);
    if (!question) throw bad(`answers.${id}: not a question of this review cycle`);
    if (question.type === 'rating') {
      if (answer.text !== undefined || answer.rating === undefined) {
        throw bad(`answers.${id}: a rating question takes { rating: 1 to 5 }`);
      }
      kept[id] = { rating: answer.rating };
    } else {
      if (answer.rating !== undefined || answer.text === undefined) {
        throw bad(`answers.${id}: a text question takes { text }`);
      }
      kept[id] = { text: answer.text.trim() };
    }
  }
  return kept;
}

/** What a review still lacks to be submitted: every rating question and the overall rating (400 naming the first). */
export function requireComplete(
  questions: readonly ReviewQuestion[],
  answers: ReviewAnswers,
  rating: number | null,
): void {
  for (const q of questions) {
    if (q.type === 'rating' && answers[q.id]?.rating === undefined) {
      throw bad(`answers.${q.id}: a rating is required to submit`);
    }
  }
  if (rating === null) throw bad('rating: the overall rating (1 to 5) is required to submit');
}
