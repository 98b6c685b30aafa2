/**
 * The page's sign-in, as a product embedding the panel would do it: its own backend (here the example app's
 * create_example_session) turns "who is signed in" into a delegated credential. The page never sees the
 * integration credential; it keeps the delegated one for the tab (sessionStorage) until it expires.
 */
export interface Session {
  accessToken: string;
  expiresAt: string;
  email: string;
  name: string;
}

const key = (email: string) => `svc-hr-example:session:${email}`;
const threadKey = (email: string) => `svc-hr-example:thread:${email}`;

export async function signIn(email: string): Promise<Session> {
  const stored = sessionStorage.getItem(key(email));
  if (stored) {
    const session = JSON.parse(stored) as Session;
    // A minute of margin: a credential about to expire is replaced now rather than mid-run.
    if (Date.parse(session.expiresAt) - Date.now() > 60_000) return session;
  }
  const res = await fetch('/example/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const body = (await res.json()) as { data?: Session; error?: { message: string } };
  if (!res.ok || !body.data) throw new Error(body.error?.message ?? `Sign-in failed (HTTP ${res.status})`);
  const session = { ...body.data };
  sessionStorage.setItem(key(email), JSON.stringify(session));
  return session;
}

export const savedThread = (email: string) => localStorage.getItem(threadKey(email)) ?? undefined;

export function saveThread(email: string, threadId: string | undefined) {
  if (threadId) localStorage.setItem(threadKey(email), threadId);
  else localStorage.removeItem(threadKey(email));
}
