import type { RunView } from '../../../engines/agent/runView';
import { todayOf } from '../../support/leave';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * The people-process requests of issue 20 (item 7) as a person makes them to the agent over the HTTP API: a real
 * worker runs the agentRun workflow with the built-in model on the test Temporal server. The write (an enrolment)
 * waits for the person's approval and then happens once; the read (one's goals) is answered at once.
 */
let kit: AgentKit;

beforeAll(async () => {
  kit = await startAgentKit();
});

afterAll(async () => {
  await kit?.close();
});

async function lastReply(threadId: string): Promise<string> {
  const thread = await kit.call('alice', 'GET', `/api/v1/agent/threads/${threadId}`);
  const messages = thread.json<{ data: { messages: Array<{ role: string; text?: string }> } }>().data.messages;
  return messages[messages.length - 1]?.text ?? '';
}

const waitingForApproval = (run: RunView) =>
  run.status === 'requires_action' && run.requiredAction?.kind === 'approval';

describe('the agent on the people-process requests', () => {
  it('enrols Alice in the first-aid course after she approves, once', async () => {
    const created = await kit.call('hr', 'POST', '/api/learning/courses', {
      title: 'First Aid at Work',
      durationMinutes: 240,
    });
    expect(created.statusCode).toBe(201);
    const courseId = created.json<{ data: { course: { id: string } } }>().data.course.id;

    const { threadId, runId } = await startConversation(kit, 'alice', 'enrol me in the first-aid course');
    const waiting = await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);
    const actions = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions : [];
    expect(actions.map((a) => [a.tool, a.arguments])).toEqual([['create_enrolment', { courseId }]]);
    const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/actions/${actions[0]!.id}/decisions`, {
      decision: 'approve',
    });
    expect(decided.statusCode).toBe(200);
    await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
    expect(await lastReply(threadId)).toBe("You're enrolled in “First Aid at Work”.");

    const mine = await kit.call('alice', 'GET', '/api/learning/enrolments');
    const enrolments = mine.json<{ data: { enrolments: { courseId: string; status: string }[] } }>().data.enrolments;
    expect(enrolments.filter((e) => e.courseId === courseId).map((e) => e.status)).toEqual(['ENROLLED']);
  });

  it('tells Alice how her goals of the latest third quarter are going', async () => {
    const today = await todayOf(kit.db.prisma, 'alice');
    const year = Number(today.slice(0, 4));
    const period = `${today >= `${year}-07-01` ? year : year - 1}-Q3`;
    const goal = await kit.call('alice', 'POST', '/api/performance/goals', {
      title: 'Answer support tickets faster',
      period,
      keyResults: [
        { title: 'Tickets answered within a day', unit: '%', startValue: 40, targetValue: 80, currentValue: 70 },
      ],
    });
    expect(goal.statusCode).toBe(201);

    const { threadId, runId } = await startConversation(kit, 'alice', 'how is my Q3 goal going');
    await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
    expect(await lastReply(threadId)).toBe(
      `Your goals for ${period}:\n` +
        `- Answer support tickets faster (${period}): 75 % done\n` +
        '  - Tickets answered within a day: 70 of 80 % (75 %)',
    );
  });
});
