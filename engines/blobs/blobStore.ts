import type { Readable } from 'node:stream';

/** A stored content: its hex SHA-256 (the key) and its size in bytes. */
export interface BlobInfo {
  sha256: string;
  size: number;
}

/**
 * Content received into the store's staging area, hashed while it streamed in, not yet visible under its key.
 * `commit()` publishes it (a no-op when the same content is stored already: blobs are deduplicated by content);
 * `discard()` removes what was staged, and does nothing after a commit. A caller discards in `finally`, so a
 * request that fails after the bytes arrived leaves nothing behind.
 */
export interface StagedBlob extends BlobInfo {
  /** The first bytes of the content (up to 64), for checks of its magic bytes. */
  head: Buffer;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** An inclusive byte range of a blob, as an HTTP Range request names it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The blob store of attachments and artifacts: content-addressed, so the same bytes are stored once. The local
 * disk store (localDiskBlobStore.ts) is the default; an S3-compatible store can implement the same interface
 * (stage to a local temp file while hashing, PutObject under `sha256/<hash>` on commit, GetObject with `Range`).
 */
export interface BlobStore {
  /** Where the blobs live, for logs and docs: a directory, or a bucket URL. */
  readonly location: string;
  /**
   * Streams `source` into staging while computing its SHA-256. More than `maxBytes` throws `payload_too_large`
   * as soon as the limit is crossed (the rest is not read) and keeps nothing.
   */
  stage(source: AsyncIterable<Buffer | string>, opts: { maxBytes: number }): Promise<StagedBlob>;
  /** Stores a content held in memory (an artifact the worker made) and answers its key. */
  put(content: Buffer): Promise<BlobInfo>;
  /** The size of a stored blob, or undefined when there is none under this key. */
  stat(sha256: string): Promise<{ size: number } | undefined>;
  /** The blob's bytes, or those of `range`; throws `not_found` when there is no such blob. */
  read(sha256: string, range?: ByteRange): Promise<Readable>;
}
