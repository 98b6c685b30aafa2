import { AppError } from '../appError';

/** An HTTP header name (RFC 9110 token). */
const headerName = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/**
 * Headers an admin may not set: the attribution svc-hr adds to every call (a server must be able to trust that it
 * names the real user, run and action), and the ones the MCP transport itself owns.
 */
const reservedNames =
  /^(x-svc-hr-.*|idempotency-key|mcp-session-id|mcp-protocol-version|last-event-id|content-type|content-length|accept|host|connection|transfer-encoding)$/i;

/**
 * The static headers to seal for a server: the admin's headers (names checked, values without line breaks), with
 * a bearer secret as `Authorization: Bearer …`. Answers undefined when there are none. Throws validation_error.
 */
export function staticHeaders(
  headers: Record<string, string> | undefined,
  bearerToken: string | undefined,
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!headerName.test(name)) {
      throw new AppError('validation_error', `headers: "${name}" is not a valid header name`, { field: 'headers' });
    }
    if (reservedNames.test(name)) {
      throw new AppError('validation_error', `headers: ${name} is set by svc-hr itself and cannot be configured`, {
        field: 'headers',
      });
    }
    if (/[\r\n\0]/.test(value)) {
      throw new AppError('validation_error', `headers: the value of ${name} must not contain line breaks`, {
        field: 'headers',
      });
    }
    if (Object.keys(out).some((known) => known.toLowerCase() === name.toLowerCase())) {
      throw new AppError('validation_error', `headers: ${name} is given twice`, { field: 'headers' });
    }
    out[name] = value;
  }
  if (bearerToken !== undefined) {
    if (Object.keys(out).some((n) => n.toLowerCase() === 'authorization')) {
      throw new AppError('validation_error', 'Give either bearerToken or an Authorization header, not both', {
        field: 'bearerToken',
      });
    }
    if (/[\r\n\0\s]/.test(bearerToken)) {
      throw new AppError('validation_error', 'bearerToken must not contain spaces or line breaks', {
        field: 'bearerToken',
      });
    }
    out.Authorization = `Bearer ${bearerToken}`;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
