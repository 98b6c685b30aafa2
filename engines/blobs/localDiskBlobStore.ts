import { once } from 'node:events';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { AppError } from '../appError';
import type { BlobInfo, BlobStore, ByteRange, StagedBlob } from './blobStore';

const HEAD_BYTES = 64;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** `<root>/sha256/ab/cd/abcd…`: two levels of fan-out keep directories small with millions of blobs. */
export function blobPath(root: string, sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new AppError('not_found', 'No such blob');
  return path.join(root, 'sha256', sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** A content streamed into a temp file of `tmpDir`, with its SHA-256, size and first bytes. */
export interface StagedFile extends BlobInfo {
  file: string;
  head: Buffer;
}

/**
 * Streams `source` into a new temp file of `tmpDir`, hashing it on the way. Crossing `maxBytes` throws
 * `payload_too_large` at once (the rest is not read); any failure removes the temp file.
 */
export async function stageFile(
  source: AsyncIterable<Buffer | string>,
  tmpDir: string,
  maxBytes: number,
): Promise<StagedFile> {
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  const out = createWriteStream(file, { flags: 'wx' });
  let size = 0;
  const headChunks: Buffer[] = [];
  let headSize = 0;
  try {
    for await (const piece of source) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      size += chunk.length;
      if (size > maxBytes) {
        throw new AppError('payload_too_large', `The file is larger than the limit of ${maxBytes} bytes`, {
          maxBytes,
        });
      }
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        headChunks.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    out.end();
    await finished(out);
  } catch (err) {
    out.destroy();
    // The file may still be opening: wait until the stream has let go of it, or a late open would create it again
    // after the rm below and leave a .part file behind.
    if (!out.closed) await once(out, 'close');
    await rm(file, { force: true });
    throw err;
  }
  return { file, sha256: hash.digest('hex'), size, head: Buffer.concat(headChunks) };
}

/**
 * The default blob store: files under `root` named by their SHA-256. Content is written to `root/tmp/` while it
 * is hashed, then renamed into place (atomic on one file system), so a reader never sees a partial blob and a
 * crash leaves at most a temp file.
 */
export function createLocalDiskBlobStore(root: string): BlobStore {
  const tmpDir = path.join(root, 'tmp');

  async function publish(tmp: string, sha256: string): Promise<void> {
    const target = blobPath(root, sha256);
    if (await exists(target)) {
      // The same content is stored already: keep the one there, drop the copy.
      await rm(tmp, { force: true });
      return;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tmp, target);
  }

  return {
    location: root,

    async stage(source, { maxBytes }): Promise<StagedBlob> {
      const staged = await stageFile(source, tmpDir, maxBytes);
      let settled = false;
      return {
        sha256: staged.sha256,
        size: staged.size,
        head: staged.head,
        async commit() {
          if (settled) return;
          settled = true;
          await publish(staged.file, staged.sha256);
        },
        async discard() {
          if (settled) return;
          settled = true;
          await rm(staged.file, { force: true });
        },
      };
    },

    async put(content: Buffer): Promise<BlobInfo> {
      const sha256 = createHash('sha256').update(content).digest('hex');
      const target = blobPath(root, sha256);
      if (!(await exists(target))) {
        await mkdir(tmpDir, { recursive: true });
        const tmp = path.join(tmpDir, `${randomUUID()}.part`);
        await writeFile(tmp, content, { flag: 'wx' });
        await publish(tmp, sha256);
      }
      return { sha256, size: content.length };
    },

    async stat(sha256) {
      const found = await stat(blobPath(root, sha256)).catch(() => undefined);
      return found ? { size: found.size } : undefined;
    },

    async read(sha256: string, range?: ByteRange): Promise<Readable> {
      const file = blobPath(root, sha256);
      if (!(await exists(file))) throw new AppError('not_found', 'The stored content of this file is missing');
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
  };
}
