/**
 * The custom search attributes every agent run carries, so operators can filter runs in the Temporal UI by
 * tenant, user, thread and status without reading our database (DESIGN.md section 5).
 *
 * Pure data with no imports: workflows, the API and the dev server flags all read this one list. Each entry has
 * the shape of the SDK's `SearchAttributeKey` (`{ name, type }`), so it can be passed to `typedSearchAttributes`
 * and `upsertSearchAttributes` as it is.
 */
export const svcHrTenant = { name: 'SvcHrTenant', type: 'KEYWORD' } as const;
export const svcHrUser = { name: 'SvcHrUser', type: 'KEYWORD' } as const;
export const svcHrThread = { name: 'SvcHrThread', type: 'KEYWORD' } as const;
export const svcHrStatus = { name: 'SvcHrStatus', type: 'KEYWORD' } as const;

/** All custom search attributes, registered on the dev server at start (and on a cluster by its operator). */
export const searchAttributes = [svcHrTenant, svcHrUser, svcHrThread, svcHrStatus] as const;

export type SearchAttributeName = (typeof searchAttributes)[number]['name'];
