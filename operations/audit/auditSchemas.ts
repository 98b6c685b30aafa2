import { z } from 'zod';

/** One audit record as lists show it: exactly the fields that are hashed, plus the hash (docs/audit.md). */
export const AuditRecord = z.object({
  id: z.uuid().describe('the record id; the X-Audit-Id header of the call it records'),
  tenantId: z.uuid().describe('the workspace'),
  seq: z.number().int().describe("position in the workspace's hash chain, from 1, without gaps"),
  occurredAt: z.string().describe('when the call happened, ISO 8601 UTC with milliseconds'),
  userId: z.uuid().nullable().describe('the user the call acted as'),
  credentialId: z.uuid().nullable().describe('the credential that authenticated the call'),
  credentialKind: z
    .string()
    .nullable()
    .describe('personal_access_token, delegated_credential, integration_credential, company_api_key, ...'),
  surface: z
    .string()
    .describe(
      'where the call came from: rest, mcp, agent, mcp_outbound (a call to an allow-listed MCP server), cli or system',
    ),
  operation: z.string().describe('the registry operation or MCP tool called'),
  arguments: z.unknown().describe('the arguments of the call, with secrets replaced by [REDACTED]'),
  outcome: z.string().describe('success or failure'),
  errorCode: z.string().nullable().describe('the error code of a failure'),
  requestId: z.string().nullable().describe('the X-Request-Id of the call'),
  runId: z.string().nullable().describe('the agent run, for agent steps'),
  prevHash: z.string().describe('hash of the previous record (64 zeros for the first): the chain link'),
  hash: z.string().describe('SHA-256 (hex) of the canonical JSON of the fields above'),
});
