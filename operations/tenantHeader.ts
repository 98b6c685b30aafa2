import { AppError } from '../engines/appError';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The workspace a client names in `x-tenant-id`, lower-cased, or undefined when the header is not one uuid (sent
 * twice, empty, or anything else): the contract and company-api.md say it is the tenant's uuid, and a value that is
 * not one is the client's mistake to fix (400), not a workspace it may not enter (403).
 */
export function tenantIdOf(header: unknown): string | undefined {
  return typeof header === 'string' && uuidPattern.test(header) ? header.toLowerCase() : undefined;
}

/** The 400 for an `x-tenant-id` that is not a uuid, naming the header as a field (as other bad input does). */
export function notAWorkspaceId(): AppError {
  const issue = { field: 'x-tenant-id', message: "must be the workspace's uuid" };
  return new AppError('validation_error', `${issue.field}: ${issue.message}`, { in: 'headers', issues: [issue] });
}
