import { rm } from 'node:fs/promises';
import { testBlobDir } from '../../support/blobs';
import { createEmbeddedTestDatabase } from '../../support/embeddedDatabase';
import { describeFuzzing, fuzzBudget } from '../../support/fuzz/fuzzSuite';
import { startAgentKit } from '../agent/agentKit';

/**
 * Every registry operation fuzzed through REST and MCP against the embedded database (PGlite, one connection), the
 * database `npm start` runs on and where the probe of issue 16 found its worst failures; the same properties as on
 * PostgreSQL (postgres.fuzz.test.ts), with half its cases on another seed (fuzzBudget).
 */
describeFuzzing(
  'embedded',
  async () => {
    const blobDir = testBlobDir();
    const kit = await startAgentKit({
      inProcessWorker: false,
      database: createEmbeddedTestDatabase,
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
  },
  fuzzBudget({ runs: 20, seed: 20261125 }),
);
