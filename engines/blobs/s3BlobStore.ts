import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { AppError } from '../appError';
import type { BlobInfo, BlobStore, ByteRange, StagedBlob } from './blobStore';
import { stageFile } from './localDiskBlobStore';

/** Where an S3-compatible store keeps blobs (AWS S3, MinIO, Cloudflare R2, Ceph...). */
export interface S3BlobConfig {
  bucket: string;
  /** Key prefix, e.g. `svc-hr/`; blobs live at `<prefix>sha256/<hash>`. */
  prefix: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2); unset: AWS S3 of the region. */
  endpoint: string | undefined;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Static credentials; unset: the AWS SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/**
 * The blob store on an S3-compatible bucket. An upload is staged in a temp file of `stagingDir` while it is hashed
 * (the key is only known at the end of the stream, and a rejected upload must leave nothing in the bucket), then
 * put under its SHA-256 on commit, unless an object of that key is there already (same key, same bytes).
 */
export function createS3BlobStore(config: S3BlobConfig, stagingDir: string): BlobStore {
  const clientConfig: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default trailing
    // checksums (aws-chunked bodies); content integrity is ours anyway: the key is the content's SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  };
  const client = new S3Client(clientConfig);
  const keyOf = (sha256: string) => {
    if (!SHA256_HEX.test(sha256)) throw new AppError('not_found', 'No such blob');
    return `${config.prefix}sha256/${sha256}`;
  };

  async function stat(sha256: string): Promise<{ size: number } | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(sha256) }));
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async function upload(sha256: string, size: number, body: Buffer | Readable): Promise<void> {
    if (await stat(sha256)) return;
    await client.send(
      new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(sha256), Body: body, ContentLength: size }),
    );
  }

  return {
    location: `s3://${config.bucket}/${config.prefix}`,

    async stage(source, { maxBytes }): Promise<StagedBlob> {
      const staged = await stageFile(source, stagingDir, maxBytes);
      let settled = false;
      return {
        sha256: staged.sha256,
        size: staged.size,
        head: staged.head,
        async commit() {
          if (settled) return;
          settled = true;
          try {
            await upload(staged.sha256, staged.size, createReadStream(staged.file));
          } finally {
            await rm(staged.file, { force: true });
          }
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
      await upload(sha256, content.length, content);
      return { sha256, size: content.length };
    },

    stat,

    async read(sha256: string, range?: ByteRange): Promise<Readable> {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: keyOf(sha256),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return object.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) throw new AppError('not_found', 'The stored content of this file is missing');
        throw err;
      }
    },
  };
}
