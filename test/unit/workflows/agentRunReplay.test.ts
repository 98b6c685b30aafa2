import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { getWorkflowBundle } from '../../../temporal/worker/workflowBundle';

/**
 * Recorded histories of agentRun runs, replayed against the current workflow code with no server: an approved leave
 * booking (test/integration/agent/agentRuns.test.ts), a direct outbound MCP call approved and carried out, and a call
 * to an offline connector that timed out (test/integration/outbound/outboundCalls.test.ts). Each was recorded with
 * the code of its day; a change that would break such a running run fails here: keep the old path behind
 * `patched()`.
 */
const folder = path.resolve(__dirname, '../../fixtures/histories');
const fixtures = readdirSync(folder).filter((name) => name.startsWith('agentRun-') && name.endsWith('.json'));

describe('agentRun replay of recorded histories', () => {
  it('has the recorded histories of every path', () => {
    for (const kind of [
      'agentRun-booking-approved-',
      'agentRun-outbound-direct-',
      'agentRun-outbound-connector-offline-',
    ])
      expect(fixtures.some((n) => n.startsWith(kind))).toBe(true);
  });

  it('has a recorded history of the path with fewer round trips (the agent-local-steps patch)', () => {
    // Written with the patch: no beginAgentRun or resumeAgentRun activity, the pending actions as a local activity.
    const recorded = fixtures.map((name) => readFileSync(path.join(folder, name), 'utf8'));
    expect(recorded.some((text) => text.includes('core_local_activity') && !text.includes('"beginAgentRun"'))).toBe(
      true,
    );
  });

  it('has a recorded history of an approved action settled by a local activity (the agent-local-settle patch)', () => {
    // Written with the patch: the decision's workflow task carries the action out (a local activity's marker) and
    // schedules the next planning step; the only activity tasks left are the two planAgentStep ones.
    const histories = fixtures.map(
      (name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as { events: Array<{ eventType: string }> },
    );
    const settledLocally = histories.filter((h) => {
      const types = h.events.map((e) => e.eventType);
      const count = (type: string) => types.filter((t) => t === type).length;
      return (
        count('EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED') === 1 &&
        count('EVENT_TYPE_ACTIVITY_TASK_SCHEDULED') === 2 &&
        count('EVENT_TYPE_MARKER_RECORDED') >= 4 &&
        types.at(-1) === 'EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED'
      );
    });
    expect(settledLocally.length).toBeGreaterThan(0);
  });

  it.each(fixtures)('replays %s without a non-determinism error', async (name) => {
    const history: unknown = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, history);
  });
});
