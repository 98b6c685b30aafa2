import { canonicalJson, type JsonValue } from './canonicalJson';

// Verification reads the arguments column as PostgreSQL's jsonb text and needs their canonical JSON (canonicalJson).
// Parsing the text into objects only to write it again was a fifth of the walk's CPU and much of its garbage, so
// the common text is rewritten directly. jsonb text is already normalized (no duplicate keys, ", " and ": " between
// members, control characters escaped, no lone surrogates), so what is left to do: drop that spacing, sort the keys
// by UTF-16 code units (jsonb orders them by length, then bytes) and keep numbers and strings that are already in
// canonical form. Anything else (a backslash escape, a fraction, an exponent, a large integer, -0) makes the whole
// value go through JSON.parse and canonicalJson, which is the definition this must equal (jsonbCanonical.test.ts).

// Integers that ECMAScript writes as they are: exact below 2^53, no -0, no leading zeros.
const plainInteger = /^(?:0|-?[1-9]\d{0,14})$/;

/** Thrown inside the rewrite when the text is not in a form it handles: the caller falls back to JSON.parse. */
const NOT_PLAIN = new Error('not plain jsonb text');

let text = '';
let at = 0;

function fail(): never {
  throw NOT_PLAIN;
}

/** The string at `at`, unquoted: one without backslashes ends at the next quote and needs no escaping. */
function bodyAt(): string {
  const end = text.indexOf('"', at + 1);
  if (end < 0) fail();
  const body = text.slice(at + 1, end);
  if (body.includes('\\')) fail();
  at = end + 1;
  return body;
}

function valueAt(): string {
  const c = text.charCodeAt(at);
  if (c === 0x22) return `"${bodyAt()}"`;
  if (c === 0x7b) return objectAt();
  if (c === 0x5b) return arrayAt();
  let end = at;
  while (end < text.length) {
    const d = text.charCodeAt(end);
    if (d === 0x2c || d === 0x5d || d === 0x7d) break;
    end++;
  }
  const word = text.slice(at, end);
  at = end;
  if (word === 'true' || word === 'false' || word === 'null' || plainInteger.test(word)) return word;
  return fail();
}

/** After a member: ", " then another, or the closing bracket. */
function nextMember(close: number): boolean {
  const c = text.charCodeAt(at);
  if (c === close) {
    at++;
    return false;
  }
  if (c !== 0x2c || text.charCodeAt(at + 1) !== 0x20) fail();
  at += 2;
  return true;
}

function arrayAt(): string {
  at++;
  if (text.charCodeAt(at) === 0x5d) {
    at++;
    return '[]';
  }
  let out = `[${valueAt()}`;
  while (nextMember(0x5d)) out += `,${valueAt()}`;
  return `${out}]`;
}

function objectAt(): string {
  at++;
  if (text.charCodeAt(at) === 0x7d) {
    at++;
    return '{}';
  }
  const keys: string[] = [];
  const members = new Map<string, string>();
  do {
    if (text.charCodeAt(at) !== 0x22) fail();
    const key = bodyAt();
    if (text.charCodeAt(at) !== 0x3a || text.charCodeAt(at + 1) !== 0x20) fail();
    at += 2;
    keys.push(key);
    members.set(key, valueAt());
  } while (nextMember(0x7d));
  // The default sort compares UTF-16 code units, as canonicalJson does (the keys unquoted: '"' is no sort key).
  keys.sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) out += `${i === 0 ? '' : ','}"${keys[i]!}":${members.get(keys[i]!)!}`;
  return `${out}}`;
}

/**
 * The canonical JSON of the value whose jsonb output text is `jsonbText`: canonicalJson(JSON.parse(jsonbText)),
 * without building the value when the text has the usual form. Throws as those two do (a number JSON cannot carry).
 */
export function canonicalJsonOfJsonb(jsonbText: string): string {
  text = jsonbText;
  at = 0;
  try {
    const out = valueAt();
    if (at === text.length) return out;
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
  } finally {
    text = '';
  }
  return canonicalJson(JSON.parse(jsonbText) as JsonValue);
}
