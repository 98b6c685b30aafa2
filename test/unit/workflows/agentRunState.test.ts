import { loadConfig } from '../../../config/env';
import { AgentRunState } from '../../../workflows/agentRun/state';

describe('AgentRunState', () => {
  it('waits until every action of an approval was decided, in any order and over several signals', () => {
    const state = new AgentRunState();
    expect(state.allDecided(['a', 'b'])).toBe(false);
    state.noteDecided(['b']);
    expect(state.allDecided(['a', 'b'])).toBe(false);
    state.noteDecided(['a']);
    expect(state.allDecided(['a', 'b'])).toBe(true);
  });

  it('counts a decision that arrives before the workflow knows its action', () => {
    const state = new AgentRunState();
    state.noteDecided(['early']);
    expect(state.allDecided(['early'])).toBe(true);
  });

  it('knows which question was answered', () => {
    const state = new AgentRunState();
    state.noteAnswered('q1');
    expect([state.isAnswered('q1'), state.isAnswered('q2')]).toEqual([true, false]);
  });

  it('keeps the reason of a cancel, with a default when none was given', () => {
    const state = new AgentRunState();
    expect(state.cancelRequested).toBe(false);
    state.requestCancel(undefined);
    expect(state.cancelError).toEqual({ code: 'cancelled', message: 'Cancelled by the user' });
    state.requestCancel('changed my mind');
    expect(state.cancelError).toEqual({ code: 'cancelled', message: 'changed my mind' });
  });
});

describe('agent configuration', () => {
  it('waits 24 hours for an answer or a decision, rechecks every 5 minutes and allows 20 steps by default', () => {
    expect(loadConfig({}).agent).toEqual({
      questionTimeoutMs: 86_400_000,
      approvalTimeoutMs: 86_400_000,
      recheckMs: 300_000,
      maxSteps: 20,
      // The built-in model (no SVC_HR_MODEL) plans in local activities (test/unit/config/localPlanning.test.ts).
      localPlanning: true,
    });
  });

  it('names the variable of an invalid agent setting', () => {
    expect(() => loadConfig({ SVC_HR_AGENT_MAX_STEPS: '0', SVC_HR_AGENT_QUESTION_TIMEOUT: 'soon' })).toThrow(
      /SVC_HR_AGENT_QUESTION_TIMEOUT must be a positive duration[\s\S]*SVC_HR_AGENT_MAX_STEPS must be at least 1/,
    );
  });
});
