import type { SvcHrClient } from './client';
import { SvcHrError } from './errors';
import type { RunEvent } from './events';
import { isTerminalStatus, type Action, type Artifact, type Question, type Run } from './types';

/** A message as a conversation shows it: what the person wrote, what the agent said or asked. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant' | 'question';
  text: string;
  runId?: string;
  /** Still being written (message.delta events), or a message of yours the server has not confirmed yet. */
  pending?: boolean;
}

/**
 * - `idle`: no run going (send a message); `loading`: reading the thread;
 * - `running`: the agent works; `requires_action`: it waits for your approval or answer; `cancelling`.
 */
export type AgentStatus = 'idle' | 'loading' | 'running' | 'requires_action' | 'cancelling';

export interface AgentError {
  code: string;
  message: string;
  status?: number;
  requestId?: string;
}

export interface AgentState {
  threadId: string | undefined;
  messages: ChatMessage[];
  /** The current run, or the latest one once it is over. */
  run: Run | undefined;
  /** Every action the current run asked for, with its status. */
  actions: Action[];
  /** Those still waiting for a decision: each shows its system, operation (tool) and arguments. */
  pendingActions: Action[];
  question: Question | undefined;
  /** What the thread's runs produced (reports, summaries): empty without the agent:artifacts scope. */
  artifacts: Artifact[];
  status: AgentStatus;
  /** A command is in flight (disable its buttons). */
  busy: boolean;
  /** The last failure of a command, the stream or the run (a failed or expired run's error). */
  error: AgentError | undefined;
}

export type AgentListener = (state: AgentState) => void;

export interface AgentController {
  getState(): AgentState;
  subscribe(listener: AgentListener): () => void;
  unsubscribe(listener: AgentListener): void;
  /** Resolves once the initial thread (if any) is loaded and its active run followed. */
  ready: Promise<void>;
  /** Sends a message (creating the thread first if there is none) and follows the run it starts. */
  send(message: string): Promise<void>;
  /** Approves one pending action, or all of them without an id. */
  approve(actionId?: string, comment?: string): Promise<void>;
  reject(actionId?: string, comment?: string): Promise<void>;
  answer(text: string): Promise<void>;
  cancel(reason?: string): Promise<void>;
  /** Switches to another thread (or none) and resumes its active run. */
  load(threadId: string | undefined): Promise<void>;
  clearError(): void;
  /** An artifact's bytes, for a download link (URL.createObjectURL). */
  downloadArtifact(artifact: Artifact): Promise<Blob>;
  /** Stops following the stream; the controller is unusable afterwards. */
  dispose(): void;
}

const emptyState = (threadId: string | undefined): AgentState => ({
  threadId,
  messages: [],
  run: undefined,
  actions: [],
  pendingActions: [],
  question: undefined,
  artifacts: [],
  status: threadId ? 'loading' : 'idle',
  busy: false,
  error: undefined,
});

function toError(err: unknown): AgentError {
  if (err instanceof SvcHrError) {
    return {
      code: err.code,
      message: err.message,
      status: err.status,
      ...(err.requestId ? { requestId: err.requestId } : {}),
    };
  }
  return { code: 'internal_error', message: err instanceof Error ? err.message : String(err) };
}

function statusOf(run: Run): AgentStatus {
  if (run.status === 'requires_action') return 'requires_action';
  if (run.status === 'cancelling') return 'cancelling';
  return isTerminalStatus(run.status) ? 'idle' : 'running';
}

/** How a thread message shows: the agent's words before tool calls read as its own message. */
function chatRoleOf(role: string): ChatMessage['role'] | undefined {
  if (role === 'user' || role === 'assistant' || role === 'question') return role;
  return role === 'assistant_tool_calls' ? 'assistant' : undefined;
}

/** The id of a step's answer while it streams (message.delta names no message). */
const draftId = (runId: string, step: number) => `draft-${runId}-${step}`;

/** A question's message is keyed by the question (its event names no message), so a replay finds it shown. */
const questionMessageId = (questionId: string) => `question-${questionId}`;

/** The thread's messages a person reads: user, assistant and question text (tool traffic stays out). */
function chatMessagesOf(
  messages: { id: string; role: string; text?: string; runId?: string; data?: unknown }[],
): ChatMessage[] {
  const shown: ChatMessage[] = [];
  for (const m of messages) {
    const role = chatRoleOf(m.role);
    if (!role || !m.text) continue;
    const questionId = (m.data as { questionId?: unknown } | undefined)?.questionId;
    shown.push({
      id: role === 'question' && typeof questionId === 'string' ? questionMessageId(questionId) : m.id,
      role,
      text: m.text,
      ...(m.runId ? { runId: m.runId } : {}),
    });
  }
  return shown;
}

/**
 * The headless controller of an agent conversation: framework-free state over one thread and the commands a panel
 * needs. It follows the current run's event stream (which reconnects on its own); created with a `threadId`, it
 * reads the thread and resumes its active run, so a page reload restores pending approvals and questions.
 */
export function createAgentController(opts: { client: SvcHrClient; threadId?: string }): AgentController {
  const { client } = opts;
  let state = emptyState(opts.threadId);
  const listeners = new Set<AgentListener>();
  let following: AbortController | undefined;
  let disposed = false;
  let generation = 0;

  const set = (patch: Partial<AgentState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener(state);
  };

  const setActions = (actions: Action[]) =>
    set({ actions, pendingActions: actions.filter((a) => a.status === 'pending') });

  const upsertAction = (action: Action) => {
    const others = state.actions.filter((a) => a.id !== action.id);
    setActions([...others, action]);
  };

  const addMessage = (message: ChatMessage) => {
    if (state.messages.some((m) => m.id === message.id)) return;
    set({ messages: [...state.messages, message] });
  };

  /** Takes in a run as the API describes it: its status, what it waits for, its actions (one update). */
  const applyRun = (run: Run) => {
    const required = run.requiredAction;
    let actions = state.actions;
    if (required?.kind === 'approval') {
      const byId = new Map(actions.map((a) => [a.id, a]));
      for (const action of required.actions) byId.set(action.id, action);
      actions = [...byId.values()];
    } else if (isTerminalStatus(run.status)) {
      // Whatever was still pending ended with the run (cancelled or expired).
      actions = actions.map((a) => (a.status === 'pending' ? { ...a, status: run.status } : a));
    }
    set({
      run,
      status: statusOf(run),
      question: required?.kind === 'question' ? required.question : undefined,
      actions,
      pendingActions: actions.filter((a) => a.status === 'pending'),
      ...(run.error && (run.status === 'failed' || run.status === 'expired') ? { error: run.error } : {}),
    });
  };

  const apply = (event: RunEvent) => {
    switch (event.event) {
      case 'run.queued': {
        // The server's id for the message sent (shown at once with a local id).
        const local = state.messages.find((m) => m.pending && m.role === 'user');
        if (local) {
          set({
            messages: state.messages.map((m) =>
              m === local ? { ...m, id: event.data.messageId, runId: event.data.runId, pending: false } : m,
            ),
          });
        }
        break;
      }
      case 'run.in_progress':
        set({ status: state.status === 'cancelling' ? 'cancelling' : 'running', question: undefined });
        break;
      case 'message.delta': {
        // The answer being written: one draft per step, replaced by the message once it is complete.
        const id = draftId(event.data.runId, event.data.step);
        const draft = state.messages.find((m) => m.id === id);
        const text = (draft?.text ?? '').slice(0, event.data.offset) + event.data.text;
        if (draft) set({ messages: state.messages.map((m) => (m === draft ? { ...m, text } : m)) });
        else addMessage({ id, role: 'assistant', text, runId: event.data.runId, pending: true });
        break;
      }
      case 'message.completed': {
        const { messageId, text, runId } = event.data;
        const role = chatRoleOf(event.data.role);
        if (!text || !role || role === 'user') break;
        const draft = state.messages.find(
          (m) => m.pending && m.role === 'assistant' && m.id.startsWith(`draft-${runId}-`),
        );
        const message: ChatMessage = { id: messageId, role, text, runId };
        // Shown already (a replay after a reload): the replayed draft goes away.
        if (state.messages.some((m) => m.id === messageId)) {
          if (draft) set({ messages: state.messages.filter((m) => m !== draft) });
        } else if (draft) set({ messages: state.messages.map((m) => (m === draft ? message : m)) });
        else addMessage(message);
        break;
      }
      case 'action.requested':
      case 'action.decided':
      case 'action.executing':
      case 'action.succeeded':
      case 'action.failed':
        upsertAction(event.data.action);
        break;
      case 'question.asked':
        addMessage({
          id: questionMessageId(event.data.question.id),
          role: 'question',
          text: event.data.question.text,
          runId: event.data.runId,
        });
        set({ question: event.data.question, status: 'requires_action' });
        break;
      case 'question.answered':
        set({ question: undefined });
        break;
      case 'run.requires_action': {
        const required = event.data.requiredAction;
        if (required.kind === 'approval') {
          const byId = new Map(state.actions.map((a) => [a.id, a]));
          for (const action of required.actions) byId.set(action.id, action);
          setActions([...byId.values()]);
        }
        set({
          status: 'requires_action',
          question: required.kind === 'question' ? required.question : undefined,
        });
        break;
      }
      default:
        break;
    }
  };

  /** Reads the thread's artifacts; a credential without agent:artifacts simply shows none. */
  const refreshArtifacts = async (threadId: string | undefined) => {
    if (!threadId) return;
    try {
      const page = await client.listArtifacts({ threadId, limit: 50 });
      if (state.threadId === threadId) set({ artifacts: page.artifacts });
    } catch {
      // Not offered to this credential, or not on this server: the panel shows no files.
    }
  };

  /** Follows a run's stream until it ends, then reads its final state (status, error). */
  const follow = async (runId: string, lastEventId = 0) => {
    following?.abort();
    const abort = new AbortController();
    following = abort;
    try {
      for await (const event of client.streamRun(runId, { signal: abort.signal, lastEventId })) apply(event);
      if (abort.signal.aborted) return;
      applyRun(await client.getRun(runId, { signal: abort.signal }));
      await refreshArtifacts(state.threadId);
    } catch (err) {
      if (!abort.signal.aborted) set({ error: toError(err) });
    } finally {
      if (following === abort) following = undefined;
    }
  };

  /** A command: `busy` while it runs, its failure in `error`. */
  const command = async (fn: () => Promise<void>) => {
    if (disposed) return;
    set({ busy: true, error: undefined });
    try {
      await fn();
    } catch (err) {
      set({ error: toError(err) });
    } finally {
      set({ busy: false });
    }
  };

  const load = async (threadId: string | undefined) => {
    const mine = ++generation;
    following?.abort();
    state = emptyState(threadId);
    set({});
    if (!threadId) return;
    try {
      const detail = await client.getThread(threadId);
      if (mine !== generation) return;
      set({ messages: chatMessagesOf(detail.messages) });
      const latest = detail.runs[detail.runs.length - 1];
      if (!latest) return set({ status: 'idle' });
      void refreshArtifacts(threadId);
      applyRun(latest);
      // The answer to a question is a user message; the question itself is a message too (already shown).
      if (!isTerminalStatus(latest.status)) void follow(latest.id);
    } catch (err) {
      if (mine === generation) set({ status: 'idle', error: toError(err) });
    }
  };

  const decide = (decision: 'approve' | 'reject', actionId?: string, comment?: string) =>
    command(async () => {
      const run = state.run;
      if (!run) throw new SvcHrError({ code: 'conflict', message: 'There is no run to decide on', status: 409 });
      const input = { decision, ...(comment ? { comment } : {}) };
      const after = actionId
        ? await client.decideAction(run.id, actionId, input)
        : await client.decideRun(run.id, input);
      applyRun(after);
      if (after.status !== 'requires_action' && !following) void follow(run.id);
    });

  const controller: AgentController = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unsubscribe(listener) {
      listeners.delete(listener);
    },
    ready: Promise.resolve(),
    send: (message) =>
      command(async () => {
        const text = message.trim();
        if (!text) throw new SvcHrError({ code: 'validation_error', message: 'Write a message first', status: 400 });
        let threadId = state.threadId;
        if (!threadId) {
          const thread = await client.createThread({ title: text.slice(0, 80) });
          threadId = thread.id;
          generation++;
          set({ threadId });
        }
        const localId = `local-${globalThis.crypto.randomUUID()}`;
        addMessage({ id: localId, role: 'user', text, pending: true });
        let runId: string;
        try {
          ({ runId } = await client.sendMessage(threadId, { message: text }));
        } catch (err) {
          set({ messages: state.messages.filter((m) => m.id !== localId) });
          throw err;
        }
        set({ status: 'running', question: undefined, actions: [], pendingActions: [] });
        applyRun(await client.getRun(runId));
        void follow(runId);
      }),
    approve: (actionId, comment) => decide('approve', actionId, comment),
    reject: (actionId, comment) => decide('reject', actionId, comment),
    answer: (text) =>
      command(async () => {
        const run = state.run;
        if (!run) throw new SvcHrError({ code: 'conflict', message: 'There is no question to answer', status: 409 });
        const after = await client.answerRun(run.id, { answer: text });
        addMessage({ id: `answer-${run.id}-${state.messages.length}`, role: 'user', text, runId: run.id });
        applyRun(after);
        if (!following) void follow(run.id);
      }),
    cancel: (reason) =>
      command(async () => {
        const run = state.run;
        if (!run) throw new SvcHrError({ code: 'conflict', message: 'There is no run to cancel', status: 409 });
        applyRun(await client.cancelRun(run.id, reason ? { reason } : {}));
        if (!following) void follow(run.id);
      }),
    load,
    clearError: () => set({ error: undefined }),
    downloadArtifact: (artifact) => client.downloadArtifact(artifact.runId, artifact.id),
    dispose() {
      disposed = true;
      following?.abort();
      listeners.clear();
    },
  };
  controller.ready = load(opts.threadId);
  return controller;
}
