import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../engines/appError';
import { bareMediaType } from '../engines/attachments/attachmentTypes';
import type { StagedBlob } from '../engines/blobs/blobStore';
import { blobStoreFor } from '../engines/blobs/blobStores';
import { dispositionFilename } from './contentDisposition';
import type { UploadInput } from '../operations/defineOperation';
import type { StagedUpload } from '../operations/invoke';

/** Room for a multipart body's boundaries and part headers around the file, before the early 413. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Makes the routes registered in `scope` take file bodies instead of JSON: multipart/form-data through
 * @fastify/multipart, and any other Content-Type left unread, for the route to stream. Only upload routes live in
 * the scope, so every other route keeps refusing non-JSON bodies.
 */
export async function registerUploadParsers(scope: FastifyInstance): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
  await scope.register(multipart, { throwFileSizeLimit: true });
}

/** A staged upload, with the way to drop it when the request fails. */
export type { StagedUpload };

const truncated = () =>
  new AppError('validation_error', 'The upload ended before the file was complete: the body is truncated');

/** Failures while the bytes stream in, in the contract's terms. */
function streamError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large', 'The file is larger than the limit');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('validation_error', 'Send one file per upload');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('validation_error', 'Content-Type: multipart/form-data needs a boundary');
  }
  return truncated();
}

/**
 * Receives the file of an upload operation into the blob store's staging area, hashing it as it streams, and
 * checks it: declared type in the allow-list (before reading), size (a declared Content-Length over the limit
 * answers 413 before reading; a stream that crosses it is cut off), not empty, complete, and content that matches
 * its declared type. A failure discards what was staged.
 */
export async function receiveUpload(request: FastifyRequest, spec: UploadInput, config: Config): Promise<StagedUpload> {
  const maxBytes = spec.maxBytes(config);
  const header = request.headers['content-type'];
  if (!header) {
    throw new AppError(
      'validation_error',
      `Content-Type: send multipart/form-data with the file in the "${spec.field}" field, or the file itself with its own Content-Type`,
    );
  }
  const declaredLength = Number(request.headers['content-length'] ?? NaN);
  const accepted = (type: string) => {
    if (!spec.accept.includes(type)) {
      throw new AppError('validation_error', `Content-Type: ${type || '(none)'} is not accepted`, {
        field: 'Content-Type',
        accepted: [...spec.accept],
      });
    }
  };

  let source: AsyncIterable<Buffer>;
  let contentType: string;
  let filename: string | undefined;
  let partTruncated = () => false;
  if (request.isMultipart()) {
    if (declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
      throw new AppError('payload_too_large', `The file is larger than the limit of ${maxBytes} bytes`, { maxBytes });
    }
    const part = await request
      .file({ limits: { fileSize: maxBytes, files: 1, parts: 10 } })
      .catch((err: unknown) => Promise.reject(streamError(err)));
    if (!part) throw new AppError('validation_error', `${spec.field}: the form carries no file`);
    if (part.fieldname !== spec.field) {
      part.file.resume();
      throw new AppError('validation_error', `${spec.field}: send the file in the "${spec.field}" field`);
    }
    contentType = bareMediaType(part.mimetype);
    accepted(contentType);
    filename = part.filename || undefined;
    source = part.file;
    partTruncated = () => part.file.truncated;
  } else {
    contentType = bareMediaType(header);
    accepted(contentType);
    if (declaredLength > maxBytes) {
      throw new AppError('payload_too_large', `The file is larger than the limit of ${maxBytes} bytes`, { maxBytes });
    }
    filename = dispositionFilename(request.headers['content-disposition']);
    source = request.raw;
  }

  let staged: StagedBlob;
  try {
    staged = await blobStoreFor(config).stage(source, { maxBytes });
  } catch (err) {
    throw streamError(err);
  }
  try {
    if (partTruncated()) throw new AppError('payload_too_large', 'The file is larger than the limit');
    if (Number.isFinite(declaredLength) && !request.isMultipart() && staged.size < declaredLength) throw truncated();
    // Named by the field the file travels in (the body of a raw upload), like every other refused input.
    if (staged.size === 0) throw new AppError('validation_error', `${spec.field}: the file is empty`);
    const mismatch = spec.sniff?.(staged.head, contentType);
    if (mismatch) throw new AppError('validation_error', `${spec.field}: ${mismatch}`);
  } catch (err) {
    await staged.discard();
    throw err;
  }
  return {
    ...(filename !== undefined ? { filename } : {}),
    contentType,
    sha256: staged.sha256,
    size: staged.size,
    commit: () => staged.commit(),
    discard: () => staged.discard(),
  };
}
