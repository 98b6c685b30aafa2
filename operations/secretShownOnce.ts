import { z } from 'zod';

/**
 * Where an operation's answer shows a secret that is displayed exactly once (contract, Authentication item 2), and
 * what its owner does when that answer was lost: the registry flag `revealsSecret`.
 */
export interface SecretShownOnce {
  /** The secret's place in the answer, dotted: `webhook.secret`. */
  path: string;
  /** The way to a new secret, for the replay's note: "If it was lost, rotate it: ...". */
  ifLost: string;
}

/**
 * The note an Idempotency-Key replay carries in place of the secret, beside the resource (`data.secretWithheld`).
 * Every operation with `revealsSecret` lists it in its output, and makes the secret itself optional.
 */
export const SecretWithheld = z
  .string()
  .optional()
  .describe(
    'present only on an Idempotency-Key replay, which answers without the secret: it was shown once, in the ' +
      'first answer, and is kept nowhere to be shown again; says how to get a new one',
  );

/**
 * The answer an Idempotency-Key replay gives, and the only form in which the first answer is kept: the answer
 * without its secret, plus `secretWithheld` saying why (operations/idempotency.ts).
 */
export function withholdSecret(answer: unknown, shown: SecretShownOnce): Record<string, unknown> {
  const copy = structuredClone(answer ?? {}) as Record<string, unknown>;
  const parts = shown.path.split('.');
  const name = parts.pop()!;
  let holder: unknown = copy;
  for (const part of parts) holder = (holder as Record<string, unknown> | undefined)?.[part];
  if (holder && typeof holder === 'object') delete (holder as Record<string, unknown>)[name];
  const note = `${shown.path} was shown once, in the first answer to this Idempotency-Key, and is not kept for replays.`;
  return { ...copy, secretWithheld: `${note} ${shown.ifLost}` };
}
