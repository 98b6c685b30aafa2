import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createAgentController, createClient, type AgentController } from '@svc-hr/client';
import { AgentPanel } from '@svc-hr/client/react';
import { savedThread, saveThread, signIn, type Session } from './session';

// The demo backend signs in only these (api/exampleApp/demoUsers.ts): never an HR manager, admin or owner.
const demoUsers = ['alice@acme.test', 'bob@acme.test', 'carol@acme.test', 'manager@acme.test'];

function Conversation(props: { session: Session }) {
  const { session } = props;
  const controller = useMemo<AgentController>(() => {
    const client = createClient({ baseUrl: window.location.origin, credential: session.accessToken });
    const threadId = savedThread(session.email);
    return createAgentController({ client, ...(threadId ? { threadId } : {}) });
  }, [session]);
  useEffect(() => {
    // Remember the thread, so a reload resumes it (and its pending approval).
    const unsubscribe = controller.subscribe((state) => saveThread(session.email, state.threadId));
    return () => {
      unsubscribe();
      controller.dispose();
    };
  }, [controller, session.email]);
  return (
    <>
      <p className="who">
        Signed in as <strong>{session.name}</strong> ({session.email}) ·{' '}
        <button type="button" onClick={() => void controller.load(undefined)}>
          New conversation
        </button>
      </p>
      <AgentPanel controller={controller} title="HR assistant" />
    </>
  );
}

function App() {
  const params = new URLSearchParams(window.location.search);
  const [email, setEmail] = useState(
    params.get('user') ?? localStorage.getItem('svc-hr-example:user') ?? demoUsers[0]!,
  );
  const [session, setSession] = useState<Session>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    setSession(undefined);
    setError(undefined);
    localStorage.setItem('svc-hr-example:user', email);
    signIn(email).then(
      (s) => live && setSession(s),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [email]);
  return (
    <main>
      <h1>svc-hr agent panel: example</h1>
      <p>
        This page is a product embedding <code>@svc-hr/client</code>. Its backend holds the integration credential and
        gives the page a delegated credential of the user you pick.
      </p>
      <label>
        Demo user{' '}
        <select value={email} onChange={(e) => setEmail(e.target.value)}>
          {demoUsers.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </label>
      {error ? <p role="alert">{error}</p> : null}
      {session ? <Conversation key={session.email} session={session} /> : error ? null : <p>Signing in…</p>}
    </main>
  );
}

const css = `
body { margin: 0; font-family: system-ui, sans-serif; background: #f3f4f7; color: #1d2330; }
main { max-width: 760px; margin: 24px auto; padding: 0 16px; display: flex; flex-direction: column; gap: 12px; }
h1 { font-size: 1.3rem; margin: 0; }
.who button { font: inherit; }
`;
const style = document.createElement('style');
style.textContent = css;
document.head.append(style);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
