/**
 * Answers to the part-4 requests' own questions: which document or policy (a title, one of the choices, or a
 * document id), which person (a name, or one of the people offered), which item (its serial), who signs (names, or
 * everyone).
 */

import type { Understanding } from './intents';
import type { WorkplaceSlot } from './planTypes';

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;

function cleaned(answer: string): string {
  return answer
    .trim()
    .replace(/^(?:the|it's|it is|i mean|send|use)\s+/i, '')
    .replace(/[.!?]+$/, '')
    .replace(/^["“]|["”]$/g, '')
    .trim();
}

/** Merges the answer (`text` normalised, `answer` as written) to a part-4 request's question for `slot`. */
export function mergeWorkplaceAnswer(
  u: Understanding,
  slot: WorkplaceSlot,
  text: string,
  answer: string,
): Understanding {
  const w = { ...(u.workplace ?? {}) };
  const value = cleaned(answer);
  if (!value) return u;
  switch (slot) {
    case 'document': {
      const id = UUID.exec(answer)?.[0];
      if (id) {
        delete w.title;
        w.documentId = id.toLowerCase();
      } else w.title = value;
      break;
    }
    case 'person':
      w.person = value;
      break;
    case 'item':
      w.serial = value.replace(/^(?:serial(?: number)?|sn)\s*[:#]?\s*/i, '').split(/\s+/)[0] ?? value;
      break;
    case 'signers': {
      if (/\b(?:everyone|everybody|all)\b/.test(text)) {
        w.signers = { everyone: true };
        break;
      }
      const names = value.split(/\s*(?:,|\band\b|&)\s*/i).filter(Boolean);
      const before = w.signers && 'names' in w.signers ? w.signers.names : [];
      // One full name answering "which Bob?" replaces that Bob; anything else is the list of signers.
      const replaced =
        names.length === 1 ? before.findIndex((n) => names[0]!.toLowerCase().split(' ').includes(n.toLowerCase())) : -1;
      w.signers = replaced >= 0 ? { names: before.map((n, i) => (i === replaced ? names[0]! : n)) } : { names };
      break;
    }
  }
  return { ...u, workplace: w };
}

/** True for the slots only the part-4 requests ask for. */
export function isWorkplaceSlot(slot: string | undefined): slot is WorkplaceSlot {
  return slot === 'document' || slot === 'person' || slot === 'item' || slot === 'signers';
}
