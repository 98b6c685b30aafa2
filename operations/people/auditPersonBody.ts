import { REDACTED } from '../../engines/audit/redact';
import { personFieldAccess } from '../../engines/access/fieldAccess';

/** The body fields only HR and the person read (fieldAccess.ts), and why someone leaves. */
const sensitiveKeys = new Set<string>([
  ...Object.entries(personFieldAccess)
    .filter(([, rule]) => rule.read === 'sensitive')
    .map(([field]) => field),
  'reason',
]);

/**
 * A person's body as the audit trail keeps it: which sensitive fields the call set (or cleared, null), never their
 * values. The trail is kept for good and read by admins and auditors; a national id, a bank account, a birth date, a
 * home address or the reason someone leaves are the person's record's to hold, not the trail's.
 */
export function auditPersonBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, sensitiveKeys.has(key) && value !== null ? REDACTED : value]),
  );
}
