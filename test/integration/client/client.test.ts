import { createHash } from 'node:crypto';
import { SvcHrError, isSvcHrError, type RunEvent, type SvcHrClient } from '../../../client/src';
import { createClient } from '../../../client/src';
import { tokenFor } from '../../support/identity';
import { startAgentKit, type AgentKit } from '../agent/agentKit';
import { clientFor, listen } from './liveClient';

/**
 * The client against the live API: a real HTTP server (the API as `svc-hr api` builds it), a worker running the
 * real agentRun workflow and the built-in model. Nothing of the API is mocked; the only wrapped fetch is the one
 * that drops a connection on purpose.
 */
let kit: AgentKit;
let baseUrl: string;

beforeAll(async () => {
  kit = await startAgentKit();
  baseUrl = await listen(kit);
});

afterAll(async () => {
  await kit?.close();
});

/** Collects a run's events until `stop` holds for one (included). */
async function collect(
  events: AsyncIterable<RunEvent>,
  stop: (event: RunEvent) => boolean = () => false,
): Promise<RunEvent[]> {
  const seen: RunEvent[] = [];
  for await (const event of events) {
    seen.push(event);
    if (stop(event)) break;
  }
  return seen;
}

async function userId(email: string): Promise<string> {
  return (await kit.db.prisma.user.findFirstOrThrow({ where: { email } })).id;
}

describe('createClient against the live API', () => {
  it('exchanges an integration credential, then books leave through a thread, a run, its stream and an approval', async () => {
    const integration = await tokenFor(
      kit.db.prisma,
      'admin',
      ['agent:run', 'agent:read', 'agent:approve', 'leave:read', 'leave:write'],
      { kind: 'integration_credential' },
    );
    const backend = createClient({ baseUrl, credential: integration });
    // The backend finds the user by e-mail address, or by its own id for them, before the exchange.
    const found = await backend.lookupUser({ email: 'ALICE@acme.test' });
    expect(found).toMatchObject({ id: await userId('alice@acme.test'), email: 'alice@acme.test', status: 'active' });
    await kit.db.prisma.user.update({ where: { id: found.id }, data: { externalId: 'crm-alice' } });
    expect((await backend.lookupUser({ externalId: 'crm-alice' })).id).toBe(found.id);
    await expect(backend.lookupUser({ externalId: 'crm-nobody' })).rejects.toMatchObject({ status: 404 });
    const delegated = await backend.exchangeCredential({
      userId: found.id,
      externalSessionId: 'client-test-session',
      scopes: ['agent:run', 'agent:read', 'agent:approve', 'leave:read', 'leave:write', 'reports:read'],
    });
    expect(delegated.accessToken).toMatch(/^hrd_/);
    // Only the scopes the integration credential holds are granted.
    expect([...delegated.scopes].sort()).toEqual([
      'agent:approve',
      'agent:read',
      'agent:run',
      'leave:read',
      'leave:write',
    ]);
    expect(Date.parse(delegated.expiresAt)).toBeGreaterThan(Date.now());

    const browser = createClient({ baseUrl, credential: delegated.accessToken });
    const thread = await browser.createThread({ title: 'Leave' });
    expect(thread.title).toBe('Leave');
    const { runId } = await browser.sendMessage(thread.id, { message: 'Book annual leave next Monday' });

    const first = await collect(browser.streamRun(runId), (e) => e.event === 'run.requires_action');
    const waiting = first[first.length - 1];
    expect(waiting?.event).toBe('run.requires_action');
    if (waiting?.event !== 'run.requires_action' || waiting.data.requiredAction.kind !== 'approval') {
      throw new Error('expected an approval');
    }
    const [action] = waiting.data.requiredAction.actions;
    expect(action).toMatchObject({ tool: 'create_leave_request', system: 'svc-hr', status: 'pending' });
    expect(action?.arguments).toEqual(
      expect.objectContaining({ start_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) }),
    );

    const decided = await browser.decideAction(runId, action!.id, { decision: 'approve' });
    expect(decided.id).toBe(runId);
    const rest = await collect(browser.streamRun(runId, { lastEventId: waiting.id }));
    const all = [...first, ...rest];
    // Every event once, in order, from the first: resuming after Last-Event-ID neither skips nor repeats.
    expect(all.map((e) => e.id)).toEqual(all.map((_, i) => i + 1));
    expect(all[all.length - 1]?.event).toBe('run.completed');
    const reply = all.filter((e) => e.event === 'message.completed' && e.data.role === 'assistant').pop();
    expect(reply?.event === 'message.completed' && reply.data.text).toMatch(/Annual leave/);

    const run = await browser.getRun(runId);
    expect(run.status).toBe('completed');
    const detail = await browser.getThread(thread.id);
    expect(detail.runs.map((r) => r.id)).toEqual([runId]);
    expect(detail.messages.map((m) => m.role)).toContain('assistant');
    const day = String(action!.arguments.start_date);
    const alice = await kit.db.prisma.user.findFirstOrThrow({
      where: { email: 'alice@acme.test' },
      include: { employee: true },
    });
    const requests = await kit.db.prisma.leaveRequest.findMany({
      where: { employeeId: alice.employee?.id, startDate: new Date(`${day}T00:00:00Z`), status: 'PENDING' },
    });
    expect(requests).toHaveLength(1);
  });

  it('reconnects a dropped stream with Last-Event-ID: no event missing or repeated', async () => {
    const requests: Array<{ url: string; lastEventId: string | null }> = [];
    let drops = 0;
    // Passes the real response through, but cuts the first two event streams right after their first event.
    const droppingFetch = async (input: string, init?: RequestInit): Promise<Response> => {
      const res = await fetch(input, init);
      if (!input.includes('/events')) return res;
      requests.push({ url: input, lastEventId: new Headers(init?.headers).get('last-event-id') });
      if (drops >= 2 || !res.body) return res;
      drops++;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const encoder = new TextEncoder();
      let text = '';
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          text += value;
          const start = text.indexOf('id: ');
          const end = start === -1 ? -1 : text.indexOf('\n\n', start);
          if (end === -1) return;
          controller.enqueue(encoder.encode(text.slice(0, end + 2)));
          await reader.cancel();
          controller.error(new TypeError('terminated: the connection dropped'));
        },
      });
      return new Response(body, { status: res.status, headers: res.headers });
    };
    const client = await clientFor(kit, baseUrl, 'bob', { fetch: droppingFetch });
    const thread = await client.createThread({ title: 'Balance' });
    const { runId } = await client.sendMessage(thread.id, { message: 'How many days of annual leave do I have left?' });
    const events = await collect(client.streamRun(runId));
    expect(drops).toBe(2);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests[0]?.lastEventId).toBeNull();
    // Each reconnection resumed after an event it had received.
    expect(requests[1]?.lastEventId).toMatch(/^\d+$/);
    expect(Number(requests[2]?.lastEventId)).toBeGreaterThan(Number(requests[1]?.lastEventId));
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect(events[events.length - 1]?.event).toBe('run.completed');
  });

  it('stops at the AbortSignal, and ends at once for a run that is over', async () => {
    const client = await clientFor(kit, baseUrl, 'carol');
    const thread = await client.createThread({ title: 'Who' });
    const { runId } = await client.sendMessage(thread.id, { message: 'who am I' });
    const all = await collect(client.streamRun(runId));
    expect(all[all.length - 1]?.event).toBe('run.completed');
    // Resuming after the terminal event: nothing left, and the stream knows the run is over.
    expect(await collect(client.streamRun(runId, { lastEventId: all[all.length - 1]!.id }))).toEqual([]);
    const abort = new AbortController();
    const replay = await collect(client.streamRun(runId, { signal: abort.signal }), () => {
      abort.abort();
      return false;
    });
    expect(replay).toHaveLength(1);
  });

  it('reports failures as SvcHrError with code, message, status and request id', async () => {
    const client = await clientFor(kit, baseUrl, 'alice');
    const missing = await client.getRun('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(isSvcHrError(missing)).toBe(true);
    expect(missing).toMatchObject({ code: 'not_found', status: 404 });
    expect((missing as SvcHrError).requestId).toMatch(/.+/);

    const invalid = await client.createThread({ title: '' }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ code: 'validation_error', status: 400 });
    expect((invalid as SvcHrError).message).toMatch(/title/);

    const stranger = createClient({ baseUrl, credential: 'hrp_not-a-real-token' });
    await expect(stranger.createThread({ title: 'x' })).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    const stream = stranger.streamRun('00000000-0000-4000-8000-000000000000');
    await expect(stream.next()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });

    const unreachable = createClient({ baseUrl: 'http://127.0.0.1:9', credential: 'x', maxRetries: 0 });
    await expect(unreachable.getRun('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'network_error',
      status: 0,
    });
  });

  it('sends an Idempotency-Key: the same key replays the first answer, another body with it is refused', async () => {
    const client: SvcHrClient = await clientFor(kit, baseUrl, 'manager');
    const thread = await client.createThread({ title: 'Twice' });
    const key = `client-test-${Date.now()}`;
    const once = await client.sendMessage(thread.id, { message: 'who am I' }, { idempotencyKey: key });
    const again = await client.sendMessage(thread.id, { message: 'who am I' }, { idempotencyKey: key });
    expect(again.runId).toBe(once.runId);
    await expect(
      client.sendMessage(thread.id, { message: 'something else' }, { idempotencyKey: key }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    // The replay started no second run.
    const detail = await client.getThread(thread.id);
    expect(detail.runs).toHaveLength(1);
  });

  it('uploads an attachment, then lists and downloads the artifacts a run made', async () => {
    const client = await clientFor(kit, baseUrl, 'hr');
    const attachment = await client.uploadAttachment('name,days\nAlice,3\n', {
      filename: 'notes.csv',
      contentType: 'text/csv',
    });
    expect(attachment).toMatchObject({ filename: 'notes.csv', contentType: 'text/csv', size: 18 });
    await expect(
      client.uploadAttachment('x', { filename: 'x.exe', contentType: 'application/x-msdownload' }),
    ).rejects.toBeInstanceOf(SvcHrError);

    const thread = await client.createThread({ title: 'Report' });
    const { runId } = await client.sendMessage(thread.id, { message: 'who has more than 10 days untaken' });
    const events = await collect(client.streamRun(runId));
    expect(events[events.length - 1]?.event).toBe('run.completed');
    const { artifacts } = await client.listArtifacts({ threadId: thread.id });
    expect(new Set(artifacts.map((a) => a.kind))).toEqual(new Set(['summary', 'untaken_leave_report']));
    expect(artifacts.every((a) => a.runId === runId && a.threadId === thread.id)).toBe(true);
    const report = artifacts.find((a) => a.kind === 'untaken_leave_report')!;
    expect(await client.getArtifact(runId, report.id)).toEqual(report);
    const blob = await client.downloadArtifact(runId, report.id);
    const bytes = Buffer.from(await blob.arrayBuffer());
    expect(bytes.length).toBe(report.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(report.sha256);
  });
});
