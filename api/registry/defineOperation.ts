import type { z } from 'zod';
import type { CredentialKind } from '../../engines/access/actor';
import type { Scope } from '../../engines/access/scopes';
import type { OperationContext } from '../context';

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
export type ResponseKind = 'envelope' | 'json' | 'html' | 'stream';

/** What a `stream` operation's handler returns: a body written as it is produced, never held whole in memory. */
export interface StreamAnswer {
  contentType: string;
  body: AsyncIterable<string | Buffer>;
  /** Offered as the download's file name (Content-Disposition: attachment). */
  filename?: string;
  /** Further response headers (an event stream's Cache-Control). */
  headers?: Record<string, string>;
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
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface OperationInput<I extends OperationInputSchemas> {
  params: Infer<I['params']>;
  query: Infer<I['query']>;
  body: Infer<I['body']>;
  /** Absent in calls made without headers (a test calling a handler directly). */
  headers?: Infer<I['headers']>;
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
  /** Accepts an Idempotency-Key header (agent mutations). */
  idempotent?: boolean;
  /**
   * The credential kinds the operation takes; default personal access tokens and delegated credentials.
   * (Integration credentials only exchange; company API keys only serve the company API.)
   */
  credentials?: readonly CredentialKind[];
  /** Writes an audit record of each call after authentication; default: every operation but GETs. */
  audit?: boolean;
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
