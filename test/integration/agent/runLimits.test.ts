import { authenticate } from '../../../engines/tokens/authenticate';
import { freeWorkingDay } from '../../support/leave';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';

/** The bounds of a run: its number of planning steps (SVC_HR_AGENT_MAX_STEPS) and how long it waits for a person. */
let kit: AgentKit;

beforeAll(async () => {
  kit = await startAgentKit({ env: { SVC_HR_AGENT_MAX_STEPS: '1', SVC_HR_AGENT_QUESTION_TIMEOUT: '1s' } });
});

afterAll(async () => {
  await kit?.close();
});

describe('the bounds of a run', () => {
  it('fails with max_steps_exceeded when the run needs more planning steps than allowed', async () => {
    const alice = await authenticate(kit.db.prisma, await kit.token('alice'));
    const day = await freeWorkingDay(kit.db.prisma, alice, 33);
    const { runId } = await startConversation(
      kit,
      'alice',
      `Book annual leave from ${day} to ${day} for a family trip`,
    );
    await kit.waitForRun('alice', runId, 'waits for approval', (r) => r.status === 'requires_action');
    await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });

    const run = await kit.waitForRun('alice', runId, 'fails', (r) => r.status === 'failed');
    expect(run.error).toEqual({ code: 'max_steps_exceeded', message: 'The run reached its limit of 1 planning steps' });
  });

  it('expires when its question is not answered in time, and closes the question', async () => {
    const { runId } = await startConversation(kit, 'alice', 'I need some time off');
    const run = await kit.waitForRun('alice', runId, 'expires', (r) => r.status === 'expired');
    expect(run.error).toEqual({ code: 'question_timeout', message: 'No answer came in time' });
    const question = await kit.db.prisma.agentQuestion.findFirstOrThrow({ where: { runId } });
    expect(question.status).toBe('expired');
  });
});
