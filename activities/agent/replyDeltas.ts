import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { appendRunEvent, appendRunEvents } from '../../engines/agent/events';
import { lockRun, type RunRow } from '../../engines/agent/runs';

/**
 * `message.delta` events: the text of a step's answer in pieces, before its `message.completed`, so that a client
 * renders every reply as it streams, whichever model wrote it. Each delta is `{ step, offset, text }`: `text` goes
 * at character `offset` of the step's message. A step whose activity is retried streams again from offset 0, so a
 * client that writes each delta at its offset (dropping what was after it) shows the text right in every case.
 */

/** Streamed text waits at most this long before it is written as one event... */
const flushAfterMs = 50;
/** ...or until this much has come. */
const flushAtChars = 200;
/** A whole reply (the built-in model's) comes in at most this many deltas. */
const maxReplyDeltas = 8;

/**
 * Collects a streaming model's text (`push`, from the model's `onTextDelta`) and writes it as `message.delta`
 * events in batches, each in its own short transaction under the run's lock (so the events keep the run's sequence
 * and reach streams as they are written). `finish()` writes what is left and throws if a write failed.
 */
export function createDeltaWriter(prisma: PrismaClient, runId: string, step: number) {
  let buffer = '';
  let written = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!buffer) return;
    const delta = { step, offset: written, text: buffer };
    written += buffer.length;
    buffer = '';
    writing = writing
      .then(() =>
        prisma.$transaction(async (tx) => {
          await appendRunEvent(tx, await lockRun(tx, runId), 'message.delta', delta);
        }),
      )
      .catch((error: unknown) => {
        failure ??= error;
      });
  };

  return {
    push(text: string): void {
      buffer += text;
      if (buffer.length >= flushAtChars) flush();
      else timer ??= setTimeout(flush, flushAfterMs);
    },
    /** Did the model stream any text? */
    get streamed(): boolean {
      return written + buffer.length > 0;
    },
    async finish(): Promise<void> {
      flush();
      await writing;
      if (failure) throw failure;
    },
  };
}

/**
 * Cuts a whole text into sentences and lines (each keeps the spaces after it), then joins neighbours so there are
 * at most `max` pieces. The pieces put together are the text, exactly.
 */
export function sentencePieces(text: string, max = maxReplyDeltas): string[] {
  const pieces = text.match(/(?:[^\n.!?]|[.!?]+(?!\s|$))*(?:[.!?]+|\n|$)\s*/g)?.filter((p) => p !== '') ?? [];
  if (pieces.length <= max) return pieces;
  const per = Math.ceil(pieces.length / max);
  const joined: string[] = [];
  for (let i = 0; i < pieces.length; i += per) joined.push(pieces.slice(i, i + per).join(''));
  return joined;
}

/** Writes a whole reply as a few `message.delta` events (by sentence), in the caller's transaction. */
export async function appendReplyDeltas(
  tx: Prisma.TransactionClient,
  run: RunRow,
  step: number,
  text: string,
): Promise<void> {
  let offset = 0;
  const deltas = sentencePieces(text).map((piece) => {
    const delta = { step, offset, text: piece };
    offset += piece.length;
    return delta;
  });
  await appendRunEvents(tx, run, 'message.delta', deltas);
}
