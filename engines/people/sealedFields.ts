import type { SecretBox } from '../secrets/secretBox';

/**
 * The person fields kept sealed at rest (AES-256-GCM, engines/secrets/secretBox.ts): a national id and a bank
 * account are what an attacker with a copy of the database (a backup, a replica, a support dump) would want most,
 * and nothing filters or sorts by them, so the database never needs them in clear.
 */
export const sealedPersonFields = ['nationalId', 'bankAccountIban'] as const;
export type SealedPersonField = (typeof sealedPersonFields)[number];

/** Seals and opens one employee's sealed fields, each bound to its row and field (a value copied elsewhere fails). */
export interface PersonSeal {
  seal(employeeId: string, field: SealedPersonField, plain: string): string;
  open(employeeId: string, field: SealedPersonField, stored: string): string;
}

// What SecretBox.seal writes: version, iv, tag and body, base64.
const sealedForm = /^v1:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]*=*$/;

/** Whether a stored value is sealed; a value written before sealing is not, until sealPersonFieldsAtRest runs. */
export function isSealed(stored: string): boolean {
  return sealedForm.test(stored);
}

const bindingOf = (employeeId: string, field: SealedPersonField) => `employee:${employeeId}:${field}`;

export function personSealOf(box: SecretBox): PersonSeal {
  return {
    seal: (employeeId, field, plain) => box.seal(plain, bindingOf(employeeId, field)),
    open: (employeeId, field, stored) => (isSealed(stored) ? box.open(stored, bindingOf(employeeId, field)) : stored),
  };
}
