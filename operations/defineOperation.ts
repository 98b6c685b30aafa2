import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { Config } from '../config/env';
import type { CredentialKind } from '../engines/access/actor';
import type { Scope } from '../engines/access/scopes';
import type { OperationContext } from './context';
import type { SecretShownOnce } from './secretShownOnce';
import type { AuditedIdentity } from './auditTrail';

/**
 * Who may call an operation: `public` needs no credential (health, contract documents), `any` needs a valid
 * credential whatever its scopes, and a scope needs a credential that carries it.
 */
export type OperationAccess = 'public' | 'any' | Scope;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the answer is written: `envelope` wraps the handler's value as `{ data }` (every contract operation);
 * `json` sends a document as it is (the OpenAPI document); `html` sends a page; `stream` streams a
 * StreamAnswer (an NDJSON export, a file download).
 */
export type ResponseKind = 'envelope' | 'json' | 'html' | 'stream' | 'websocket';

/**
 * What a `websocket` operation's handler returns, after it has authenticated the request and before the upgrade:
 * a refusal is an ordinary error answer (401, 503) and the socket is never opened. `accept` receives the socket
 * once upgraded (api/socketRoutes.ts; the connector hub is the one such operation).
 */
// A type, not an interface, so that it fits the loose output schema of such an operation.
export type SocketAnswer = {
  accept(socket: WebSocket): void;
};

/** What a `stream` operation's handler returns: a body written as it is produced, never held whole in memory. */
export interface StreamAnswer {
  contentType: string;
  /** Absent for an answer without a body (304 Not Modified). */
  body?: AsyncIterable<string | Buffer>;
  /** Offered as the download's file name (Content-Disposition: attachment, RFC 6266 with an RFC 5987 `filename*`). */
  filename?: string;
  /** Further response headers (an event stream's Cache-Control, a download's ETag and Content-Range). */
  headers?: Record<string, string>;
  /** The status when it is not the operation's success status: 206 for a byte range, 304 when not modified. */
  status?: 206 | 304;
}

/**
 * A file body (`input.upload`): `multipart/form-data` with the file in one field, or the raw bytes sent with their
 * own Content-Type. The route streams it into the blob store's staging area while hashing it, before the handler
 * runs, and discards it unless the handler commits it; a declared type outside `accept`, content that does not
 * match it, a body over `maxBytes` (413) or an empty or truncated body answer an error and store nothing.
 */
export interface UploadInput {
  /** The multipart field that carries the file. */
  field: string;
  /** Media types accepted, without parameters (the declared type is compared without its `charset`). */
  accept: readonly string[];
  /** The largest file accepted, in bytes, from the configuration. */
  maxBytes: (config: Config) => number;
  /** Checks the content's first bytes against the declared type: what is wrong, or undefined. */
  sniff?: (head: Buffer, contentType: string) => string | undefined;
  description: string;
}

/** A received upload as the handler sees it: staged, hashed, checked; `commit()` keeps it. */
export interface ReceivedUpload {
  /** The name the client gave (multipart part, or a raw body's Content-Disposition), as sent. */
  filename?: string;
  /** The declared media type, without parameters. */
  contentType: string;
  sha256: string;
  size: number;
  commit(): Promise<void>;
}

/** MCP tool hints (MCP spec ToolAnnotations), derived for the inbound MCP server. */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface OperationInputSchemas {
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  /** Request headers the operation reads (lower-case names), such as an event stream's `last-event-id`. */
  headers?: AnyObject;
  /** A file body instead of JSON. */
  upload?: UploadInput;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface OperationInput<I extends OperationInputSchemas> {
  params: Infer<I['params']>;
  query: Infer<I['query']>;
  body: Infer<I['body']>;
  /** Absent in calls made without headers (a test calling a handler directly). */
  headers?: Infer<I['headers']>;
  /** The received file of an operation with `input.upload`. */
  upload: I['upload'] extends UploadInput ? ReceivedUpload : undefined;
}

export interface OperationDefinition<I extends OperationInputSchemas, O extends z.ZodType> {
  /** Registry name, snake_case, unique: the audit operation name and (with `mcp`) the MCP tool name. */
  name: string;
  method: HttpMethod;
  /** OpenAPI-style path with `{param}` placeholders, e.g. `/api/v1/agent/runs/{id}`. */
  path: string;
  access: OperationAccess;
  summary: string;
  description?: string;
  /** Grouping in the OpenAPI document and the reference. */
  tag: string;
  input: I;
  /** Schema of the success value: of `data` for `envelope` operations. */
  output: O;
  response?: ResponseKind;
  /** Media type of a `stream` operation's body, for the OpenAPI document. */
  produces?: string;
  /** HTTP status of a success; 200 unless said. */
  successStatus?: 200 | 201 | 202;
  /** Further answers the OpenAPI document lists (status → description): a download's 206, 304 and 416, a 404. */
  otherResponses?: Partial<Record<206 | 304 | 404 | 413 | 416, string>>;
  /** Accepts an Idempotency-Key header (agent mutations). */
  idempotent?: boolean;
  /**
   * Where its answer shows a secret displayed once (a webhook's signing secret): an Idempotency-Key replay answers
   * without it, saying why, and only that is kept for replays (operations/secretShownOnce.ts, operations/idempotency.ts).
   */
  revealsSecret?: SecretShownOnce;
  /**
   * The credential kinds the operation takes; default personal access tokens and delegated credentials.
   * (Integration credentials only exchange; company API keys only serve the company API.)
   */
  credentials?: readonly CredentialKind[];
  /** Writes an audit record of each call after authentication; default: every operation but GETs. */
  audit?: boolean;
  /**
   * The body as the audit record keeps it, when it carries secrets under names the audit's redaction cannot
   * recognise (an MCP server's static headers: any header name may hold a secret). Default: the body as sent.
   */
  auditBody?: (body: unknown) => unknown;
  /**
   * A public operation whose success makes someone known (an invitation accepted): whom its audit record names.
   * Without it a public operation leaves no record (it has no workspace whose trail could hold it).
   */
  auditedAs?: (value: unknown) => AuditedIdentity;
  /** `company`: errors answer `{ error, reason }` as the company API does; default the contract's envelope. */
  errorStyle?: 'contract' | 'company';
  /** Present: the operation is also an MCP tool of the inbound server. */
  mcp?: { tool: string; annotations?: ToolAnnotations };
  handler: (ctx: OperationContext, input: OperationInput<I>) => Promise<z.input<O>>;
}

/** A registry entry with its types erased, as the route, OpenAPI and MCP derivations see it. */
export type Operation = OperationDefinition<OperationInputSchemas, z.ZodType>;

/**
 * Declares one operation of the registry. The schemas are the single source of validation, the OpenAPI
 * document, the MCP tool schemas and the client types; the handler checks access, calls an engine and
 * shapes the answer, nothing more.
 */
export function defineOperation<I extends OperationInputSchemas, O extends z.ZodType>(
  definition: OperationDefinition<I, O>,
): Operation {
  return definition as unknown as Operation;
}
