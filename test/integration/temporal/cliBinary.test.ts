import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureTemporalCli } from '../../../temporal/devServer/cliBinary';
import { writeFakeGo } from '../../support/fakeGo';

const repoRoot = path.resolve(__dirname, '../../..');
let dir: string;
let fakeBin: string;
let projectDir: string;
let goLog: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'svc-hr-cli-build-'));
  fakeBin = path.join(dir, 'bin');
  projectDir = path.join(dir, 'project');
  goLog = path.join(dir, 'go.log');
  await writeFakeGo(fakeBin);
  await mkdir(projectDir);
  await writeFile(goLog, '');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const installs = async () => (await readFile(goLog, 'utf8')).split('\n').filter((line) => line.startsWith('install'));
const builtBinary = () => path.join(projectDir, '.temporal', 'bin', 'temporal');
const fakeEnv = (extra: Record<string, string> = {}) => ({ PATH: fakeBin, FAKE_GO_LOG: goLog, ...extra });

/** Runs ensureTemporalCli in a separate Node process, as `npm test` and `npm start` would. */
function ensureInChildProcess(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = path.join(dir, `ensure-${Math.random().toString(36).slice(2)}.ts`);
  const source = `
import { ensureTemporalCli } from ${JSON.stringify(path.join(repoRoot, 'temporal', 'devServer', 'cliBinary'))};
ensureTemporalCli({ version: 'v1.5.1', projectDir: ${JSON.stringify(projectDir)}, progressEveryMs: 500,
  log: (line) => process.stderr.write(line + '\\n') })
  .then((binary) => console.log(binary), (error) => { console.error(String(error)); process.exitCode = 1; });
`;
  return writeFile(script, source).then(
    () =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, env });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('error', reject);
        child.once('close', (code) => resolve({ code, stdout, stderr }));
      }),
  );
}

describe('ensureTemporalCli', () => {
  it('builds the CLI once when two processes ask at the same time, and the waiting one uses the result', async () => {
    const env = fakeEnv({ FAKE_GO_DELAY_MS: '4000' });
    const [first, second] = await Promise.all([ensureInChildProcess(env), ensureInChildProcess(env)]);

    expect([first.code, second.code]).toEqual([0, 0]);
    expect(first.stdout.trim()).toBe(builtBinary());
    expect(second.stdout.trim()).toBe(builtBinary());
    expect(await installs()).toHaveLength(1);
    const logs = first.stderr + second.stderr;
    expect(logs).toMatch(/waiting for process \d+ on .+ to finish building the Temporal CLI/);
    expect(logs).toMatch(/building the Temporal dev server with go install \(about 5 minutes.*\)… \d+ s/);
    expect(await readdir(path.join(projectDir, '.temporal'))).toEqual(['bin']);
  });

  it('takes over a build lock whose owner process is dead', async () => {
    const deadPid = await pidOfFinishedProcess();
    await mkdir(path.join(projectDir, '.temporal'), { recursive: true });
    const lockPath = path.join(projectDir, '.temporal', 'build.lock');
    await writeFile(lockPath, JSON.stringify({ pid: deadPid, hostname: os.hostname(), token: 'left-behind' }));
    const lines: string[] = [];

    const binary = await ensureTemporalCli({
      version: 'v1.5.1',
      projectDir,
      env: fakeEnv(),
      log: (l) => lines.push(l),
    });

    expect(binary).toBe(builtBinary());
    expect(await installs()).toHaveLength(1);
    expect(lines.join('\n')).toContain(`taking over the stale lock ${lockPath} (its owner, pid ${deadPid}, is gone)`);
    expect(existsSync(lockPath)).toBe(false);
  });

  it('reuses the binary in .temporal/bin without building again', async () => {
    await ensureTemporalCli({ version: 'v1.5.1', projectDir, env: fakeEnv(), log: () => {} });
    const again = await ensureTemporalCli({ version: 'v1.5.1', projectDir, env: fakeEnv(), log: () => {} });

    expect(again).toBe(builtBinary());
    expect(await installs()).toHaveLength(1);
  });

  it('leaves no binary, lock or build folder behind when go install fails, and reports its output', async () => {
    const attempt = ensureTemporalCli({
      version: 'v1.5.1',
      projectDir,
      env: fakeEnv({ FAKE_GO_FAIL: '1' }),
      log: () => {},
    });

    await expect(attempt).rejects.toThrow(
      /go install github.com\/temporalio\/cli\/cmd\/temporal@v1.5.1 failed \(exit code 1\):\nfake go: link failed: out of memory/,
    );
    expect(existsSync(builtBinary())).toBe(false);
    expect(await readdir(path.join(projectDir, '.temporal'))).toEqual(['bin']);
  });

  it('says Go is too old, and what to do instead, when go version is below 1.25', async () => {
    const attempt = ensureTemporalCli({
      version: 'v1.5.1',
      projectDir,
      env: fakeEnv({ FAKE_GO_VERSION: 'go1.24.3' }),
      log: () => {},
    });

    await expect(attempt).rejects.toThrow(
      /Go go1\.24\.3 at .*\/go is too old to build the Temporal CLI v1\.5\.1: it needs Go >= 1\.25/,
    );
    expect(await installs()).toHaveLength(0);
  });

  it('tells what to install when there is neither a Temporal CLI nor Go', async () => {
    const attempt = ensureTemporalCli({
      version: 'v1.5.1',
      projectDir,
      env: { PATH: path.join(dir, 'empty') },
      log: () => {},
    });

    await expect(attempt).rejects.toThrow(
      /No Temporal CLI found\. .*TEMPORAL_ADDRESS.*TEMPORAL_CLI_PATH.*install Go >= 1\.25/,
    );
  });

  it('refuses a TEMPORAL_CLI_PATH where there is no file', async () => {
    const missing = path.join(dir, 'nowhere', 'temporal');
    const attempt = ensureTemporalCli({
      cliPath: missing,
      version: 'v1.5.1',
      projectDir,
      env: fakeEnv(),
      log: () => {},
    });

    await expect(attempt).rejects.toThrow(`TEMPORAL_CLI_PATH is ${missing}, but there is no executable file there.`);
  });
});

/** The pid of a process that has exited: a lock holder that was killed. */
function pidOfFinishedProcess(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.once('error', reject);
    child.once('exit', () => (child.pid === undefined ? reject(new Error('no pid')) : resolve(child.pid)));
  });
}
