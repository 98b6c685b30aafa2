/** A JSON value: what the audit trail stores and hashes. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * The canonical JSON text of a JSON value, as RFC 8785 (JSON Canonicalization Scheme) defines it for the values
 * the audit trail holds: no whitespace, object keys sorted by their UTF-16 code units, strings escaped as
 * `JSON.stringify` escapes them, numbers written as ECMAScript writes them (shortest round-trip form). Hashes are
 * taken over its UTF-8 bytes, so an auditor can recompute them with any RFC 8785 library (docs/audit.md).
 *
 * Throws on anything that is not JSON (undefined, functions, bigint, NaN, Infinity): the caller normalizes values
 * first (`redactArguments` does), because silently dropping them would make the hash cover something else than
 * what is stored.
 */
export function canonicalJson(value: JsonValue): string {
  // Plain loops and concatenation: verification hashes every record, and this is most of its cost.
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonical JSON has no form for the number ${value}`);
      // JSON.stringify writes -0 as 0, like RFC 8785.
      return JSON.stringify(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let text = '[';
        for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + canonicalJson(value[i]!);
        return `${text}]`;
      }
      // The default sort compares UTF-16 code units, which is the order RFC 8785 prescribes.
      const keys = Object.keys(value).sort();
      let text = '{';
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const member = value[key];
        if (member === undefined) throw new TypeError(`canonical JSON has no form for undefined (key "${key}")`);
        text += (i === 0 ? '' : ',') + quote(key) + ':' + canonicalJson(member);
      }
      return `${text}}`;
    }
    default:
      throw new TypeError(`canonical JSON has no form for a value of type ${typeof value}`);
  }
}

// Strings with nothing to escape (no quote, backslash, control character or surrogate) are quoted as they are;
// the rest take JSON.stringify's escapes, which are RFC 8785's. Most strings of a record are ids and names.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const nothingToEscape = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** A string as a JSON string literal, escaped as RFC 8785 (and JSON.stringify) escape it. */
export function quote(text: string): string {
  return nothingToEscape.test(text) ? `"${text}"` : JSON.stringify(text);
}
