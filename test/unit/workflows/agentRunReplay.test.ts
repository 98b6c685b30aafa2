import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { getWorkflowBundle } from '../../../temporal/worker/workflowBundle';

/**
 * Recorded histories of agentRun runs, replayed against the current workflow code with no server: an approved leave
 * booking (test/integration/agent/agentRuns.test.ts), a direct outbound MCP call approved and carried out, a call
 * to an offline connector that timed out (test/integration/outbound/outboundCalls.test.ts), and a balance read
 * (test/integration/agent/everydayRequests.test.ts). Each was recorded with
 * the code of its day; a change that would break such a running run fails here: keep the old path behind
 * `patched()`.
 */
interface History {
  events: Array<{
    eventType: string;
    markerRecordedEventAttributes?: {
      markerName: string;
      details?: Record<string, { payloads: Array<{ data: string }> }>;
    };
  }>;
}

/** The patch ids a history's `core_patch` markers record (their payload is base64 JSON `{ id, deprecated }`). */
function patchesOf(history: History): string[] {
  return history.events.flatMap((e) => {
    const marker = e.markerRecordedEventAttributes;
    if (marker?.markerName !== 'core_patch') return [];
    const data = marker.details?.['patch-data']?.payloads[0]?.data;
    return data ? [(JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as { id: string }).id] : [];
  });
}

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

  it('has recorded histories of a booking and of a read planned in local activities (the agent-local-plan patch)', () => {
    // Written with the patch (the built-in model): no activity task at all. The read run is one workflow task (plan,
    // read, plan the reply); the booking two (plan and ask for approval; settle and plan the reply on the decision).
    const planned = fixtures
      .map((name) => ({ name, history: JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as History }))
      .filter(({ history }) => patchesOf(history).includes('agent-local-plan'));
    const shapes = planned.map(({ name, history }) => ({
      kind: name.replace(/-\d{8}\.json$/, ''),
      activityTasks: history.events.filter((e) => e.eventType === 'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED').length,
      workflowTasks: history.events.filter((e) => e.eventType === 'EVENT_TYPE_WORKFLOW_TASK_COMPLETED').length,
    }));
    expect(shapes).toEqual(
      expect.arrayContaining([
        { kind: 'agentRun-read-balance', activityTasks: 0, workflowTasks: 1 },
        { kind: 'agentRun-booking-approved', activityTasks: 0, workflowTasks: 2 },
      ]),
    );
  });

  it('has a recorded history of the last action carried out and the reply planned in one local activity (the agent-settle-then-plan patch)', () => {
    // Written with the patch: after the decision's signal, one local activity's marker (settle, then plan) and no
    // activity task; before it, the same run recorded two markers there (agentRun-booking-approved-20261129).
    const localActivitiesAfterTheSignal = (history: History) => {
      const signalled = history.events.findIndex((e) => e.eventType === 'EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED');
      return history.events
        .slice(signalled)
        .filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity').length;
    };
    const read = (name: string) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as History;
    const merged = fixtures.map(read).filter((history) => patchesOf(history).includes('agent-settle-then-plan'));
    expect(merged.length).toBeGreaterThan(0);
    for (const history of merged) {
      expect(localActivitiesAfterTheSignal(history)).toBe(1);
      expect(history.events.filter((e) => e.eventType === 'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED')).toHaveLength(0);
    }
    expect(localActivitiesAfterTheSignal(read('agentRun-booking-approved-20261129.json'))).toBe(2);
  });

  it.each(fixtures)('replays %s without a non-determinism error', async (name) => {
    const history: unknown = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, history);
  });
});
