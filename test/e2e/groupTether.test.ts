import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '../support/waitFor';

/**
 * The tether of test/support/svcHrProcess.ts: a detached process group started by a test process ends when that
 * process is killed from outside, even by SIGKILL (nothing of the test process runs then). A parent process starts
 * a detached `sleep` group and tethers it as spawnSvcHr does; the test kills the parent and watches the group.
 */
const support = path.resolve(__dirname, '../support');

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts the parent; answers its pid and the pid (= process group id) of the detached group it started. */
async function parentWithGroup(tethered: boolean): Promise<{ parent: number; group: number }> {
  const script = `
    const { spawn } = require('node:child_process');
    const group = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
    ${tethered ? `require(${JSON.stringify(path.join(support, 'groupTether.js'))}).tetherToThisProcess(group);` : ''}
    process.stdout.write(String(group.pid) + '\\n');
    setInterval(() => undefined, 1000);
  `;
  const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const group = await new Promise<number>((resolve, reject) => {
    parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    parent.once('exit', (code) => reject(new Error(`the parent exited with ${code}`)));
  });
  return { parent: parent.pid!, group };
}

describe('a tethered process group', () => {
  it('ends when the test process that started it is killed with SIGKILL', async () => {
    const { parent, group } = await parentWithGroup(true);
    expect(groupAlive(group)).toBe(true);
    process.kill(parent, 'SIGKILL');
    await waitFor('the tethered group to end', () => !groupAlive(group), { timeoutMs: 15_000, intervalMs: 100 });
  });

  it('outlives its killed parent without the tether (what the tether is for)', async () => {
    const { parent, group } = await parentWithGroup(false);
    process.kill(parent, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    try {
      expect(groupAlive(group)).toBe(true);
    } finally {
      process.kill(-group, 'SIGKILL');
    }
  });
});
