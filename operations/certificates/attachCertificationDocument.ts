import { z } from 'zod';
import { contentMismatch } from '../../engines/attachments/attachmentTypes';
import { attachCertificationDocument as attach } from '../../engines/certificates/certificationDocuments';
import { certificationDocumentTypes } from '../../engines/certificates/certificationDocuments';
import { getCertification } from '../../engines/certificates/certifications';
import { defineOperation } from '../defineOperation';
import { CertificationView, IdParam, certificatesOperation } from './certificateSchemas';

export const attachCertificationDocument = defineOperation({
  ...certificatesOperation,
  name: 'attach_certification_document',
  method: 'PUT',
  path: '/api/certificates/certifications/{id}/document',
  access: 'certificates:write',
  summary: 'Upload the scanned document of a certification or licence (its holder or HR), replacing any before it',
  description:
    'Send multipart/form-data with the file in the `file` field, or the file itself as the body with its ' +
    'Content-Type (name it with `?filename=`). Accepted: PDF, PNG, JPEG and WebP, checked against the first bytes. ' +
    'Larger than SVC_HR_ATTACHMENT_MAX_BYTES answers 413; an empty or mistyped file 400; neither stores anything.',
  input: {
    params: IdParam,
    query: z.strictObject({
      filename: z
        .string()
        .max(255)
        .optional()
        .describe('the file name of a raw body (multipart parts carry their own)'),
    }),
    upload: {
      field: 'file',
      accept: certificationDocumentTypes,
      maxBytes: (config) => config.blobs.attachmentMaxBytes,
      sniff: contentMismatch,
      description: 'the document: a multipart form with a `file` field, or the raw bytes with their Content-Type',
    },
  },
  output: z.object({ certification: CertificationView }),
  idempotent: true,
  handler: async (ctx, { params, query, upload }) => {
    await attach(ctx.deps.prisma, ctx.actor, params.id, { ...upload, filename: upload.filename ?? query.filename });
    return { certification: await getCertification(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock) };
  },
});
