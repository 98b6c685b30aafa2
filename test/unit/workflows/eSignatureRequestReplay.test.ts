import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { getWorkflowBundle } from '../../../temporal/worker/workflowBundle';

/**
 * The recorded histories of eSignatureRequest runs (a reminder, then a decline), replayed against the current
 * workflow code (no server). A workflow change that would break a running history fails here: keep the old path
 * behind `patched()` (docs/temporal.md, "Changing a workflow").
 */
const folder = path.resolve(__dirname, '../../fixtures/histories');
const fixtures = readdirSync(folder).filter((name) => name.startsWith('eSignatureRequest-') && name.endsWith('.json'));

describe('eSignatureRequest replay', () => {
  it('has at least one recorded history to replay', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });

  it.each(fixtures)('replays %s without a non-determinism error', async (name) => {
    const history: unknown = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, history);
  });
});
