import type { operations } from './generated/openapi';

/**
 * The resource types of the agent API, read off the generated OpenAPI types (generated/openapi.ts), so that a
 * change in the server's schemas shows up here as a type error instead of a surprise at run time.
 */
export type OperationName = keyof operations;

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type SuccessOf<O> = O extends { responses: infer R }
  ? R extends { 200: infer S }
    ? S
    : R extends { 201: infer S }
      ? S
      : never
  : never;

/** The `data` of an operation's success envelope. */
export type DataOf<N extends OperationName> = JsonOf<SuccessOf<operations[N]>> extends { data: infer D } ? D : never;
/** The JSON body an operation takes. */
export type BodyOf<N extends OperationName> = operations[N] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type Thread = DataOf<'create_agent_thread'>['thread'];
export type ThreadDetail = DataOf<'get_agent_thread'>;
export type Message = ThreadDetail['messages'][number];
export type Run = DataOf<'get_agent_run'>['run'];
export type RunStatus = Run['status'];
export type RequiredAction = NonNullable<Run['requiredAction']>;
export type Action = Extract<RequiredAction, { kind: 'approval' }>['actions'][number];
export type Question = Extract<RequiredAction, { kind: 'question' }>['question'];
export type ExchangeCredentialInput = BodyOf<'exchange_agent_token'>;
export type DelegatedCredential = DataOf<'exchange_agent_token'>;
/** A user as lookupUser answers it: its `id` is exchangeCredential's `userId`. */
export type AgentUser = DataOf<'lookup_agent_user'>['user'];
/** Exactly one of the user's e-mail address and your own id for them. */
export type LookupUserQuery = { email: string } | { externalId: string };
export type Decision = BodyOf<'decide_agent_run'>['decision'];
export type SendMessageInput = BodyOf<'send_agent_message'>;
export type Attachment = DataOf<'upload_agent_attachment'>['attachment'];
export type Artifact = DataOf<'get_agent_artifact'>['artifact'];
export type ArtifactPage = DataOf<'list_agent_artifacts'>;
export type ListArtifactsQuery = NonNullable<operations['list_agent_artifacts']['parameters']['query']>;
export type ErrorCode =
  JsonOf<operations['get_agent_run']['responses'][401]> extends { error: { code: infer C } } ? C : string;

/** A run in one of these states is over: nothing more happens to it. */
export const terminalRunStatuses: readonly RunStatus[] = ['completed', 'failed', 'cancelled', 'expired'];

export function isTerminalStatus(status: RunStatus): boolean {
  return terminalRunStatuses.includes(status);
}
