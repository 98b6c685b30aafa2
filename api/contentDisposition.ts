/**
 * `Content-Disposition` for a download (RFC 6266): an ASCII `filename` fallback for old clients, with quotes,
 * backslashes, `%` and anything outside printable ASCII replaced, and the exact name as an RFC 5987 `filename*`.
 * A name can never break out of the header (no CR/LF, no quote) whatever the user called the file.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The file name a request's `Content-Disposition` gives (`filename*` preferred, as RFC 6266 says), if any. */
export function dispositionFilename(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([\w!#$&+.^`|~-]+)'[\w-]*'([^;\s]+)/i.exec(header);
  if (extended?.[1]?.toLowerCase() === 'utf-8' && extended[2]) {
    try {
      return decodeURIComponent(extended[2]);
    } catch {
      // A malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const token = /filename\s*=\s*([^;\s"]+)/i.exec(header);
  return token?.[1];
}
