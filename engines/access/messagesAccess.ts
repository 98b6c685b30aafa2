import type { Db } from '../../db/handle';
import { AppError } from '../appError';
import type { Actor } from './actor';

/**
 * Who reads and writes Messages (company-api.md, Messages). Messages are private to their participants: only a
 * participant who has not left reads a conversation, posts in it or adds people to it. Anyone else, HR, ADMIN and
 * OWNER included, gets 404, as if it did not exist. A company API key acts for the workspace, not for a person
 * who takes part in conversations, so it is refused (403) whatever its scopes. Anyone of the workspace with an
 * account may start a conversation with anyone else who has one (like a workplace chat).
 */

/** 403 for a company API key: a conversation has participants, and a key is none of them. */
export function requireMessagingPerson(actor: Actor): void {
  if (actor.credential.kind === 'company_api_key') {
    throw new AppError(
      'forbidden',
      'Messages are read and written only by their participants, and a company API key acts for no person: use a ' +
        'personal access token or a delegated credential',
    );
  }
}

/**
 * The caller's live membership of a conversation of their workspace; 404 when there is none, or they left it.
 * Answers their last read seq.
 */
export async function requireParticipant(
  db: Db,
  actor: Actor,
  conversationId: string,
): Promise<{ lastReadSeq: number }> {
  requireMessagingPerson(actor);
  const me = await db.messageParticipant.findFirst({
    where: { conversationId, userId: actor.user.id, tenantId: actor.tenant.id, leftAt: null },
    select: { lastReadSeq: true },
  });
  if (!me) throw new AppError('not_found', `No conversation ${conversationId}`);
  return me;
}
