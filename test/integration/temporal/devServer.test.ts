import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../../../temporal/devServer/buildLock';
import { connectTemporal, checkNamespace } from '../../../temporal/connection';
import { startDevServer } from '../../../temporal/devServer/devServer';
import { searchAttributes } from '../../../workflows/searchAttributes';
import { testTemporalCli } from '../../support/temporalServer';

let binary: string;
let dir: string;

beforeAll(async () => {
  binary = await testTemporalCli();
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'svc-hr-dev-server-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const quiet = { log: () => {}, output: () => {} };

describe('startDevServer', () => {
  it('serves the namespace with our search attributes, and stop() returns only once the process is gone', async () => {
    const server = await startDevServer({ binary, port: 0, uiPort: 0, headless: true, namespace: 'default', ...quiet });
    const temporal = await connectTemporal({ address: server.address, namespace: 'default' });
    try {
      expect(await checkNamespace(temporal.client, 'default')).toEqual({ ok: true });
      const listed = await temporal.connection.operatorService.listSearchAttributes({ namespace: 'default' });
      expect(Object.keys(listed.customAttributes ?? {})).toEqual(
        expect.arrayContaining(searchAttributes.map((a) => a.name)),
      );
    } finally {
      await temporal.close();
      await server.stop();
    }
    expect(isProcessAlive(server.pid)).toBe(false);
    expect(server.uiUrl).toBeUndefined();
  });

  it('starts a second server on the same db file right after stop() of the first', async () => {
    const dbFile = path.join(dir, 'temporal.db');
    const first = await startDevServer({
      binary,
      dbFile,
      port: 0,
      uiPort: 0,
      headless: true,
      namespace: 'default',
      ...quiet,
    });
    await first.stop();
    const second = await startDevServer({
      binary,
      dbFile,
      port: 0,
      uiPort: 0,
      headless: true,
      namespace: 'default',
      ...quiet,
    });
    await second.stop();
  });

  it('serves the Web UI when not headless', async () => {
    const server = await startDevServer({ binary, port: 0, uiPort: 0, namespace: 'default', ...quiet });
    try {
      expect(server.uiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(server.uiUrl as string)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('rejects with the server output when the server dies during its start (its port is taken)', async () => {
    // Closing what it accepts: an accepted socket nobody reads would keep this test process alive.
    const blocker = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const start = startDevServer({ binary, port, uiPort: 0, headless: true, namespace: 'default', ...quiet });
      await expect(start).rejects.toThrow(
        /exited during its start \(exit code \d+\)\nits last output:\n[\s\S]*address already in use/,
      );
    } finally {
      blocker.close();
    }
  });
});
