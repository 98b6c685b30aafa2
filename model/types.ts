/**
 * The agent's own step protocol, independent of any AI SDK: the run loop (a Temporal workflow with its activities)
 * speaks only these types, so the built-in model and a real provider are interchangeable behind `AgentModel`.
 * Everything here is plain JSON, so a step can cross an activity boundary and be replayed from history.
 */

/** A JSON Schema object describing a tool's arguments (as `deriveTools` produces: params, query and body side by side). */
export type JsonSchemaObject = { type: 'object'; properties?: Record<string, unknown>; required?: string[] } & Record<
  string,
  unknown
>;

/**
 * How a tool touches the world: `read` runs at once, `write` changes our own data and waits for a person's approval,
 * `external` is an outbound MCP tool (`mcp__<server>__<tool>`) and always waits for approval.
 */
export type ToolKind = 'read' | 'write' | 'external';

/** A tool of the catalogue the model may call in this run: only those the user's role and scopes allow. */
export interface AgentTool {
  name: string;
  description: string;
  inputSchema: JsonSchemaObject;
  kind: ToolKind;
}

/** One tool call the model plans. `id` is deterministic (see `toolCallId`), so a replayed run plans the same ids. */
export interface ToolCall {
  id: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** The error a failed tool result carries, as the REST layer answers it (`{ error: { code, message } }`). */
export interface ToolError {
  error: { code: string; message: string; details?: unknown };
}

/**
 * A file the user attached to a message: what it is, and its text where it can be extracted (CSV, plain text,
 * JSON), so that the model can read it ("book the leave days in this CSV for me").
 */
export interface MessageAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  /** The file's text (its start, when `truncated`): CSV, plain text, JSON, or an XLSX's first sheet as CSV. */
  text?: string;
  truncated?: boolean;
}

/**
 * The conversation so far, oldest first. `question` is a clarifying question the model asked (a `question` step);
 * the user's answer follows as a `user` message. A tool result with `ok: false` carries a `ToolError`; a write the
 * person declined comes back as `{ ok: false, result: { error: { code: 'rejected_by_user', message } } }`.
 */
export type AgentMessage =
  | { role: 'user'; text: string; attachments?: MessageAttachment[] }
  | { role: 'assistant'; text: string }
  | { role: 'question'; text: string; choices?: string[] }
  | { role: 'assistant_tool_calls'; calls: ToolCall[]; text?: string }
  | { role: 'tool'; toolCallId: string; tool: string; ok: boolean; result: unknown };

/** What the model decides to do next: answer, ask the user, or call tools (several at once when independent). */
export type ModelStep =
  | { type: 'reply'; text: string }
  | { type: 'question'; text: string; choices?: string[] }
  | { type: 'tool_calls'; calls: ToolCall[]; text?: string };

/** The user the run acts for, as the model needs to know them (their live role, read at each step). */
export interface ModelUser {
  name: string;
  role: string;
}

/** Everything one step of the model needs. No clock: "today" and the time zone come in, so a step is reproducible. */
export interface ModelInput {
  messages: AgentMessage[];
  tools: AgentTool[];
  /** Today in the tenant's calendar, `YYYY-MM-DD`. */
  today: string;
  /** The tenant's IANA time zone, e.g. `Europe/Paris`. */
  timeZone: string;
  user: ModelUser;
}

/** What a step may report while the model works: its answer's text as it streams (providers that stream). */
export interface ModelStepProgress {
  onTextDelta?: (text: string) => void;
}

/** The agent's model: one planning step per call. The built-in model and AI SDK providers both implement it. */
export interface AgentModel {
  /** A short name for logs and activity summaries, e.g. `builtin` or `openai:gpt-4o-mini`. */
  readonly name: string;
  /** Plans one step; a model that streams calls `progress.onTextDelta` with its text on the way. */
  next(input: ModelInput, progress?: ModelStepProgress): Promise<ModelStep>;
}

/** The name of the pseudo-tool through which an AI SDK model asks the user a question (see docs/model.md). */
export const ASK_USER_TOOL = 'ask_user';

/**
 * The id of the `index`-th call planned when the conversation holds `messageCount` messages. Messages only grow,
 * so ids never repeat within a run, and a replay of the same history derives the same ids.
 */
export function toolCallId(messageCount: number, index: number): string {
  return `call_${messageCount}_${index}`;
}
