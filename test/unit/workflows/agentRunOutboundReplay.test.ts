import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { getWorkflowBundle } from '../../../temporal/workflowBundle';

/**
 * Recorded histories of agentRun runs that made outbound MCP calls (a direct call approved and carried out; a call
 * to an offline connector that timed out), replayed against the current workflow code with no server. A change
 * that would break such a running run fails here: keep the old path behind `patched()`.
 */
const folder = path.resolve(__dirname, '../../fixtures/histories');
const fixtures = readdirSync(folder).filter((name) => name.startsWith('agentRun-outbound-') && name.endsWith('.json'));

describe('agentRun replay of outbound MCP calls', () => {
  it('has the recorded histories of both paths', () => {
    expect(fixtures.some((n) => n.startsWith('agentRun-outbound-direct-'))).toBe(true);
    expect(fixtures.some((n) => n.startsWith('agentRun-outbound-connector-offline-'))).toBe(true);
  });

  it.each(fixtures)('replays %s without a non-determinism error', async (name) => {
    const history: unknown = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, history);
  });
});
