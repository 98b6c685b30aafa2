import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createRun } from '../../../engines/agent/runs';
import { createThread } from '../../../engines/agent/threads';
import { storeRunArtifacts } from '../../../engines/artifacts/artifacts';
import { blobStoreFor } from '../../../engines/blobs/blobStores';
import { authenticate } from '../../../engines/tokens/authenticate';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { filesUnder, multipartBody, testBlobDir } from '../../support/blobs';
import { testConfig } from '../../support/config';
import { bearer, tokenFor } from '../../support/identity';

/**
 * The blob store on an S3-compatible bucket (SVC_HR_BLOB_S3_*): uploads and artifact downloads through the API
 * against a local S3 server (s3rver, an S3 API fake: the external system, not our code), with the real AWS SDK.
 */
let h: ApiHarness;
let s3: S3rver;
let s3Dir: string;
let client: S3Client;
const stagingDir = testBlobDir();
let env: Record<string, string>;
let token: string;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'svc-hr-s3rver-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: 'hr-blobs', configs: [] }],
  });
  const { port } = (await s3.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  env = {
    SVC_HR_BLOB_DIR: stagingDir,
    SVC_HR_BLOB_S3_BUCKET: 'hr-blobs',
    SVC_HR_BLOB_S3_PREFIX: 'svc-hr/',
    SVC_HR_BLOB_S3_ENDPOINT: endpoint,
    SVC_HR_BLOB_S3_ACCESS_KEY_ID: 'S3RVER',
    SVC_HR_BLOB_S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  h = await startApiHarness(env);
  token = await tokenFor(h.db.prisma, 'alice');
});
afterAll(async () => {
  await h?.close();
  await s3?.close();
  client?.destroy();
  await rm(s3Dir, { recursive: true, force: true });
  await rm(stagingDir, { recursive: true, force: true });
});

const keys = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: 'hr-blobs' }))).Contents ?? []).map((o) => o.Key).sort();

describe('the S3-compatible blob store', () => {
  it('stores an upload under <prefix>sha256/<hash>, once per content, and stages nothing on disk after', async () => {
    const csv = 'start_date\n2026-12-07\n';
    const form = multipartBody({ filename: 'days.csv', contentType: 'text/csv', content: csv });
    for (let i = 0; i < 2; i += 1) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/agent/attachments',
        headers: { ...bearer(token), 'content-type': form.contentType },
        payload: form.body,
      });
      expect(res.statusCode).toBe(201);
    }
    const hash = createHash('sha256').update(csv).digest('hex');
    expect(await keys()).toEqual([`svc-hr/sha256/${hash}`]);
    expect(await filesUnder(stagingDir)).toEqual([]);
  });

  it('stores nothing of a refused upload', async () => {
    const before = await keys();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/agent/attachments',
      headers: { ...bearer(token), 'content-type': 'application/pdf' },
      payload: 'not a pdf',
    });
    expect(res.statusCode).toBe(400);
    expect(await keys()).toEqual(before);
    expect(await filesUnder(stagingDir)).toEqual([]);
  });

  it('serves an artifact stored in the bucket, whole and by range', async () => {
    const actor = await authenticate(h.db.prisma, token);
    const thread = await createThread(h.db.prisma, actor, 's3');
    const run = await createRun(h.db.prisma, actor, thread.id, 'hello');
    const content = Buffer.from('employee,untaken_days\r\nAlice,12\r\n');
    const [artifact] = await storeRunArtifacts(h.db.prisma, blobStoreFor(testConfig(env)), run, [
      { sourceKey: 's3', kind: 'summary', filename: 'a.csv', contentType: 'text/csv', content },
    ]);
    expect(await keys()).toContain(`svc-hr/sha256/${artifact!.sha256}`);
    const url = `/api/v1/agent/runs/${run.id}/artifacts/${artifact!.id}/download`;
    const whole = await h.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    const part = await h.app.inject({ method: 'GET', url, headers: { ...bearer(token), range: 'bytes=9-21' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(content.subarray(9, 22))).toBe(true);
  });
});
