import { createAgentController, type AgentController, type AgentState } from '../../../client/src';
import { startAgentKit, type AgentKit } from '../agent/agentKit';
import { clientFor, listen, until } from './liveClient';

/** The headless controller over the live API (real HTTP, real worker, real workflow, built-in model). */
let kit: AgentKit;
let baseUrl: string;
const controllers: AgentController[] = [];

beforeAll(async () => {
  kit = await startAgentKit();
  baseUrl = await listen(kit);
});

afterEach(() => {
  for (const c of controllers.splice(0)) c.dispose();
});

afterAll(async () => {
  await kit?.close();
});

async function controllerFor(who: 'alice' | 'bob' | 'carol' | 'manager', threadId?: string) {
  const controller = createAgentController({
    client: await clientFor(kit, baseUrl, who),
    ...(threadId ? { threadId } : {}),
  });
  controllers.push(controller);
  return controller;
}

const when = (c: AgentController, predicate: (s: AgentState) => boolean) =>
  until<AgentState>(
    (l) => c.subscribe(l),
    () => c.getState(),
    predicate,
  );

describe('createAgentController against the live API', () => {
  it('sends, shows the pending action, survives a reload, approves and shows the reply', async () => {
    const first = await controllerFor('alice');
    const seen: AgentState[] = [];
    first.subscribe((s) => seen.push(s));
    await first.send('Book annual leave next Monday');
    const waiting = await when(first, (s) => s.pendingActions.length > 0 && s.status === 'requires_action');
    const [action] = waiting.pendingActions;
    expect(action).toMatchObject({ tool: 'create_leave_request', system: 'svc-hr', status: 'pending' });
    expect(action?.arguments.start_date).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(waiting.threadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(waiting.messages[0]).toMatchObject({ role: 'user', text: 'Book annual leave next Monday', pending: false });
    expect(seen.some((s) => s.busy)).toBe(true);
    first.dispose();

    // A reload: a new controller on the same thread restores the pending approval from the API.
    const reloaded = await controllerFor('alice', waiting.threadId);
    await reloaded.ready;
    const restored = await when(reloaded, (s) => s.pendingActions.length > 0);
    expect(restored.status).toBe('requires_action');
    expect(restored.pendingActions.map((a) => a.id)).toEqual([action!.id]);
    expect(restored.messages.map((m) => m.text)).toContain('Book annual leave next Monday');

    const streamed: AgentState[] = [];
    reloaded.subscribe((s) => streamed.push(s));
    await reloaded.approve(action!.id);
    const done = await when(reloaded, (s) => s.run?.status === 'completed' && s.status === 'idle');
    expect(done.error).toBeUndefined();
    expect(done.pendingActions).toEqual([]);
    expect(done.actions.find((a) => a.id === action!.id)?.status).toBe('succeeded');
    const reply = done.messages[done.messages.length - 1];
    expect(reply).toMatchObject({ role: 'assistant' });
    expect(reply?.text).toMatch(/I've requested Annual leave/);
    // Replayed events never duplicate what the thread already showed.
    const ids = done.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(done.messages.filter((m) => m.pending)).toEqual([]);
    // The reply streamed in (message.delta) as a draft before its message.completed replaced it.
    const drafts = streamed.filter((s) => s.messages.some((m) => m.pending && m.role === 'assistant'));
    expect(drafts.length).toBeGreaterThan(0);
    expect(done.messages.filter((m) => m.text === reply?.text)).toHaveLength(1);
  });

  it('rejects: nothing is booked and the agent says so', async () => {
    const controller = await controllerFor('bob');
    await controller.send('Book annual leave next Monday');
    await when(controller, (s) => s.pendingActions.length > 0);
    await controller.reject(undefined, 'not now');
    const done = await when(controller, (s) => s.run?.status === 'completed' && s.status === 'idle');
    expect(done.actions.map((a) => a.status)).toEqual(['rejected']);
    expect(done.messages[done.messages.length - 1]?.text).toMatch(/Nothing was done/);
  });

  it('answers a question, then cancels the run while it waits for approval', async () => {
    const controller = await controllerFor('carol');
    await controller.send('book some leave');
    const asked = await when(controller, (s) => s.question !== undefined);
    expect(asked.status).toBe('requires_action');
    expect(asked.messages[asked.messages.length - 1]).toMatchObject({ role: 'question', text: asked.question?.text });
    await controller.answer('next Tuesday');
    const waiting = await when(controller, (s) => s.pendingActions.length > 0);
    expect(waiting.question).toBeUndefined();
    expect(waiting.messages.map((m) => m.text)).toContain('next Tuesday');
    await controller.cancel('changed my mind');
    const done = await when(controller, (s) => s.run?.status === 'cancelled' && s.status === 'idle');
    expect(done.pendingActions).toEqual([]);
    expect(done.actions.map((a) => a.status)).toEqual(['cancelled']);
    expect(done.error).toBeUndefined();
  });

  it('puts command failures in state.error with the API code', async () => {
    const controller = await controllerFor('manager');
    await controller.send('   ');
    expect(controller.getState().error).toMatchObject({ code: 'validation_error' });
    expect(controller.getState().messages).toEqual([]);
    controller.clearError();
    expect(controller.getState().error).toBeUndefined();

    const foreign = await controllerFor('manager', '00000000-0000-4000-8000-000000000000');
    await foreign.ready;
    expect(foreign.getState()).toMatchObject({ status: 'idle', error: { code: 'not_found', status: 404 } });
    await foreign.send('who am I');
    expect(foreign.getState().error).toMatchObject({ code: 'not_found' });
    expect(foreign.getState().messages).toEqual([]);

    await controller.approve();
    expect(controller.getState().error).toMatchObject({ code: 'conflict' });
  });
});
