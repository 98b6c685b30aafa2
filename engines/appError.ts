/**
 * The one error type of svc-hr. Engines and handlers throw it; the REST layer renders it as
 * `{ error: { code, message, details? } }` with the status from `statusOf`, the MCP layer as a tool
 * result with `isError`, and activities as a non-retryable ApplicationFailure when retrying cannot help.
 */
export const errorCodes = [
  'unauthorized',
  'forbidden',
  'not_found',
  'validation_error',
  'conflict',
  'idempotency_key_reused',
  'rate_limited',
  'method_not_allowed',
  'payload_too_large',
  'range_not_satisfiable',
  'internal_error',
  'unavailable',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const httpStatus: Record<ErrorCode, number> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  validation_error: 400,
  conflict: 409,
  idempotency_key_reused: 422,
  rate_limited: 429,
  method_not_allowed: 405,
  payload_too_large: 413,
  // A download's Range names no byte of the file (RFC 9110 section 15.5.17).
  range_not_satisfiable: 416,
  internal_error: 500,
  unavailable: 503,
};

/** The HTTP status that answers an error of this code. */
export function statusOf(code: ErrorCode): number {
  return httpStatus[code];
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return statusOf(this.code);
  }

  /** The body of the REST error envelope. */
  toBody(): { error: { code: ErrorCode; message: string; details?: Record<string, unknown> } } {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}
