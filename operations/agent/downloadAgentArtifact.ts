import { z } from 'zod';
import { findRunArtifact } from '../../engines/artifacts/artifacts';
import { AppError } from '../../engines/appError';
import { blobStoreFor } from '../../engines/blobs/blobStores';
import { matchesEtag, parseRange } from '../byteRange';
import { defineOperation, type StreamAnswer } from '../defineOperation';
import { RunArtifactParams } from './artifactSchemas';

/** Text is served as UTF-8, said explicitly so a browser never guesses another charset. */
function servedType(contentType: string): string {
  return contentType.startsWith('text/') ? `${contentType}; charset=utf-8` : contentType;
}

export const downloadAgentArtifact = defineOperation({
  name: 'download_agent_artifact',
  method: 'GET',
  path: '/api/v1/agent/runs/{id}/artifacts/{artifactId}/download',
  access: 'agent:artifacts',
  tag: 'Agent artifacts',
  summary: 'Download a file one of your runs delivered',
  description:
    "Answers the bytes with the artifact's Content-Type, `Content-Disposition: attachment` with its file name " +
    '(RFC 6266, `filename*` for non-ASCII names) and `ETag` (its SHA-256). `If-None-Match` with that ETag answers ' +
    '304. One `Range: bytes=…` answers 206 with Content-Range; a range past the end answers 416 ' +
    '(`range_not_satisfiable`, with `Content-Range: bytes */<size>`); several ranges are served as the whole file. ' +
    "404 for an artifact of another user's run.",
  input: {
    params: RunArtifactParams,
    headers: z.object({
      range: z.string().max(200).optional().describe('one byte range, e.g. bytes=0-1023'),
      'if-none-match': z.string().max(1000).optional().describe('the ETag of a copy you hold: 304 when unchanged'),
      'if-range': z.string().max(200).optional().describe('serve the range only if the ETag is still this one'),
    }),
  },
  output: z.custom<StreamAnswer>().describe("the file's bytes (the whole file, or the requested range with 206)"),
  response: 'stream',
  otherResponses: {
    206: 'the requested byte range, with Content-Range',
    304: 'not modified: the If-None-Match ETag is current',
    404: 'not_found: no such artifact among your runs',
    416: 'range_not_satisfiable: the range starts past the end of the file',
  },
  handler: async (ctx, { params, headers }): Promise<StreamAnswer> => {
    const row = await findRunArtifact(ctx.deps.prisma, ctx.actor, params.id, params.artifactId);
    const etag = `"${row.sha256}"`;
    const common = { ETag: etag, 'Accept-Ranges': 'bytes', 'Cache-Control': 'private, no-cache' };
    const contentType = servedType(row.contentType);
    if (matchesEtag(headers?.['if-none-match'], etag)) return { contentType, status: 304, headers: common };
    const ifRange = headers?.['if-range'];
    const range =
      ifRange !== undefined && ifRange !== etag ? { kind: 'full' as const } : parseRange(headers?.range, row.size);
    if (range.kind === 'unsatisfiable') {
      throw new AppError('range_not_satisfiable', `The range is outside the file's ${row.size} bytes`, {
        size: row.size,
      });
    }
    const store = blobStoreFor(ctx.deps.config);
    if (range.kind === 'partial') {
      return {
        contentType,
        status: 206,
        body: await store.read(row.sha256, range),
        headers: {
          ...common,
          'Content-Range': `bytes ${range.start}-${range.end}/${row.size}`,
          'Content-Length': String(range.end - range.start + 1),
        },
      };
    }
    return {
      contentType,
      filename: row.filename,
      body: await store.read(row.sha256),
      headers: { ...common, 'Content-Length': String(row.size) },
    };
  },
});
