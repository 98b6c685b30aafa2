import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../../../engines/appError';
import { createLocalDiskBlobStore } from '../../../../engines/blobs/localDiskBlobStore';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'svc-hr-blobs-unit-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}
const files = async () =>
  (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
const text = async (stream: AsyncIterable<unknown>) => {
  const out: Buffer[] = [];
  for await (const c of stream) out.push(c as Buffer);
  return Buffer.concat(out).toString();
};

describe('the local disk blob store', () => {
  it('hashes while staging, publishes under sha256/ab/cd/<hash> on commit, and reads ranges', async () => {
    const store = createLocalDiskBlobStore(root);
    const staged = await store.stage(chunks('hello ', 'world'), { maxBytes: 100 });
    const sha = createHash('sha256').update('hello world').digest('hex');
    expect(staged).toMatchObject({ sha256: sha, size: 11 });
    expect(staged.head.toString()).toBe('hello world');
    expect(await store.stat(sha)).toBeUndefined();
    await staged.commit();
    expect(await store.stat(sha)).toEqual({ size: 11 });
    expect(await readdir(path.join(root, 'sha256', sha.slice(0, 2), sha.slice(2, 4)))).toEqual([sha]);
    expect(await text(await store.read(sha))).toBe('hello world');
    expect(await text(await store.read(sha, { start: 6, end: 10 }))).toBe('world');
    expect(await files()).toEqual([sha]);
  });

  it('stores the same content once', async () => {
    const store = createLocalDiskBlobStore(root);
    const a = await store.stage(chunks('same'), { maxBytes: 10 });
    const b = await store.stage(chunks('sa', 'me'), { maxBytes: 10 });
    await a.commit();
    await b.commit();
    const put = await store.put(Buffer.from('same'));
    expect(put.sha256).toBe(a.sha256);
    expect(await files()).toEqual([a.sha256]);
  });

  it('keeps nothing of a discarded or over-size content', async () => {
    const store = createLocalDiskBlobStore(root);
    const staged = await store.stage(chunks('drop me'), { maxBytes: 10 });
    await staged.discard();
    await staged.commit(); // after a discard: nothing to publish
    await expect(store.stage(chunks('12345', '67890', '1'), { maxBytes: 10 })).rejects.toMatchObject({
      code: 'payload_too_large',
    });
    expect(await files()).toEqual([]);
  });

  it('answers not_found for a missing blob and for a key that is not a SHA-256', async () => {
    const store = createLocalDiskBlobStore(root);
    await expect(store.read('0'.repeat(64))).rejects.toBeInstanceOf(AppError);
    await expect(store.read('../../etc/passwd')).rejects.toMatchObject({ code: 'not_found' });
  });
});
