/**
 * Artifact download throughput through the API (GET /api/v1/agent/runs/{id}/artifacts/{artifactId}/download: rate
 * limit, authentication with a live role read, scope check, the artifact's row, a stream from the blob store) next
 * to the baseline of a plain Node http server sending the same blob file with `fs.createReadStream`, over real
 * HTTP, on the same machine, in one run. Prints requests and megabytes per second and the ratio to the baseline.
 *
 * Each size is measured separately: small files show the per-request cost of the pipeline (authentication, the
 * artifact's row in PostgreSQL), large ones the cost of moving the bytes, which is the baseline's own.
 *
 *   npx tsx bench/artifactDownload.ts [seconds=10] [connections=10] [sizesKiB=64,1024,4096]
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../api/app';
import { loadConfig } from '../config/env';
import { createRun } from '../engines/agent/runs';
import { createThread } from '../engines/agent/threads';
import { storeRunArtifacts } from '../engines/artifacts/artifacts';
import { blobStoreFor } from '../engines/blobs/blobStores';
import { blobPath } from '../engines/blobs/localDiskBlobStore';
import { issueForEmail } from '../engines/tokens/credentials';
import { authenticate } from '../engines/tokens/authenticate';
import { seedDemo } from '../prisma/seed';
import { printTable } from './report';
import { benchDatabase } from './support';
import { systemClock } from '../engines/clock';

async function measure(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  const result = await autocannon({ url, headers, duration: seconds, connections });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { requests: result.requests.average, megabytes: result.throughput.average / 1e6 };
}

/** A CSV-like content of `bytes` bytes, deterministic. */
function content(bytes: number): Buffer {
  const line = 'employee,department,manager,allocated_days,used_days,untaken_days\r\n';
  return Buffer.from(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes));
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 10);
  const connections = Number(process.argv[3] ?? 10);
  const sizes = (process.argv[4] ?? '64,1024,4096').split(',').map((kib) => Number(kib) * 1024);
  const db = await benchDatabase('artifacts');
  const blobDir = await mkdtemp(path.join(os.tmpdir(), 'svc-hr-bench-blobs-'));
  try {
    await seedDemo(db.prisma, { clock: systemClock });
    const { secret } = await issueForEmail(db.prisma, {
      email: 'alice@acme.test',
      kind: 'personal_access_token',
      name: 'bench',
      scopes: ['agent:run', 'agent:artifacts'],
      expiresAt: null,
    });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000',
      SVC_HR_BLOB_DIR: blobDir,
    } as NodeJS.ProcessEnv);
    const actor = await authenticate(db.prisma, secret);
    const thread = await createThread(db.prisma, actor, 'bench');
    const run = await createRun(db.prisma, actor, thread.id, 'run the untaken leave report');
    const artifacts = await storeRunArtifacts(
      db.prisma,
      blobStoreFor(config),
      run,
      sizes.map((size) => ({
        sourceKey: `bench-${size}`,
        kind: 'untaken_leave_report',
        filename: `bench-${size}.csv`,
        contentType: 'text/csv',
        content: content(size),
      })),
    );

    const app = await buildApp({ config, prisma: db.prisma, readinessChecks: [], logger: true });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    // The baseline: the same blob files, each at /<artifact id>, by Node's http server and fs.createReadStream.
    const plain = http.createServer((req, res) => {
      const artifact = artifacts.find((a) => req.url === `/${a.id}`);
      if (!artifact) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-length': String(artifact.size) });
      createReadStream(blobPath(blobDir, artifact.sha256)).pipe(res);
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    const headers = { authorization: `Bearer ${secret}` };

    const requests: Array<[string, number, number]> = [];
    const megabytes: Array<[string, number, number]> = [];
    for (const artifact of artifacts) {
      const kib = `${(artifact.size / 1024).toFixed(0)} KiB`;
      const apiUrl = `${appUrl}/api/v1/agent/runs/${run.id}/artifacts/${artifact.id}/download`;
      await measure(`${plainUrl}/${artifact.id}`, {}, 2, connections); // warm-up: JIT, pools, page cache
      await measure(apiUrl, headers, 2, connections);
      const baseline = await measure(`${plainUrl}/${artifact.id}`, {}, seconds, connections);
      const api = await measure(apiUrl, headers, seconds, connections);
      requests.push(
        [`${kib}: node http + fs.createReadStream (baseline)`, baseline.requests, 1],
        [`${kib}: download_agent_artifact (full pipeline)`, api.requests, api.requests / baseline.requests],
      );
      megabytes.push(
        [`${kib}: node http + fs.createReadStream (baseline)`, baseline.megabytes, 1],
        [`${kib}: download_agent_artifact (full pipeline)`, api.megabytes, api.megabytes / baseline.megabytes],
      );
    }
    printTable(`requests per second, ${connections} connections, ${seconds} s each`, requests);
    printTable(`megabytes per second, ${connections} connections, ${seconds} s each`, megabytes);
    await app.close();
    await new Promise((resolve) => plain.close(resolve));
  } finally {
    await db.drop();
    await rm(blobDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
