import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `svc-hr <command> [<sub>] --help` prints that command's usage and does nothing else (issue 24, item 5): before,
 * `svc-hr migrate --help` migrated the database, `svc-hr start --help` started everything, and the credential
 * commands started the embedded database before refusing the flag. Run as the built CLI, with a data directory of
 * its own and a database address nothing listens on, so anything it started would show.
 */
const bin = path.resolve(__dirname, '../../../bin/svc-hr.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-help-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function svcHr(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      {
        env: {
          ...process.env,
          SVC_HR_DATA_DIR: dataDir,
          DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/nowhere',
          TEMPORAL_ADDRESS: '127.0.0.1:1',
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it.each([
  [['start', '--help'], 'usage: svc-hr start\n'],
  [['api', '-h'], 'usage: svc-hr api\n'],
  [['worker', '--help'], 'usage: svc-hr worker\n'],
  [['migrate', '--help'], 'usage: svc-hr migrate\n'],
  [['seed', '--help'], 'usage: svc-hr seed [--employees N --tenant-name X]\n'],
  [['token', 'create', '--help'], 'usage: svc-hr token create --email E --name N --scopes a,b'],
  [['token', '--help'], 'usage: svc-hr token create'],
  [['credential', 'create', '-h'], 'usage: svc-hr credential create --email E'],
  [['apikey', 'create', '--help'], 'usage: svc-hr apikey create --email E'],
  [['connector', '--help'], 'usage: svc-hr connector --base-url URL'],
])('svc-hr %p prints its usage, exits 0 and starts nothing', async (args, usage) => {
  const { code, stdout, stderr } = await svcHr(...args);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(stdout.startsWith(usage)).toBe(true);
  expect(fs.readdirSync(dataDir)).toEqual([]);
});

it('lists every command and how to ask for one', async () => {
  const { code, stdout } = await svcHr('--help');
  expect(code).toBe(0);
  for (const command of ['start', 'api', 'worker', 'migrate', 'seed', 'token', 'credential', 'apikey', 'connector'])
    expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  expect(stdout).toMatch(/`svc-hr <command> --help` shows one command/);
});

it('refuses arguments to a command that takes none, rather than ignoring them', async () => {
  const { code, stdout, stderr } = await svcHr('migrate', '--dry-run');
  expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  expect(stderr).toMatch(/^svc-hr migrate takes no arguments \(got --dry-run\)\.\n\nusage: svc-hr migrate\n/);
  expect(fs.readdirSync(dataDir)).toEqual([]);
});
