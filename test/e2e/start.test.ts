import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Connection, Client } from '@temporalio/client';
import { spawnSvcHr, waitUntilReady, type SvcHrProcess } from '../support/svcHrProcess';
import { testTemporalCli } from '../support/temporalServer';

/**
 * `svc-hr start` as a newcomer runs it: a real process with no DATABASE_URL and no TEMPORAL_ADDRESS, so it
 * starts the embedded database and the Temporal dev server itself. Killed with SIGKILL (the whole process
 * group, dev server included) and started again on the same data dir, it keeps the Temporal history.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-e2e-start-'));
let proc: SvcHrProcess | undefined;

afterAll(async () => {
  proc?.killGroup('SIGKILL');
  await proc?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function withClient<T>(address: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const connection = await Connection.connect({ address });
  try {
    return await fn(new Client({ connection }));
  } finally {
    await connection.close();
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('svc-hr start', () => {
  let env: Record<string, string>;
  let ports: { port: number; temporalPort: number; uiPort: number; dbPort: number };

  it('brings up the embedded database, the dev server, the worker and the API until /readyz answers 200', async () => {
    env = { SVC_HR_DATA_DIR: dataDir, TEMPORAL_CLI_PATH: await testTemporalCli() };
    proc = await spawnSvcHr('start', env);
    await waitUntilReady(proc);
    const url = new URL(proc.baseUrl);
    ports = {
      port: Number(url.port),
      temporalPort: Number(proc.env.TEMPORAL_PORT),
      uiPort: Number(proc.env.TEMPORAL_UI_PORT),
      dbPort: Number(proc.env.EMBEDDED_DB_PORT),
    };
    expect(proc.output()).toContain('seeding the demo tenants');
    expect(proc.output()).toContain(`MCP endpoint   http://localhost:${ports.port}/api/mcp`);
    const doc = await fetch(`${proc.baseUrl}/api/v1/openapi.json`);
    expect(doc.status).toBe(200);
  });

  it('mints a demo token beside the running process (through its control socket) that the API accepts', async () => {
    const result = spawnSync(
      process.execPath,
      [
        path.resolve(__dirname, '../../bin/svc-hr.js'),
        'token',
        'create',
        '--email',
        'alice@acme.test',
        '--name',
        'demo',
        '--scopes',
        'leave:read,agent:run',
      ],
      { env: proc!.env, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const token = result.stdout.trim();
    expect(token).toMatch(/^hrp_/);
    const me = await fetch(`${proc!.baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { user: { email: string } } }).data.user.email).toBe('alice@acme.test');
  });

  it('runs a workflow through its own worker, which reads the embedded database', async () => {
    const result = await withClient(proc!.temporalAddress, (client) =>
      client.workflow.execute('healthProbe', { taskQueue: 'svc-hr', workflowId: 'e2e-probe-before-kill' }),
    );
    expect(result).toMatchObject({ databaseTime: expect.any(String) });
  });

  it('keeps the Temporal history and the data after SIGKILL and a new start', async () => {
    proc!.killGroup('SIGKILL');
    await proc!.exited;
    proc = await spawnSvcHr('start', env, ports);
    await waitUntilReady(proc);
    expect(proc.output()).not.toContain('seeding the demo tenants');
    const description = await withClient(proc.temporalAddress, (client) =>
      client.workflow.getHandle('e2e-probe-before-kill').describe(),
    );
    expect(description.status.name).toBe('COMPLETED');
  });

  it('stops everything on SIGTERM, exiting 0 and freeing its ports', async () => {
    proc!.child.kill('SIGTERM');
    expect(await proc!.exited).toBe(0);
    proc = undefined;
    for (const port of Object.values(ports)) expect(await portIsFree(port)).toBe(true);
  });
});
