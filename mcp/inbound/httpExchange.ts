import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isInitializeRequest,
  JSONRPCMessageSchema,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type JSONRPCResultResponse,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

// The SDK's isJSONRPCRequest and its kin run a zod parse for each test. A message readPost returns, or the server
// sends, is valid JSON-RPC already, so its keys tell its kind: parsing it once more per test cost ~5 µs a call.

/** Whether a valid JSON-RPC message is a request (it has a method and an id; a notification has no id). */
export function isRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return 'method' in message && 'id' in message;
}

/** Whether a valid JSON-RPC message is a response, a result or an error. */
function isResponse(message: JSONRPCMessage): message is JSONRPCResultResponse | JSONRPCErrorResponse {
  return !('method' in message) && ('result' in message || 'error' in message);
}

/** What to answer one POST with: a status and, unless it is 202, a JSON body. */
export interface ExchangeAnswer {
  status: number;
  body?: unknown;
}

function refusal(status: number, code: number, message: string): ExchangeAnswer {
  return { status, body: { jsonrpc: '2.0', id: null, error: { code, message } } };
}

/**
 * The messages of one POST of the streamable HTTP transport (MCP 2025-06-18, "Transports"), or the answer that
 * refuses it: the client must accept both JSON and an event stream (406); the body is one JSON-RPC message or a
 * batch of at most 100 (-32700 for anything else, -32600 for an empty or oversized batch); an initialize comes
 * alone. These are the checks the SDK's own transport makes, and the same answers.
 */
export function readPost(
  accept: string | undefined,
  body: unknown,
): { messages: JSONRPCMessage[]; batch: boolean } | { refused: ExchangeAnswer } {
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
    return {
      refused: refusal(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream'),
    };
  }
  const batch = Array.isArray(body);
  const raw: unknown[] = batch ? body : [body];
  if (batch && raw.length === 0) return { refused: refusal(400, -32600, 'Invalid Request: empty batch') };
  if (raw.length > MAX_BATCH_SIZE) {
    return { refused: refusal(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`) };
  }
  const messages: JSONRPCMessage[] = [];
  for (const message of raw) {
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (!parsed.success) return { refused: refusal(400, -32700, 'Parse error: Invalid JSON-RPC message') };
    messages.push(parsed.data);
  }
  if (messages.length > 1 && messages.some(isInitializeRequest)) {
    return { refused: refusal(400, -32600, 'Invalid Request: Only one initialization request is allowed') };
  }
  return { messages, batch };
}

/**
 * The SDK transport of one stateless POST answered as JSON: it hands the POST's messages to the server and
 * resolves once every request among them has its response. It stands in for the SDK's
 * WebStandardStreamableHTTPServerTransport, which turns Node's request into a web Request, Headers and URL and
 * its answer back from a web Response: measured, that made ~70 of the ~90 µs the SDK layer cost per call
 * (bench/mcp.ts). Server-to-client messages other than responses (progress, logging) have nowhere to go in a
 * JSON answer and are dropped, as the SDK's transport drops them in its JSON mode.
 */
class PostExchange implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly responses = new Map<RequestId, JSONRPCMessage>();
  private waitingFor = 0;
  private done?: () => void;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!isResponse(message)) return;
    if (message.id === undefined || this.responses.has(message.id)) return;
    this.responses.set(message.id, message);
    if (this.responses.size === this.waitingFor) this.done?.();
  }

  /** Delivers the messages; resolves with the responses to its requests, in the order the requests came. */
  async deliver(messages: JSONRPCMessage[], extra: MessageExtraInfo): Promise<JSONRPCMessage[]> {
    const requests = messages.filter(isRequest);
    this.waitingFor = new Set(requests.map((r) => r.id)).size;
    const answered = new Promise<void>((resolve) => (this.done = resolve));
    for (const message of messages) this.onmessage?.(message, extra);
    if (this.waitingFor > 0) await answered;
    return requests.map((r) => this.responses.get(r.id)!);
  }
}

/**
 * Runs one POST's messages through `server` (made for this request: stateless, so any replica answers any POST)
 * and tells what to answer: 202 with no body when they hold no request (notifications, responses), else 200 with
 * the response, or the array of responses when the POST was a batch.
 *
 * The server is not closed afterwards, only dropped: it holds no timer or socket (it never sends a request of its
 * own), and the SDK's close would abort the controllers of requests already answered and build an error for each,
 * which measured as 4% of a call's CPU.
 */
export async function exchange(
  server: Server,
  read: { messages: JSONRPCMessage[]; batch: boolean },
  extra: MessageExtraInfo,
): Promise<ExchangeAnswer> {
  const transport = new PostExchange();
  await server.connect(transport);
  const responses = await transport.deliver(read.messages, extra);
  if (responses.length === 0) return { status: 202 };
  return { status: 200, body: read.batch ? responses : responses[0] };
}
