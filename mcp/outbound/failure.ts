import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../engines/appError';
import { RedirectRefusedError } from '../../engines/network/guardedFetch';
import { RefusedAddressError } from '../../engines/network/outboundAddress';
import { refusedUrlError } from '../../engines/network/outboundUrl';

/**
 * Why talking to an outbound MCP server failed, in svc-hr's words only. The SDK's errors quote what the server
 * answered (the body of an HTTP error, a JSON-RPC error message); that text must never reach an admin's
 * `lastError`, an approver's screen or the model: a URL pointed at an inside service would read that service
 * back out. Transport failures stay plain errors, so the caller still retries them.
 */
export class OutboundServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundServerError';
  }
}

/** The error and its causes, outermost first (fetch and the SDK wrap the socket's error). */
function chain(error: unknown): unknown[] {
  const seen: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && !seen.includes(e); e = (e as { cause?: unknown }).cause) {
    seen.push(e);
  }
  return seen;
}

const tlsCodes = /^(CERT_|ERR_TLS_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT|UNABLE_TO_)/;

const redirect = (status: number) => `HTTP ${status} from the server (a redirect, which svc-hr does not follow)`;

function describe(error: unknown, timeoutMs: number): string {
  const refusedRedirect = chain(error).find((e): e is RedirectRefusedError => e instanceof RedirectRefusedError);
  if (refusedRedirect) return redirect(refusedRedirect.status);
  if (error instanceof StreamableHTTPError) {
    if (error.code === -1) return 'the server answered with a content type that is not MCP';
    if (error.code !== undefined && error.code >= 300 && error.code < 400) return redirect(error.code);
    return `HTTP ${error.code ?? 'error'} from the server`;
  }
  if (error instanceof McpError) {
    if (error.code === Number(ErrorCode.RequestTimeout)) return `no answer from the server within ${timeoutMs} ms`;
    if (error.code === Number(ErrorCode.ConnectionClosed)) return 'the server closed the connection';
    return `the server answered with MCP error ${error.code}`;
  }
  for (const e of chain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (tlsCodes.test(code)) return `the server's TLS certificate was refused (${code})`;
    if (/^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return `could not connect to the server (${code})`;
  }
  if (error instanceof Error && error.name === 'ZodError') return 'the server answered something that is not MCP';
  return 'the call to the server failed';
}

/**
 * What to throw for a failure of the MCP client: a URL the outbound policy refused at connection time is the same
 * validation_error as when it is stored; our own AppErrors pass through; anything else becomes an
 * OutboundServerError that says what failed ("HTTP 401 from the server"), never what the server said.
 */
export function outboundFailure(error: unknown, timeoutMs: number): Error {
  const refused = chain(error).find((e): e is RefusedAddressError => e instanceof RefusedAddressError);
  if (refused) return refusedUrlError(refused);
  if (error instanceof AppError) return error;
  return new OutboundServerError(describe(error, timeoutMs));
}
