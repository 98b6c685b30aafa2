import { createHash } from 'node:crypto';
import http from 'node:http';
import { rm } from 'node:fs/promises';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { filesUnder, multipartBody, testBlobDir } from '../../support/blobs';
import { bearer, tokenFor } from '../../support/identity';

const URL = '/api/v1/agent/attachments';
const LIMIT = 64 * 1024;
const blobDir = testBlobDir();
let h: ApiHarness;
let alice: Record<string, string>;

const csv = 'start_date,end_date\n2026-12-21,2026-12-24\n2026-12-28,2026-12-31\n';
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const sha256 = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_BLOB_DIR: blobDir, SVC_HR_ATTACHMENT_MAX_BYTES: String(LIMIT) });
  alice = bearer(await tokenFor(h.db.prisma, 'alice'));
});
afterAll(async () => {
  await h?.close();
  await rm(blobDir, { recursive: true, force: true });
});

/** Stored state: attachment rows and files under the blob dir (blobs and staging leftovers alike). */
async function stored() {
  return { rows: await h.db.prisma.agentAttachment.count(), files: (await filesUnder(blobDir)).length };
}

async function upload(payload: Buffer | string, contentType: string | undefined, extra: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST',
    url: URL,
    headers: { ...alice, ...(contentType ? { 'content-type': contentType } : {}), ...extra },
    payload,
  });
}

describe('upload_agent_attachment', () => {
  it('stores a multipart upload and answers its metadata', async () => {
    const form = multipartBody({ filename: 'leave days.csv', contentType: 'text/csv', content: csv });
    const res = await upload(form.body, form.contentType);
    expect(res.statusCode).toBe(201);
    const { attachment } = res.json<{ data: { attachment: Record<string, unknown> } }>().data;
    expect(attachment).toEqual({
      id: expect.any(String),
      filename: 'leave days.csv',
      contentType: 'text/csv',
      size: Buffer.byteLength(csv),
      sha256: sha256(csv),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(res.headers['x-audit-id']).toEqual(expect.any(String));
    const files = await filesUnder(blobDir);
    const hash = sha256(csv);
    expect(files).toEqual([`sha256/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`]);
  });

  it('stores a raw body with its Content-Type, named by ?filename=, and dedupes the blob by content', async () => {
    const before = await stored();
    const res = await upload(csv, 'text/csv; charset=utf-8', {});
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attachment).toMatchObject({ filename: 'attachment.csv', sha256: sha256(csv) });
    const named = await h.app.inject({
      method: 'POST',
      url: `${URL}?filename=${encodeURIComponent('dates.csv')}`,
      headers: { ...alice, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(named.json().data.attachment.filename).toBe('dates.csv');
    // Two more rows, the same single blob.
    expect(await stored()).toEqual({ rows: before.rows + 2, files: before.files });
  });

  it('takes the name of a raw body from Content-Disposition, without directories', async () => {
    const res = await upload(png, 'image/png', {
      'content-disposition': `attachment; filename="x.png"; filename*=UTF-8''..%2F..%2Fcong%C3%A9s.png`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attachment).toMatchObject({ filename: 'congés.png', contentType: 'image/png' });
  });

  it('replays an upload with the same Idempotency-Key instead of storing it twice', async () => {
    const key = { 'idempotency-key': 'upload-once' };
    const first = await upload('hello', 'text/plain', key);
    const before = await stored();
    const second = await upload('hello', 'text/plain', key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.attachment.id).toBe(first.json().data.attachment.id);
    expect(await stored()).toEqual(before);
    const other = await upload('another text', 'text/plain', key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });

  describe('refuses bad uploads with a clear error, storing nothing', () => {
    const big = Buffer.alloc(LIMIT + 1, 'a');
    const cases: Array<[string, () => Promise<{ statusCode: number; json(): unknown }>, number, string, RegExp]> = [
      ['an over-size raw body', () => upload(big, 'text/plain'), 413, 'payload_too_large', /larger than the limit/],
      [
        'an over-size multipart file',
        async () => {
          const form = multipartBody({ filename: 'big.txt', contentType: 'text/plain', content: big });
          return upload(form.body, form.contentType);
        },
        413,
        'payload_too_large',
        /larger than the limit/,
      ],
      [
        'a type outside the allow-list',
        () => upload('<html></html>', 'text/html'),
        400,
        'validation_error',
        /^Content-Type: text\/html is not accepted/,
      ],
      [
        'a multipart file of a type outside the allow-list',
        async () => {
          const form = multipartBody({ filename: 'a.exe', contentType: 'application/x-msdownload', content: 'MZ' });
          return upload(form.body, form.contentType);
        },
        400,
        'validation_error',
        /application\/x-msdownload is not accepted/,
      ],
      [
        'a PDF whose bytes are not a PDF',
        () => upload('just text', 'application/pdf'),
        400,
        'validation_error',
        /^file: The content is not a application\/pdf file/,
      ],
      [
        'a PNG whose bytes are not a PNG',
        () => upload(Buffer.from('GIF89a....'), 'image/png'),
        400,
        'validation_error',
        /^file: The content is not a image\/png/,
      ],
      [
        'binary content declared as CSV',
        () => upload(Buffer.from([0x61, 0, 0x62]), 'text/csv'),
        400,
        'validation_error',
        /^file: The content is binary/,
      ],
      ['an empty raw body', () => upload('', 'text/csv'), 400, 'validation_error', /^file: the file is empty/],
      [
        'an empty multipart file',
        async () => {
          const form = multipartBody({ filename: 'empty.csv', contentType: 'text/csv', content: '' });
          return upload(form.body, form.contentType);
        },
        400,
        'validation_error',
        /empty/,
      ],
      [
        'a truncated multipart body',
        async () => {
          const form = multipartBody({ filename: 'cut.csv', contentType: 'text/csv', content: csv.repeat(50) });
          return upload(form.body.subarray(0, form.body.length - 300), form.contentType);
        },
        400,
        'validation_error',
        /truncated/,
      ],
      [
        'a multipart body without a file',
        async () =>
          upload(
            Buffer.from('--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--b--\r\n'),
            'multipart/form-data; boundary=b',
          ),
        400,
        'validation_error',
        /no file/,
      ],
      [
        'a file in another field',
        async () => {
          const form = multipartBody({ field: 'document', filename: 'a.csv', contentType: 'text/csv', content: csv });
          return upload(form.body, form.contentType);
        },
        400,
        'validation_error',
        /"file" field/,
      ],
      ['a body without Content-Type', () => upload('a,b', undefined), 400, 'validation_error', /Content-Type/],
    ];
    it.each(cases)('%s', async (_what, send, status, code, message) => {
      const before = await stored();
      const res = await send();
      expect(res.statusCode).toBe(status);
      const body = res.json() as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(message);
      expect(await stored()).toEqual(before);
    });
  });

  it('over real HTTP, streams a chunked body without Content-Length and cuts it off past the limit', async () => {
    const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const send = (chunks: Buffer[]) =>
      new Promise<{ status: number; body: { data?: { attachment: { size: number } }; error?: { code: string } } }>(
        (resolve, reject) => {
          const req = http.request(`${url}${URL}`, {
            method: 'POST',
            headers: { ...alice, 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
          });
          // The server may answer 413 and close before the whole body is sent.
          req.on('error', reject);
          for (const chunk of chunks) req.write(chunk);
          req.end();
        },
      );
    const ok = await send([Buffer.alloc(1000, 'x'), Buffer.alloc(1000, 'y')]);
    expect(ok.status).toBe(201);
    expect(ok.body.data?.attachment.size).toBe(2000);
    const before = await stored();
    const tooBig = await send(Array.from({ length: 5 }, () => Buffer.alloc(LIMIT / 4, 'z')));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error?.code).toBe('payload_too_large');
    expect(await stored()).toEqual(before);
  });

  it('needs the agent:artifacts scope', async () => {
    const token = await tokenFor(h.db.prisma, 'alice', ['agent:run'], { name: 'no-artifacts' });
    const res = await h.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode).toBe(403);
  });

  it('describes the upload in the OpenAPI document: multipart and the raw media types', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const op = doc.paths[URL].post;
    expect(Object.keys(op.requestBody.content)).toEqual(
      expect.arrayContaining(['multipart/form-data', 'text/csv', 'application/pdf', 'image/png']),
    );
    expect(op.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(op.responses['413'].content['application/json']).toBeDefined();
  });
});
