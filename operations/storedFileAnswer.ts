import { blobStoreFor } from '../engines/blobs/blobStores';
import { matchesEtag } from './byteRange';
import type { StreamAnswer } from './defineOperation';

/** A stored file as the blob store holds it: its bytes are under `sha256`. */
export interface StoredFile {
  sha256: string;
  contentType: string;
  filename: string;
  size: number;
}

/**
 * The answer of a download of a stored file (a receipt, a certification's document, an employment certificate):
 * its bytes as an attachment with its SHA-256 as ETag, or 304 when `ifNoneMatch` already names it.
 */
export async function storedFileAnswer(
  config: Parameters<typeof blobStoreFor>[0],
  file: StoredFile,
  ifNoneMatch: string | undefined,
): Promise<StreamAnswer> {
  const etag = `"${file.sha256}"`;
  const common = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  if (matchesEtag(ifNoneMatch, etag)) return { contentType: file.contentType, status: 304, headers: common };
  return {
    contentType: file.contentType,
    filename: file.filename,
    body: await blobStoreFor(config).read(file.sha256),
    headers: { ...common, 'Content-Length': String(file.size) },
  };
}
