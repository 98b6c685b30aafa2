/** At most this many origins in SVC_HR_CORS_ORIGINS: a list of sites, not a registry of them. */
export const MAX_CORS_ORIGINS = 100;

/** A host as the URL parser leaves it: letters, digits, dots, dashes, underscores (IDNs become xn--), or [IPv6]. */
const plainHost = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/;

/**
 * Reads SVC_HR_CORS_ORIGINS, comma-separated browser origins (`scheme://host[:port]`), into their serialized form
 * (the one a browser sends as `Origin`: lower-case host, no default port, no trailing slash). Undefined when the
 * value is unset; `{ error }` naming the first entry that is not an origin.
 *
 * Refused: a path, query, fragment or user name (an origin has none); a scheme other than http and https; `null`
 * (the origin every sandboxed frame and file:// page shares); wildcards, `*` included. Bearer tokens make an open
 * CORS policy look harmless, but the API also answers some requests by where they come from (the example app signs
 * in demo users for loopback clients without a password), and `*` would let any page a developer visits read that.
 */
export function parseCorsOrigins(value: string | undefined): string[] | { error: string } | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length > MAX_CORS_ORIGINS) {
    return { error: `SVC_HR_CORS_ORIGINS lists ${entries.length} origins; at most ${MAX_CORS_ORIGINS}` };
  }
  const origins = new Set<string>();
  for (const entry of entries) {
    const origin = originOf(entry);
    if (origin === undefined) {
      return {
        error: entry.includes('*')
          ? `SVC_HR_CORS_ORIGINS: ${JSON.stringify(entry)}: wildcards are not accepted; list each origin, ` +
            'like https://hr.example.com'
          : `SVC_HR_CORS_ORIGINS: ${JSON.stringify(entry)} is not an origin; write scheme://host[:port] with ` +
            'http or https and no path, like https://hr.example.com or http://localhost:8080',
      };
    }
    origins.add(origin);
  }
  return [...origins];
}

function originOf(entry: string): string | undefined {
  // A trailing slash is how a URL bar copies an origin; anything after the host beyond it is a path.
  const text = entry.endsWith('/') ? entry.slice(0, -1) : entry;
  if (/[/?#@\\\s]/.test(text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, ''))) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!plainHost.test(url.hostname)) return undefined;
  return url.origin;
}
