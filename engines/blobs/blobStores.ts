import type { BlobStore } from './blobStore';
import { createLocalDiskBlobStore } from './localDiskBlobStore';
import { createS3BlobStore, type S3BlobConfig } from './s3BlobStore';

// One store per configuration and process: the API's handlers and the worker's activities share it (and its client).
const stores = new Map<string, BlobStore>();

/**
 * The blob store of the configuration: an S3-compatible bucket when `blobs.s3` is set (uploads are staged under
 * `blobs.dir/tmp` while hashed), else the local content-addressed directory `blobs.dir`.
 */
export function blobStoreFor(config: { blobs: { dir: string; s3?: S3BlobConfig | undefined } }): BlobStore {
  const { dir, s3 } = config.blobs;
  const key = s3 ? `s3:${s3.endpoint ?? ''}:${s3.bucket}:${s3.prefix}:${dir}` : `dir:${dir}`;
  let store = stores.get(key);
  if (!store) {
    store = s3 ? createS3BlobStore(s3, `${dir}/tmp`) : createLocalDiskBlobStore(dir);
    stores.set(key, store);
  }
  return store;
}
