import { z } from 'zod';

/** The zod schemas of attachments and artifacts (docs/artifacts.md). */

export const Attachment = z.object({
  id: z.uuid().describe('the attachment id, to pass in attachmentIds of send_agent_message'),
  filename: z.string().describe('the file name given at upload (directories and control characters removed)'),
  contentType: z.string().describe('the media type, one of the accepted ones'),
  size: z.number().int().describe('size in bytes'),
  sha256: z.string().describe('hex SHA-256 of the content'),
  createdAt: z.string().describe('ISO 8601 UTC'),
});

export const Artifact = z.object({
  id: z.uuid().describe('the artifact id'),
  runId: z.uuid().describe('the run that made it'),
  threadId: z.uuid().describe("the run's thread"),
  kind: z.string().describe('what it is: untaken_leave_report or summary'),
  filename: z.string().describe('the download name'),
  contentType: z.string().describe('the media type the download answers with'),
  size: z.number().int().describe('size in bytes'),
  sha256: z.string().describe('hex SHA-256 of the content: the download ETag'),
  createdAt: z.string().describe('ISO 8601 UTC'),
});

export const RunArtifactParams = z.object({
  id: z.uuid().describe('the run id'),
  artifactId: z.uuid().describe('the artifact id'),
});
