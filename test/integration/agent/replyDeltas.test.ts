import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { agentRunWorkflowId } from '../../../engines/agent/runs';
import { createBuiltinLanguageModel } from '../../../model/aiSdk/builtinLanguageModel';
import { fromLanguageModel } from '../../../model/aiSdk/fromLanguageModel';
import { todayIn } from '../../../engines/leave/dates';
import { testClock } from '../../support/clock';
import { bearer } from '../../support/identity';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';
import { openEventStream, type ServerSentEvent } from './sseClient';

/**
 * A reply reaches the run's stream as `message.delta` events before its `message.completed`: a few (a sentence or
 * so each) from the built-in model, batches of what a streaming provider sends as it sends it. Put together at
 * their offsets, a step's deltas are its message's text, and they keep the run's sequence, so a stream resumed in
 * the middle of them gets the rest exactly.
 */
const question = 'How many days of annual leave do I have left?';

interface Delta {
  seq: number;
  step: number;
  offset: number;
  text: string;
}

/** The run's stored events, with the reply's deltas and its message.completed. */
async function replyEvents(kit: AgentKit, runId: string) {
  const events = await kit.db.prisma.agentRunEvent.findMany({ where: { runId }, orderBy: { seq: 'asc' } });
  const deltas: Delta[] = events
    .filter((e) => e.event === 'message.delta')
    .map((e) => ({ seq: e.seq, ...(e.data as { step: number; offset: number; text: string }) }));
  const completed = events.find(
    (e) => e.event === 'message.completed' && (e.data as { role?: string }).role === 'assistant',
  );
  return { events, deltas, completed: completed as unknown as { seq: number; data: { text: string } } };
}

/** The deltas are the reply's text, written in order at contiguous offsets, right before its message.completed. */
function expectDeltasMakeTheReply(deltas: Delta[], completed: { seq: number; data: { text: string } }) {
  expect(deltas.length).toBeGreaterThan(0);
  let offset = 0;
  for (const delta of deltas) {
    expect(delta.offset).toBe(offset);
    offset += delta.text.length;
  }
  expect(deltas.map((d) => d.text).join('')).toBe(completed.data.text);
  expect(deltas.at(-1)!.seq).toBeLessThan(completed.seq);
  expect(new Set(deltas.map((d) => d.step)).size).toBe(1);
}

describe('message.delta with the built-in model', () => {
  let kit: AgentKit;
  let base: string;

  beforeAll(async () => {
    kit = await startAgentKit();
    base = await kit.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await kit?.close();
  });

  it('sends the reply as a few deltas before message.completed, which a resumed stream gets exactly', async () => {
    const { runId } = await startConversation(kit, 'alice', question);
    await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
    const { events, deltas, completed } = await replyEvents(kit, runId);
    expectDeltasMakeTheReply(deltas, completed);
    expect(deltas.length).toBeLessThanOrEqual(8);
    // In the same transaction as the message: nothing between the last delta and message.completed.
    expect(completed.seq - deltas.at(-1)!.seq).toBe(1);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));

    // A client that disconnected right after the first delta resumes with the rest, none missing or repeated.
    const url = `${base}/api/v1/agent/runs/${runId}/events`;
    const resumed = await openEventStream(url, {
      ...bearer(await kit.token('alice')),
      'last-event-id': String(deltas[0]!.seq),
    });
    const rest: ServerSentEvent[] = [];
    for (let e = await resumed.next(); e; e = await resumed.next()) rest.push(e);
    expect(rest.map((e) => [e.id, e.event])).toEqual(
      events.filter((e) => e.seq > deltas[0]!.seq).map((e) => [e.seq, e.event]),
    );
  });
});

/**
 * The built-in model behind the AI SDK's language-model interface, its text streamed a word at a time with a pause
 * between words, as a provider's tokens come: what `SVC_HR_MODEL=openai:...` runs through, without the network.
 */
function wordByWord(model: LanguageModelV3, pauseMs: number): LanguageModelV3 {
  return {
    ...model,
    doStream: async (options) => {
      const { stream } = await model.doStream(options);
      const words = stream.pipeThrough(
        new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
          async transform(part, controller) {
            if (part.type !== 'text-delta') return controller.enqueue(part);
            for (const word of part.delta.match(/\S+\s*|\s+/g) ?? []) {
              await new Promise((resolve) => setTimeout(resolve, pauseMs));
              controller.enqueue({ ...part, delta: word });
            }
          },
        }),
      );
      return { stream: words };
    },
  };
}

describe('message.delta with a streaming provider', () => {
  let kit: AgentKit;

  beforeAll(async () => {
    const builtin = createBuiltinLanguageModel({
      today: todayIn('Europe/London', testClock().now()),
      timeZone: 'Europe/London',
      user: { name: 'Alice Anders', role: 'EMPLOYEE' },
    });
    // Configured as a provider that may take seconds (no key: the double below answers), so the run plans in
    // activity tasks, the path every AI SDK model takes (workflows/agentRun: no `localPlanning`).
    kit = await startAgentKit({
      env: { SVC_HR_MODEL: 'openai:gpt-4o-mini' },
      model: fromLanguageModel(wordByWord(builtin, 30), { name: 'streaming:builtin' }),
    });
  });

  afterAll(async () => {
    await kit?.close();
  });

  it('writes the streamed text in batches as it comes, before message.completed', async () => {
    const { runId } = await startConversation(kit, 'alice', question);
    await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
    const { deltas, completed } = await replyEvents(kit, runId);
    expectDeltasMakeTheReply(deltas, completed);
    // Batched (about every 50 ms): more than one event, fewer than the words.
    const words = completed.data.text.match(/\S+\s*|\s+/g)!.length;
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.length).toBeLessThan(words);
    // Planned by activity tasks (a provider's model call heartbeats and retries alone), not local activities.
    const { tenantId } = await kit.db.prisma.agentRun.findUniqueOrThrow({ where: { id: runId } });
    const history = await kit.temporal.client.workflow.getHandle(agentRunWorkflowId(tenantId, runId)).fetchHistory();
    const scheduled = (history.events ?? []).flatMap((e) =>
      e.activityTaskScheduledEventAttributes?.activityType?.name
        ? [e.activityTaskScheduledEventAttributes.activityType.name]
        : [],
    );
    expect(scheduled).toEqual(['planAgentStep', 'runReadTool', 'planAgentStep']);
  });
});
