import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectTemporal } from '../../../temporal/connection';
import { startDevServer, type DevServer } from '../../../temporal/devServer/devServer';
import { svcHrStatus, svcHrTenant } from '../../../workflows/searchAttributes';
import { testTemporalCli, uniqueTaskQueue } from '../../support/temporalServer';

let binary: string;
let dir: string;
const servers: DevServer[] = [];

beforeAll(async () => {
  binary = await testTemporalCli();
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'svc-hr-restart-'));
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function start(dbFile: string, port = 0, log: (line: string) => void = () => {}): Promise<DevServer> {
  const server = await startDevServer({
    binary,
    dbFile,
    port,
    uiPort: 0,
    headless: true,
    namespace: 'default',
    log,
    output: () => {},
  });
  servers.push(server);
  return server;
}

describe('the dev server on a db file', () => {
  it('keeps a running workflow and its history when the server is killed and started again', async () => {
    const dbFile = path.join(dir, 'temporal.db');
    const first = await start(dbFile);
    const workflowId = `restart-test/${randomUUID()}`;
    const before = await connectTemporal({ address: first.address, namespace: 'default' });
    try {
      // No worker polls this queue: the workflow stays running, which is what a run waiting for a person looks like.
      await before.client.workflow.start('healthProbe', {
        taskQueue: uniqueTaskQueue('restart-test'),
        workflowId,
        typedSearchAttributes: [{ key: svcHrTenant, value: 'tenant-restart' }],
      });
    } finally {
      await before.close();
    }

    process.kill(first.pid, 'SIGKILL');
    await first.stop(); // returns once the killed process has exited
    const port = Number(first.address.split(':')[1]);
    const second = await start(dbFile, port);

    const after = await connectTemporal({ address: second.address, namespace: 'default' });
    try {
      const handle = after.client.workflow.getHandle(workflowId);
      const description = await handle.describe();
      expect(description.status.name).toBe('RUNNING');
      expect(description.type).toBe('healthProbe');
      expect(description.typedSearchAttributes.get(svcHrTenant)).toBe('tenant-restart');
      const history = await handle.fetchHistory();
      expect(history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name).toBe('healthProbe');
    } finally {
      await after.close();
    }
  });

  it('registers a search attribute that the db file lacks when it starts on it', async () => {
    const dbFile = path.join(dir, 'temporal.db');
    const first = await start(dbFile);
    const temporal = await connectTemporal({ address: first.address, namespace: 'default' });
    try {
      // As if the db file had been made before SvcHrStatus existed.
      await temporal.connection.operatorService.removeSearchAttributes({
        namespace: 'default',
        searchAttributes: [svcHrStatus.name],
      });
    } finally {
      await temporal.close();
    }
    await first.stop();

    const lines: string[] = [];
    const second = await start(dbFile, 0, (line) => lines.push(line));

    expect(lines).toContain(`registered search attributes missing from the db file: ${svcHrStatus.name}`);
    const again = await connectTemporal({ address: second.address, namespace: 'default' });
    try {
      const listed = await again.connection.operatorService.listSearchAttributes({ namespace: 'default' });
      expect(Object.keys(listed.customAttributes ?? {})).toContain(svcHrStatus.name);
    } finally {
      await again.close();
    }
  });
});
