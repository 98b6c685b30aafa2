import { errorFromResponse, SvcHrError } from './errors';
import { isTerminalEvent, type RunEvent } from './events';
import { createSseParser } from './sse';
import {
  isTerminalStatus,
  type Artifact,
  type ArtifactPage,
  type Attachment,
  type ListArtifactsQuery,
  type SendMessageInput,
  type DataOf,
  type Decision,
  type AgentUser,
  type DelegatedCredential,
  type ExchangeCredentialInput,
  type LookupUserQuery,
  type Run,
  type Thread,
  type ThreadDetail,
} from './types';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** The service's origin (and path prefix, if any), e.g. `https://hr.example.com`. */
  baseUrl: string;
  /**
   * What goes in `Authorization: Bearer`: in a browser a delegated credential, on your backend the integration
   * credential (for exchangeCredential). A function is asked before every request (a refreshed credential).
   */
  credential: string | (() => string | Promise<string>);
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  /** Retries of a 429 (after its Retry-After) or a dropped connection; default 2. */
  maxRetries?: number;
  /** The longest wait before a retry, whatever Retry-After says; default 30 s. */
  maxRetryDelayMs?: number;
}

export interface MutationOptions {
  /** Sent as Idempotency-Key: the same key replays the first answer. Generated (and kept across retries) if absent. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface StreamOptions {
  /** Resume after this event id (the last one you handled). */
  lastEventId?: number;
  signal?: AbortSignal;
  /** Reconnections in a row without a new event before giving up; default 8. */
  maxReconnects?: number;
}

export interface SvcHrClient {
  /**
   * Your backend, with the integration credential: the user of the workspace with this e-mail address or with your
   * own id for them (externalId), whose `id` exchangeCredential takes as `userId`. Not found answers 404.
   */
  lookupUser(query: LookupUserQuery, opts?: { signal?: AbortSignal }): Promise<AgentUser>;
  exchangeCredential(input: ExchangeCredentialInput, opts?: MutationOptions): Promise<DelegatedCredential>;
  createThread(input: { title: string }, opts?: MutationOptions): Promise<Thread>;
  getThread(threadId: string, opts?: { signal?: AbortSignal }): Promise<ThreadDetail>;
  listThreads(opts?: { signal?: AbortSignal }): Promise<DataOf<'list_agent_threads'>>;
  /** `attachmentIds` from uploadAttachment give the agent files to read. */
  sendMessage(threadId: string, input: SendMessageInput, opts?: MutationOptions): Promise<{ runId: string }>;
  getRun(runId: string, opts?: { signal?: AbortSignal }): Promise<Run>;
  streamRun(runId: string, opts?: StreamOptions): AsyncGenerator<RunEvent, void, undefined>;
  decideAction(
    runId: string,
    actionId: string,
    input: { decision: Decision; comment?: string },
    opts?: MutationOptions,
  ): Promise<Run>;
  decideRun(runId: string, input: { decision: Decision; comment?: string }, opts?: MutationOptions): Promise<Run>;
  answerRun(runId: string, input: { answer: string }, opts?: MutationOptions): Promise<Run>;
  cancelRun(runId: string, input?: { reason?: string }, opts?: MutationOptions): Promise<Run>;
  /** Uploads a file for a later message (its raw bytes with their media type). */
  uploadAttachment(
    file: Blob | ArrayBuffer | Uint8Array | string,
    input: { filename: string; contentType?: string },
    opts?: MutationOptions,
  ): Promise<Attachment>;
  listArtifacts(query?: ListArtifactsQuery, opts?: { signal?: AbortSignal }): Promise<ArtifactPage>;
  getArtifact(runId: string, artifactId: string, opts?: { signal?: AbortSignal }): Promise<Artifact>;
  /** The artifact's bytes (a Blob: make an object URL of it for a download link). */
  downloadArtifact(runId: string, artifactId: string, opts?: { signal?: AbortSignal }): Promise<Blob>;
}

interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** A body sent as it is (an upload), with its media type. */
  raw?: { body: Blob | ArrayBuffer | Uint8Array | string; contentType: string };
  idempotencyKey?: string;
  signal?: AbortSignal | undefined;
}

const enc = encodeURIComponent;

/** Aborts with the signal's reason; resolves after `ms` otherwise. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s... up to `cap`. */
function backoffMs(attempt: number, cap: number): number {
  const base = Math.min(cap, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

function newKey(): string {
  return globalThis.crypto.randomUUID();
}

export function createClient(options: ClientOptions): SvcHrClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const maxRetries = options.maxRetries ?? 2;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;

  const authorization = async () => {
    const credential = typeof options.credential === 'function' ? await options.credential() : options.credential;
    return `Bearer ${credential}`;
  };

  /**
   * One call with the retry policy: a 429 waits for its Retry-After (bounded), a dropped connection backs off;
   * a mutation keeps its Idempotency-Key across retries, so a retried write happens once.
   */
  async function send(spec: RequestSpec, accept = 'application/json', extra: Record<string, string> = {}) {
    const headers: Record<string, string> = { accept, authorization: await authorization(), ...extra };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    if (spec.raw) headers['content-type'] = spec.raw.contentType;
    if (spec.method === 'POST') headers['idempotency-key'] = spec.idempotencyKey ?? newKey();
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(`${baseUrl}${spec.path}`, {
          method: spec.method,
          headers,
          ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
          ...(spec.raw ? { body: spec.raw.body as RequestInit['body'] } : {}),
          ...(spec.signal ? { signal: spec.signal } : {}),
        });
      } catch (cause) {
        if (spec.signal?.aborted) throw cause;
        if (attempt < maxRetries) {
          await sleep(backoffMs(attempt, maxDelay), spec.signal);
          continue;
        }
        throw new SvcHrError({ code: 'network_error', message: 'The service could not be reached', status: 0, cause });
      }
      if (res.ok) return res;
      const error = await errorFromResponse(res);
      if (error.status === 429 && attempt < maxRetries) {
        const waitMs = error.retryAfter !== undefined ? error.retryAfter * 1000 : backoffMs(attempt, maxDelay);
        await sleep(Math.min(maxDelay, waitMs), spec.signal);
        continue;
      }
      throw error;
    }
  }

  async function call<T>(spec: RequestSpec): Promise<T> {
    const res = await send(spec);
    return ((await res.json()) as { data: T }).data;
  }

  const post = <T>(path: string, body: unknown, opts: MutationOptions = {}) =>
    call<T>({
      method: 'POST',
      path,
      body,
      ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}),
      signal: opts.signal,
    });
  const get = <T>(path: string, opts: { signal?: AbortSignal } = {}) =>
    call<T>({ method: 'GET', path, signal: opts.signal });

  const client: SvcHrClient = {
    lookupUser: async (query, opts) => {
      const search = new URLSearchParams('email' in query ? { email: query.email } : { externalId: query.externalId });
      return (await get<DataOf<'lookup_agent_user'>>(`/api/v1/agent/users?${search.toString()}`, opts)).user;
    },
    exchangeCredential: (input, opts) => post<DelegatedCredential>('/api/v1/agent/token', input, opts),
    createThread: async (input, opts) =>
      (await post<DataOf<'create_agent_thread'>>('/api/v1/agent/threads', input, opts)).thread,
    getThread: (threadId, opts) => get<ThreadDetail>(`/api/v1/agent/threads/${enc(threadId)}`, opts),
    listThreads: (opts) => get<DataOf<'list_agent_threads'>>('/api/v1/agent/threads', opts),
    sendMessage: (threadId, input, opts) =>
      post<{ runId: string }>(`/api/v1/agent/threads/${enc(threadId)}/messages`, input, opts),
    getRun: async (runId, opts) => (await get<{ run: Run }>(`/api/v1/agent/runs/${enc(runId)}`, opts)).run,
    decideAction: async (runId, actionId, input, opts) =>
      (await post<{ run: Run }>(`/api/v1/agent/runs/${enc(runId)}/actions/${enc(actionId)}/decisions`, input, opts))
        .run,
    decideRun: async (runId, input, opts) =>
      (await post<{ run: Run }>(`/api/v1/agent/runs/${enc(runId)}/decisions`, input, opts)).run,
    answerRun: async (runId, input, opts) =>
      (await post<{ run: Run }>(`/api/v1/agent/runs/${enc(runId)}/answers`, input, opts)).run,
    cancelRun: async (runId, input = {}, opts) =>
      (await post<{ run: Run }>(`/api/v1/agent/runs/${enc(runId)}/cancel`, input, opts)).run,
    uploadAttachment: async (file, input, opts = {}) => {
      const contentType =
        input.contentType ?? (typeof Blob !== 'undefined' && file instanceof Blob && file.type ? file.type : undefined);
      if (!contentType) throw new TypeError('uploadAttachment needs a contentType (or a Blob with a type)');
      const query = new URLSearchParams({ filename: input.filename });
      const spec: RequestSpec = {
        method: 'POST',
        path: `/api/v1/agent/attachments?${query.toString()}`,
        raw: { body: file, contentType },
        signal: opts.signal,
        ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}),
      };
      return (await call<{ attachment: Attachment }>(spec)).attachment;
    },
    listArtifacts: (query = {}, opts) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
      const qs = params.toString();
      return get<ArtifactPage>(`/api/v1/agent/artifacts${qs ? `?${qs}` : ''}`, opts);
    },
    getArtifact: async (runId, artifactId, opts) =>
      (await get<{ artifact: Artifact }>(`/api/v1/agent/runs/${enc(runId)}/artifacts/${enc(artifactId)}`, opts))
        .artifact,
    downloadArtifact: async (runId, artifactId, opts = {}) => {
      const res = await send(
        {
          method: 'GET',
          path: `/api/v1/agent/runs/${enc(runId)}/artifacts/${enc(artifactId)}/download`,
          signal: opts.signal,
        },
        '*/*',
      );
      return res.blob();
    },
    streamRun,
  };

  /**
   * The run's events in order, each once: a dropped connection reconnects with Last-Event-ID after a backoff
   * (reset by every event received). Ends after the terminal event, when the signal aborts, or when the run is
   * over with nothing left to send; throws a SvcHrError for an answer that retrying cannot fix (401, 403, 404).
   */
  async function* streamRun(runId: string, opts: StreamOptions = {}): AsyncGenerator<RunEvent, void, undefined> {
    const { signal } = opts;
    const maxReconnects = opts.maxReconnects ?? 8;
    let last = opts.lastEventId ?? 0;
    let failures = 0;
    while (!signal?.aborted) {
      let received = 0;
      const queue: RunEvent[] = [];
      const parser = createSseParser((m) => {
        if (m.id === undefined) return;
        const id = Number(m.id);
        // A replay never repeats what was handed out already.
        if (!Number.isFinite(id) || id <= last) return;
        queue.push({ id, event: m.event, data: JSON.parse(m.data) } as RunEvent);
      });
      try {
        const res = await send(
          { method: 'GET', path: `/api/v1/agent/runs/${enc(runId)}/events`, signal },
          'text/event-stream',
          last > 0 ? { 'last-event-id': String(last) } : {},
        );
        if (!res.body) throw new SvcHrError({ code: 'network_error', message: 'The stream had no body', status: 0 });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            parser.feed(value);
            while (queue.length > 0) {
              const event = queue.shift() as RunEvent;
              last = event.id;
              received++;
              failures = 0;
              yield event;
              if (isTerminalEvent(event) || signal?.aborted) return;
            }
          }
        } finally {
          reader.cancel().catch(() => undefined);
        }
      } catch (err) {
        if (signal?.aborted) return;
        // 4xx other than 429 will not get better by asking again.
        if (err instanceof SvcHrError && err.status >= 400 && err.status < 500) throw err;
        if (++failures > maxReconnects) throw err;
        await sleep(backoffMs(failures - 1, maxDelay), signal).catch(() => undefined);
        continue;
      }
      // The server ended the stream without a terminal event: a run already over (nothing after `last`), or a
      // connection closed by a proxy. Stop for the first, reconnect for the second.
      if (received === 0) {
        const run = await client.getRun(runId, signal ? { signal } : {}).catch(() => undefined);
        if (run && isTerminalStatus(run.status)) return;
        if (++failures > maxReconnects)
          throw new SvcHrError({ code: 'unavailable', message: 'The event stream keeps closing', status: 0 });
        await sleep(backoffMs(failures - 1, maxDelay), signal).catch(() => undefined);
      }
    }
  }

  return client;
}
