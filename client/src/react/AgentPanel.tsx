import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from 'react';
import type { Action, Artifact } from '../types';
import type { AgentController, AgentState, ChatMessage } from '../controller';
import { panelCss } from './styles';

/** The controller's state as React state: re-renders on every change. */
export function useAgentState(controller: AgentController): AgentState {
  return useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
}

export interface AgentPanelProps {
  controller: AgentController;
  /** The panel's heading and accessible name. */
  title?: string;
  placeholder?: string;
  className?: string;
  /** Leave out the built-in styles (style `.svchr-*` yourself). */
  unstyled?: boolean;
}

const statusText: Record<AgentState['status'], string> = {
  idle: 'Ready',
  loading: 'Loading the conversation…',
  running: 'The assistant is working…',
  requires_action: 'Waiting for you',
  cancelling: 'Cancelling…',
};

const speaker: Record<ChatMessage['role'], string> = {
  user: 'You',
  assistant: 'Assistant',
  question: 'Assistant asks',
};

function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Fetches the artifact with the panel's credential and hands it to the browser as a download. */
async function download(controller: AgentController, artifact: Artifact) {
  const blob = await controller.downloadArtifact(artifact);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = artifact.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function ApprovalCard(props: { action: Action; busy: boolean; focus: boolean; controller: AgentController }) {
  const { action, controller, busy } = props;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (props.focus) heading.current?.focus();
  }, [props.focus]);
  const args = Object.entries(action.arguments);
  return (
    <article className="svchr-card" aria-labelledby={headingId} data-action-id={action.id}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Approval needed
      </h3>
      <p style={{ margin: 0 }}>{action.description}</p>
      <dl className="svchr-facts">
        <dt>System</dt>
        <dd data-field="system">{action.system}</dd>
        <dt>Operation</dt>
        <dd data-field="operation">
          <code>{action.tool}</code>
        </dd>
      </dl>
      <table className="svchr-args">
        <caption>Arguments</caption>
        <tbody>
          {args.length === 0 ? (
            <tr>
              <td colSpan={2}>none</td>
            </tr>
          ) : (
            args.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{formatValue(value)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <div className="svchr-actions">
        <button
          type="button"
          data-variant="primary"
          disabled={busy}
          aria-describedby={headingId}
          onClick={() => void controller.approve(action.id)}
        >
          Approve
        </button>
        <button
          type="button"
          data-variant="danger"
          disabled={busy}
          aria-describedby={headingId}
          onClick={() => void controller.reject(action.id)}
        >
          Reject
        </button>
      </div>
    </article>
  );
}

function QuestionPrompt(props: { state: AgentState; controller: AgentController }) {
  const { state, controller } = props;
  const question = state.question!;
  const [answer, setAnswer] = useState('');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, [question.id]);
  const submit = (text: string) => {
    if (!text.trim()) return;
    void controller.answer(text.trim());
    setAnswer('');
  };
  return (
    <form
      className="svchr-question"
      aria-label="Answer the assistant"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit(answer);
      }}
    >
      <label htmlFor={inputId}>{question.text}</label>
      {question.choices && question.choices.length > 0 ? (
        <div className="svchr-actions" role="group" aria-label="Suggested answers">
          {question.choices.map((choice) => (
            <button key={choice} type="button" disabled={state.busy} onClick={() => submit(choice)}>
              {choice}
            </button>
          ))}
        </div>
      ) : null}
      <div className="svchr-form">
        <input
          id={inputId}
          ref={input}
          value={answer}
          autoComplete="off"
          onChange={(e) => setAnswer(e.target.value)}
          disabled={state.busy}
        />
        <button type="submit" data-variant="primary" disabled={state.busy || !answer.trim()}>
          Answer
        </button>
      </div>
    </form>
  );
}

/**
 * The agent panel: the conversation, approval cards (system, operation, arguments; Approve and Reject), question
 * prompts, cancel, and errors, over a headless controller. Keyboard: Enter sends, Shift+Enter starts a new line;
 * focus moves to an approval card or a question when one appears and back to the message box when the run ends.
 */
export function AgentPanel(props: AgentPanelProps) {
  const { controller } = props;
  const state = useAgentState(controller);
  const [draft, setDraft] = useState('');
  const composer = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLOListElement>(null);
  const titleId = useId();
  const composerId = useId();
  const active = state.status === 'running' || state.status === 'requires_action' || state.status === 'cancelling';
  const firstPending = state.pendingActions[0]?.id;

  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [state.messages.length, state.pendingActions.length]);

  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) composer.current?.focus();
    wasActive.current = active;
  }, [active]);

  const send = () => {
    const text = draft.trim();
    if (!text || active || state.busy) return;
    setDraft('');
    void controller.send(text);
  };

  return (
    <section
      className={['svchr-panel', props.className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      data-status={state.status}
    >
      {props.unstyled ? null : <style>{panelCss}</style>}
      <header className="svchr-header">
        <h2 className="svchr-title" id={titleId}>
          {props.title ?? 'HR assistant'}
        </h2>
        <span className="svchr-status" role="status" aria-live="polite">
          {statusText[state.status]}
        </span>
      </header>

      <ol className="svchr-log" ref={log} role="log" aria-live="polite" aria-label="Conversation">
        {state.messages.length === 0 && state.status === 'idle' ? (
          <li className="svchr-empty">Ask about your leave: “Book annual leave next Monday”.</li>
        ) : null}
        {state.messages.map((m) => (
          <li key={m.id} className="svchr-msg" data-role={m.role} data-pending={m.pending ? 'true' : undefined}>
            <span className="svchr-who">{speaker[m.role]}</span>
            {m.text}
          </li>
        ))}
      </ol>

      {state.pendingActions.map((action) => (
        <ApprovalCard
          key={action.id}
          action={action}
          busy={state.busy}
          focus={action.id === firstPending}
          controller={controller}
        />
      ))}

      {state.question ? <QuestionPrompt key={state.question.id} state={state} controller={controller} /> : null}

      {state.artifacts.length > 0 ? (
        <section aria-label="Files from the assistant">
          <ul className="svchr-artifacts">
            {state.artifacts.map((artifact) => (
              <li key={artifact.id}>
                <button
                  type="button"
                  className="svchr-link"
                  onClick={() => void download(controller, artifact)}
                  aria-label={`Download ${artifact.filename}`}
                >
                  {artifact.filename}
                </button>{' '}
                <small>({Math.max(1, Math.round(artifact.size / 1024))} kB)</small>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {state.error ? (
        <div className="svchr-error" role="alert">
          <div>
            <strong>{state.error.message}</strong>
            <small>
              {state.error.code}
              {state.error.requestId ? ` · request ${state.error.requestId}` : ''}
            </small>
          </div>
          <button type="button" onClick={() => controller.clearError()}>
            Dismiss
          </button>
        </div>
      ) : null}

      {active ? (
        <div className="svchr-run">
          <span>{statusText[state.status]}</span>
          <button
            type="button"
            data-variant="danger"
            disabled={state.busy || state.status === 'cancelling'}
            onClick={() => void controller.cancel()}
          >
            Cancel run
          </button>
        </div>
      ) : state.run?.status === 'cancelled' ? (
        <p className="svchr-run">The last run was cancelled; nothing more was done.</p>
      ) : null}

      <form
        className="svchr-form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          send();
        }}
      >
        <label htmlFor={composerId} className="svchr-sr">
          Message
        </label>
        <textarea
          id={composerId}
          ref={composer}
          rows={2}
          value={draft}
          placeholder={props.placeholder ?? 'Message the HR assistant'}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e: KeyboardEvent<HTMLTextAreaElement>) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              send();
            }
          }}
        />
        <button type="submit" data-variant="primary" disabled={active || state.busy || !draft.trim()}>
          Send
        </button>
      </form>
    </section>
  );
}
