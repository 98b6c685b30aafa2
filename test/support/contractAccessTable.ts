import type { CredentialKind } from '../../engines/access/actor';
import type { Role } from '../../engines/access/roles';
import type { Scope } from '../../engines/access/scopes';

/**
 * What the contract (/work/shared/spec/interface.md) and, where it is silent, the decisions written in DESIGN.md and
 * docs/ say of every non-company operation: its scope, the credential kinds it takes, who succeeds and with which
 * status, and who may see someone else's resource. Written by hand from those texts, never read from the registry,
 * so that the authorization matrix (test/integration/identity/authorizationMatrix.test.ts) fails when the code
 * drifts from them. The company API's table is companyAccessTable.ts.
 */
export interface ContractExpectation {
  /** The scope the operation needs, or `any` for any valid credential ("any token"). */
  scope: Scope | 'any';
  /** The credential kinds it takes; any other kind answers 403. */
  kinds: readonly CredentialKind[];
  /** Roles that succeed on the sample request (their own resource, or the one the sample names). */
  roles: readonly Role[];
  /** The status of a success. */
  status: number;
  /** A credential without any scope answers 403 even though the operation takes any token. */
  needsAScope?: true;
  /**
   * The same request on another person's resource (Bob's, an employee of Acme reporting to the manager): `allowed`
   * succeed, `forbidden` see it but may not act (403), everyone else may not see it at all (404, no leak).
   */
  others?: { allowed: readonly Role[]; forbidden: readonly Role[] };
}

const EVERYONE: Role[] = ['EMPLOYEE', 'MANAGER', 'DIRECTOR', 'HR_MANAGER', 'ADMIN', 'OWNER'];
const HR_AND_UP: Role[] = ['HR_MANAGER', 'ADMIN', 'OWNER'];
const ADMINS: Role[] = ['ADMIN', 'OWNER'];
/** Bob's manager, the director of his department and the workspace roles see him (Rules item 2). */
const SEE_BOB: Role[] = ['MANAGER', 'DIRECTOR', 'HR_MANAGER', 'ADMIN', 'OWNER'];
/** Authentication items 1 and 3: people act with personal access tokens and delegated credentials. */
const PERSON: CredentialKind[] = ['personal_access_token', 'delegated_credential'];
const PAT: CredentialKind[] = ['personal_access_token'];
const INTEGRATION: CredentialKind[] = ['integration_credential'];
/** Nobody but its owner sees it: any other caller, an admin included, gets 404. */
const OWNER_ONLY = { allowed: [], forbidden: [] } as const;
/** docs/webhooks.md, "Who sees which webhook": its creator, and the workspace's ADMINs and OWNERs. */
const WEBHOOK_SEERS = { allowed: ADMINS, forbidden: [] } as const;

export const contractAccessTable: Record<string, ContractExpectation> = {
  // interface.md, Endpoints, "Identity and leave (REST)": get_me takes any token; the leave and report scopes.
  // Rules item 2: visibility narrows what a list holds, never whether the caller may ask.
  get_me: { scope: 'any', kinds: PERSON, roles: EVERYONE, status: 200 },
  list_leave_requests: { scope: 'leave:read', kinds: PERSON, roles: EVERYONE, status: 200 },
  create_leave_request: { scope: 'leave:write', kinds: PERSON, roles: EVERYONE, status: 201 },
  untaken_leave_report: { scope: 'reports:read', kinds: PERSON, roles: EVERYONE, status: 200 },

  // Beyond the contract, docs/leave.md ("Approval routing"): reading balances and approvals takes leave:read;
  // deciding Alice's request is her manager's or HR's (not hers, not the director's: 403, they see it);
  // cancelling is the employee's own (those who see Bob's get 403, Alice, who does not, 404).
  list_leave_approvals: { scope: 'leave:read', kinds: PERSON, roles: EVERYONE, status: 200 },
  get_leave_balances: { scope: 'leave:read', kinds: PERSON, roles: EVERYONE, status: 200 },
  decide_leave_request: {
    scope: 'leave:write',
    kinds: PERSON,
    roles: ['MANAGER', 'HR_MANAGER', 'ADMIN', 'OWNER'],
    status: 200,
  },
  cancel_leave_request: {
    scope: 'leave:write',
    kinds: PERSON,
    roles: EVERYONE,
    status: 200,
    others: { allowed: [], forbidden: SEE_BOB },
  },
  // DESIGN.md section 4 and README "Tokens": one's own notifications, with any token.
  list_notifications: { scope: 'any', kinds: PERSON, roles: EVERYONE, status: 200 },

  // interface.md, Authentication item 2 and README "Tokens": personal access tokens are made in the account
  // settings, so creating and revoking take a personal access token (a browser's delegated credential may not);
  // a new token carries only scopes its creator holds (none held: 403); one revokes only one's own.
  create_personal_access_token: { scope: 'any', kinds: PAT, roles: EVERYONE, status: 201, needsAScope: true },
  list_personal_access_tokens: { scope: 'any', kinds: PERSON, roles: EVERYONE, status: 200 },
  revoke_personal_access_token: { scope: 'any', kinds: PAT, roles: EVERYONE, status: 200, others: OWNER_ONLY },

  // interface.md, Endpoints, "Agent API" (the scope column) and Authentication item 3: only an admin's integration
  // credential exchanges (README "Tokens": and looks a user up first, with the same scope).
  exchange_agent_token: { scope: 'agent:run', kinds: INTEGRATION, roles: ADMINS, status: 201 },
  lookup_agent_user: { scope: 'agent:run', kinds: INTEGRATION, roles: ADMINS, status: 200 },
  // docs/agent.md: threads, and so their runs, are their owner's; anybody else gets 404.
  list_agent_threads: { scope: 'agent:read', kinds: PERSON, roles: EVERYONE, status: 200 },
  create_agent_thread: { scope: 'agent:run', kinds: PERSON, roles: EVERYONE, status: 201 },
  get_agent_thread: { scope: 'agent:read', kinds: PERSON, roles: EVERYONE, status: 200, others: OWNER_ONLY },
  // 201 in production; the matrix's harness runs no Temporal, so a run that cannot start answers 503 once the scope
  // and kind checks have passed (docs/agent.md, error `unavailable`). That 503 comes before the thread is looked up
  // (engines/agent/runCommands.ts), for anyone's thread alike, so the owner-only rule is not checkable here.
  send_agent_message: { scope: 'agent:run', kinds: PERSON, roles: EVERYONE, status: 503 },
  get_agent_run: { scope: 'agent:read', kinds: PERSON, roles: EVERYONE, status: 200, others: OWNER_ONLY },
  stream_agent_run: { scope: 'agent:read', kinds: PERSON, roles: EVERYONE, status: 200, others: OWNER_ONLY },
  decide_agent_run: { scope: 'agent:approve', kinds: PERSON, roles: EVERYONE, status: 200, others: OWNER_ONLY },
  answer_agent_run: { scope: 'agent:run', kinds: PERSON, roles: EVERYONE, status: 200, others: OWNER_ONLY },
  cancel_agent_run: { scope: 'agent:approve', kinds: PERSON, roles: EVERYONE, status: 200, others: OWNER_ONLY },
  decide_agent_action: { scope: 'agent:approve', kinds: PERSON, roles: EVERYONE, status: 200, others: OWNER_ONLY },
  // docs/artifacts.md: a run's artifacts are its user's alone (an admin included gets 404).
  upload_agent_attachment: { scope: 'agent:artifacts', kinds: PERSON, roles: EVERYONE, status: 201 },
  list_agent_artifacts: { scope: 'agent:artifacts', kinds: PERSON, roles: EVERYONE, status: 200 },
  get_agent_artifact: { scope: 'agent:artifacts', kinds: PERSON, roles: EVERYONE, status: 200, others: OWNER_ONLY },
  download_agent_artifact: {
    scope: 'agent:artifacts',
    kinds: PERSON,
    roles: EVERYONE,
    status: 200,
    others: OWNER_ONLY,
  },
  // The contract's audit:read; docs/audit.md: everyone lists and exports (their own records), verifying the
  // whole trail needs workspace visibility (HR_MANAGER, ADMIN, OWNER).
  list_agent_audit: { scope: 'audit:read', kinds: PERSON, roles: EVERYONE, status: 200 },
  export_agent_audit: { scope: 'audit:read', kinds: PERSON, roles: EVERYONE, status: 200 },
  verify_agent_audit: { scope: 'audit:read', kinds: PERSON, roles: HR_AND_UP, status: 200 },
  // The contract's webhook scopes (list agent:read; create and disable agent:run); docs/webhooks.md gives the rest
  // the same scopes by verb and says who sees someone else's webhook.
  list_agent_webhooks: { scope: 'agent:read', kinds: PERSON, roles: EVERYONE, status: 200 },
  create_agent_webhook: { scope: 'agent:run', kinds: PERSON, roles: EVERYONE, status: 201 },
  get_agent_webhook: { scope: 'agent:read', kinds: PERSON, roles: EVERYONE, status: 200, others: WEBHOOK_SEERS },
  disable_agent_webhook: { scope: 'agent:run', kinds: PERSON, roles: EVERYONE, status: 200, others: WEBHOOK_SEERS },
  enable_agent_webhook: { scope: 'agent:run', kinds: PERSON, roles: EVERYONE, status: 200, others: WEBHOOK_SEERS },
  rotate_agent_webhook_secret: {
    scope: 'agent:run',
    kinds: PERSON,
    roles: EVERYONE,
    status: 200,
    others: WEBHOOK_SEERS,
  },
  list_agent_webhook_deliveries: {
    scope: 'agent:read',
    kinds: PERSON,
    roles: EVERYONE,
    status: 200,
    others: WEBHOOK_SEERS,
  },
  get_agent_webhook_delivery: {
    scope: 'agent:read',
    kinds: PERSON,
    roles: EVERYONE,
    status: 200,
    others: WEBHOOK_SEERS,
  },

  // interface.md, "Outbound MCP" item 1: an admin allow-lists servers in the connection settings; docs/outbound.md:
  // ADMIN and OWNER, with a personal access token, whatever its scopes; connectors likewise.
  create_mcp_server: { scope: 'any', kinds: PAT, roles: ADMINS, status: 201 },
  list_mcp_servers: { scope: 'any', kinds: PAT, roles: ADMINS, status: 200 },
  get_mcp_server: { scope: 'any', kinds: PAT, roles: ADMINS, status: 200 },
  update_mcp_server: { scope: 'any', kinds: PAT, roles: ADMINS, status: 200 },
  delete_mcp_server: { scope: 'any', kinds: PAT, roles: ADMINS, status: 200 },
  create_connector: { scope: 'any', kinds: PAT, roles: ADMINS, status: 201 },
  list_connectors: { scope: 'any', kinds: PAT, roles: ADMINS, status: 200 },
  revoke_connector: { scope: 'any', kinds: PAT, roles: ADMINS, status: 200 },
};

/**
 * Operations that take no credential of the matrix's kinds: probes (DESIGN.md section 7), the machine-readable
 * contract (interface.md, "Machine-readable contract"), the MCP resource metadata a 401 points to (Authentication
 * item 6), the audit trail's public key (docs/audit.md), the connector's socket (its pairing token is its credential:
 * docs/outbound.md) and accepting an invitation (the invitation is its credential: company-api.md, User). Any other
 * operation made public fails the matrix.
 */
export const publicOperations: readonly string[] = [
  'get_health',
  'get_readiness',
  'get_openapi_document',
  'get_mcp_protected_resource_metadata',
  'get_agent_audit_public_key',
  'open_connector_socket',
  'accept_user_invitation',
];
