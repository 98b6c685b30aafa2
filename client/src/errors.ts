import type { ErrorCode } from './types';

/**
 * Every failure the client reports: the API's error envelope with the HTTP status and the request id
 * (X-Request-Id, for support), or `network_error` (status 0) when no answer came.
 */
export class SvcHrError extends Error {
  override readonly name = 'SvcHrError';
  readonly code: ErrorCode | 'network_error';
  readonly status: number;
  readonly requestId: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  /** Seconds the server asked to wait (Retry-After), when it did. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    code: ErrorCode | 'network_error';
    message: string;
    status: number;
    requestId?: string;
    details?: Record<string, unknown>;
    retryAfter?: number;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
  }
}

export function isSvcHrError(value: unknown): value is SvcHrError {
  return value instanceof SvcHrError;
}

/** Retry-After in seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

/** Reads a failed response into a SvcHrError, whatever its body (a proxy's HTML page included). */
export async function errorFromResponse(res: Response): Promise<SvcHrError> {
  const requestId = res.headers.get('x-request-id') ?? undefined;
  const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
  const code =
    typeof error?.code === 'string' ? (error.code as ErrorCode) : res.status >= 500 ? 'internal_error' : 'unavailable';
  return new SvcHrError({
    code,
    message: typeof error?.message === 'string' ? error.message : `HTTP ${res.status} ${res.statusText}`.trim(),
    status: res.status,
    ...(requestId ? { requestId } : {}),
    ...(error?.details && typeof error.details === 'object'
      ? { details: error.details as Record<string, unknown> }
      : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
}
