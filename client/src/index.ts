export { createClient } from './client';
export type { ClientOptions, FetchLike, MutationOptions, StreamOptions, SvcHrClient } from './client';
export { SvcHrError, isSvcHrError } from './errors';
export { isTerminalEvent, terminalRunEvents } from './events';
export type { RunEvent, RunEventData, RunEventName } from './events';
export { createAgentController } from './controller';
export type { AgentController, AgentError, AgentListener, AgentState, AgentStatus, ChatMessage } from './controller';
export { isTerminalStatus, terminalRunStatuses } from './types';
export type {
  Action,
  AgentUser,
  Artifact,
  ArtifactPage,
  Attachment,
  ListArtifactsQuery,
  SendMessageInput,
  BodyOf,
  DataOf,
  Decision,
  DelegatedCredential,
  ErrorCode,
  ExchangeCredentialInput,
  LookupUserQuery,
  Message,
  OperationName,
  Question,
  RequiredAction,
  Run,
  RunStatus,
  Thread,
  ThreadDetail,
} from './types';
export type { paths, operations } from './generated/openapi';
