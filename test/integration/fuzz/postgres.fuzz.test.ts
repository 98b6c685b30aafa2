import { rm } from 'node:fs/promises';
import { testBlobDir } from '../../support/blobs';
import { describeFuzzing } from '../../support/fuzz/fuzzSuite';
import { startAgentKit } from '../agent/agentKit';

/**
 * Every registry operation fuzzed through REST and MCP against PostgreSQL, with the real engines and a real
 * Temporal server (runs are started on a task queue no worker polls, so nothing writes in the background).
 */
describeFuzzing('PostgreSQL', async () => {
  const blobDir = testBlobDir();
  const kit = await startAgentKit({
    inProcessWorker: false,
    env: { SVC_HR_BLOB_DIR: blobDir, SVC_HR_EXAMPLE_APP: 'true', SVC_HR_RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  return {
    app: kit.app,
    prisma: kit.db.prisma,
    blobDir,
    close: async () => {
      await kit.close();
      await rm(blobDir, { recursive: true, force: true });
    },
  };
});
