import type { PrismaClient } from '../../db/prismaClient';
import type { CredentialKind } from '../../engines/access/actor';
import type { Role } from '../../engines/access/roles';
import { scopes as allScopes, type Scope } from '../../engines/access/scopes';
import { createPendingActions } from '../../engines/agent/actions';
import { askQuestion } from '../../engines/agent/questions';
import { createRun, lockRun, setRequiresAction, setRunStatus } from '../../engines/agent/runs';
import { createThread } from '../../engines/agent/threads';
import { storeRunArtifacts } from '../../engines/artifacts/artifacts';
import { blobStoreFor } from '../../engines/blobs/blobStores';
import { authenticate } from '../../engines/tokens/authenticate';
import { hashSecret } from '../../engines/tokens/secret';
import { secretBoxOf } from '../../engines/secrets/secretBox';
import { createWebhook } from '../../engines/webhooks/webhooks';
import { companySamples } from './companySamples';
import { testConfig } from './config';
import { tokenFor, type DemoKey } from './identity';
import { nextFreeLeaveDay, pendingUnpaidLeaveOf } from './leave';

/** Who calls: the demo person, their role, the credential's kind and scopes, and its secret. */
export interface Combo {
  who: DemoKey;
  role: Role;
  kind: CredentialKind;
  scopes: readonly Scope[];
  token: string;
}
/** The request the matrix sends for an operation; the method and path default to the operation's. */
export interface Sample {
  method?: string;
  url?: string;
  payload?: object | string;
  /** Headers besides the credential (an upload's Content-Type). */
  headers?: Record<string, string>;
}
/**
 * Builds the request for a caller. Resources a sample acts on are `combo.who`'s own (the authorization matrix's
 * visibility check passes another person as `who` with the caller's scopes).
 */
export type SampleBuilder = (combo: Combo) => Promise<Sample>;

let mcpServerCount = 0;
let connectorCount = 0;
let hires = 0;

/**
 * A sample request for every guarded operation of the registry, on the demo tenants of the harness whose database
 * `prisma` returns; the company API's come from companySamples.
 */
export function contractSamples(prisma: () => PrismaClient): Record<string, SampleBuilder> {
  const userIdOf = async (email: string) => (await prisma().user.findUniqueOrThrow({ where: { email } })).id;

  const freshLeaveDay = () => nextFreeLeaveDay(prisma());
  const pendingLeaveOf = (who: DemoKey) => pendingUnpaidLeaveOf(prisma(), who);

  /**
   * An agent thread of `who` with a queued run, made through the agent engine as `who`; optionally waiting for the
   * approval of one action or for the answer to a question, or completed (as its workflow would leave it).
   */
  async function agentRunOf(
    who: DemoKey,
    waitingFor?: 'approval' | 'question' | 'completed',
  ): Promise<{ threadId: string; runId: string; actionId: string }> {
    const db = prisma();
    const actor = await authenticate(db, await tokenFor(db, who, allScopes, { name: 'matrix-agent' }));
    const thread = await createThread(db, actor, 'matrix');
    const run = await createRun(db, actor, thread.id, 'hello');
    let actionId = '00000000-0000-4000-8000-000000000000';
    await db.$transaction(async (tx) => {
      const locked = await lockRun(tx, run.id);
      if (waitingFor === 'question') await askQuestion(tx, locked, { text: 'Which days?' });
      if (waitingFor === 'completed') await setRunStatus(tx, locked, 'completed');
      if (waitingFor === 'approval') {
        const [action] = await createPendingActions(tx, locked, [
          {
            toolCallId: 'call_1_0',
            tool: 'create_leave_request',
            system: 'svc-hr',
            description: 'matrix',
            arguments: {},
          },
        ]);
        actionId = action!.id;
        await setRequiresAction(tx, locked, { kind: 'approval', actionIds: [actionId] }, {});
      }
    });
    return { threadId: thread.id, runId: run.id, actionId };
  }

  /** An artifact of a run of `who`, stored as the worker stores one (the harness's blob store). */
  async function artifactOf(who: DemoKey): Promise<string> {
    const { runId } = await agentRunOf(who);
    const run = await prisma().agentRun.findUniqueOrThrow({ where: { id: runId } });
    const [artifact] = await storeRunArtifacts(prisma(), blobStoreFor(testConfig()), run, [
      {
        sourceKey: 'matrix',
        kind: 'summary',
        filename: 'matrix.md',
        contentType: 'text/markdown',
        content: Buffer.from('# m'),
      },
    ]);
    return `/api/v1/agent/runs/${runId}/artifacts/${artifact!.id}`;
  }

  /** A webhook of `who`, made through the webhook engine as `who`. */
  async function webhookOf(who: DemoKey): Promise<string> {
    const actor = await authenticate(prisma(), await tokenFor(prisma(), who, allScopes, { name: 'matrix-webhook' }));
    // The harness's configuration: no key set, so the key file under the test process's data dir.
    const box = secretBoxOf(testConfig());
    const { webhook } = await createWebhook(
      prisma(),
      actor,
      { url: 'https://203.0.113.10/hooks', events: ['run.completed'] },
      { box, allowPrivateNetwork: false },
    );
    return webhook.id;
  }

  /** An allow-listed MCP server of `who`'s workspace, written directly (so any role can be given one to act on). */
  const nextMcpServerName = () => `matrix-${++mcpServerCount}`;
  async function mcpServerOf(who: DemoKey): Promise<string> {
    const actor = await authenticate(prisma(), await tokenFor(prisma(), who, [], { name: 'matrix-mcp' }));
    const server = await prisma().mcpServer.create({
      data: {
        tenantId: actor.tenant.id,
        name: nextMcpServerName(),
        url: 'https://203.0.113.20/mcp',
        headerNames: [],
        createdById: actor.user.id,
      },
    });
    return server.id;
  }

  /** A connector of `who`'s workspace, written directly (so any role can be given one to act on). */
  const nextConnectorName = () => `matrix-connector-${++connectorCount}`;
  async function connectorOf(who: DemoKey): Promise<string> {
    const actor = await authenticate(prisma(), await tokenFor(prisma(), who, [], { name: 'matrix-connector' }));
    const connector = await prisma().mcpConnector.create({
      data: {
        tenantId: actor.tenant.id,
        name: nextConnectorName(),
        pairingTokenHash: hashSecret(`matrix-${connectorCount}-${Math.random()}`),
        pairingTokenHint: 'hrc_matr…',
        createdById: actor.user.id,
      },
    });
    return connector.id;
  }

  const employeeIdOf = async (who: DemoKey) =>
    (
      await prisma().employee.findFirstOrThrow({
        where: {
          email: `${who === 'globexHr' ? 'hr' : who}@${who === 'dan' || who === 'globexHr' ? 'globex' : 'acme'}.test`,
        },
      })
    ).id;

  /** A new employee of Acme reporting to the manager (so every role sees them), written directly. */
  async function newEmployee(): Promise<string> {
    const acme = await prisma().tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const top = await prisma().employee.aggregate({ where: { tenantId: acme.id }, _max: { employeeNumber: true } });
    const row = await prisma().employee.create({
      data: {
        tenantId: acme.id,
        employeeNumber: top._max.employeeNumber! + 1,
        name: 'Matrix Leaver',
        email: `matrix.leaver.${++hires}@acme.test`,
        jobTitle: 'Tester',
        hireDate: new Date('2026-01-05T00:00:00Z'),
        managerId: await employeeIdOf('manager'),
        departmentId: (await prisma().employee.findFirstOrThrow({ where: { email: 'manager@acme.test' } }))
          .departmentId,
      },
    });
    return row.id;
  }

  /** A company API key of `who`'s workspace carrying `people:read`, made as HR of that workspace. */
  async function companyKeyOf(who: DemoKey): Promise<string> {
    const hr: DemoKey = who === 'dan' || who === 'globexHr' ? 'globexHr' : 'hr';
    const secret = await tokenFor(prisma(), hr, ['people:read'], { kind: 'company_api_key', name: 'matrix-key' });
    return (await prisma().credential.findUniqueOrThrow({ where: { secretHash: hashSecret(secret) } })).id;
  }

  return {
    // Connection settings: outbound MCP servers (a public address literal: the matrix allows no private network).
    create_mcp_server: async () => ({
      payload: { name: nextMcpServerName(), url: 'https://203.0.113.20/mcp', bearerToken: 'matrix-secret' },
    }),
    list_mcp_servers: async () => ({}),
    get_mcp_server: async (c) => ({ url: `/api/v1/admin/mcp-servers/${await mcpServerOf(c.who)}` }),
    update_mcp_server: async (c) => ({
      url: `/api/v1/admin/mcp-servers/${await mcpServerOf(c.who)}`,
      payload: { enabled: false },
    }),
    delete_mcp_server: async (c) => ({ url: `/api/v1/admin/mcp-servers/${await mcpServerOf(c.who)}` }),
    // Outbound connectors: ADMIN and OWNER only.
    create_connector: async () => ({ payload: { name: nextConnectorName() } }),
    list_connectors: async () => ({}),
    revoke_connector: async (c) => ({ url: `/api/v1/admin/connectors/${await connectorOf(c.who)}` }),
    list_agent_threads: async () => ({}),
    create_agent_thread: async () => ({ payload: { title: 'matrix' } }),
    get_agent_thread: async (c) => ({ url: `/api/v1/agent/threads/${(await agentRunOf(c.who)).threadId}` }),
    send_agent_message: async (c) => {
      const actor = await authenticate(prisma(), await tokenFor(prisma(), c.who, allScopes, { name: 'matrix-agent' }));
      const thread = await createThread(prisma(), actor, 'matrix');
      return { url: `/api/v1/agent/threads/${thread.id}/messages`, payload: { message: 'hello' } };
    },
    // A completed run: its stream replays and ends, so the matrix's request returns.
    stream_agent_run: async (c) => ({
      url: `/api/v1/agent/runs/${(await agentRunOf(c.who, 'completed')).runId}/events`,
    }),
    get_agent_run: async (c) => ({ url: `/api/v1/agent/runs/${(await agentRunOf(c.who)).runId}` }),
    decide_agent_run: async (c) => ({
      url: `/api/v1/agent/runs/${(await agentRunOf(c.who, 'approval')).runId}/decisions`,
      payload: { decision: 'reject' },
    }),
    decide_agent_action: async (c) => {
      const { runId, actionId } = await agentRunOf(c.who, 'approval');
      return { url: `/api/v1/agent/runs/${runId}/actions/${actionId}/decisions`, payload: { decision: 'approve' } };
    },
    answer_agent_run: async (c) => ({
      url: `/api/v1/agent/runs/${(await agentRunOf(c.who, 'question')).runId}/answers`,
      payload: { answer: 'Monday' },
    }),
    cancel_agent_run: async (c) => ({
      url: `/api/v1/agent/runs/${(await agentRunOf(c.who)).runId}/cancel`,
      payload: {},
    }),
    get_me: async () => ({}),
    upload_agent_attachment: async () => ({
      payload: 'start_date\n2026-12-07\n',
      headers: { 'content-type': 'text/csv' },
    }),
    list_agent_artifacts: async () => ({}),
    get_agent_artifact: async (c) => ({ url: await artifactOf(c.who) }),
    download_agent_artifact: async (c) => ({ url: `${await artifactOf(c.who)}/download` }),
    list_agent_audit: async () => ({}),
    export_agent_audit: async () => ({}),
    verify_agent_audit: async () => ({ payload: {} }),
    list_personal_access_tokens: async () => ({}),
    create_personal_access_token: async (c) => ({
      payload: { name: 'matrix', scopes: c.scopes.length ? [c.scopes[0]] : ['leave:read'] },
    }),
    revoke_personal_access_token: async (c) => {
      // A token revokes only a token whose scopes it holds (tokens.test.ts): the sample carries the caller's own.
      const own = await tokenFor(prisma(), c.who, c.scopes, { name: 'matrix-revoke' });
      const id = (await prisma().credential.findUniqueOrThrow({ where: { secretHash: hashSecret(own) } })).id;
      return { url: `/api/v1/tokens/${id}` };
    },
    exchange_agent_token: async (c) => ({
      payload: {
        userId: await userIdOf(c.who === 'dan' || c.who === 'globexHr' ? 'dan@globex.test' : 'alice@acme.test'),
        externalSessionId: 'matrix',
        scopes: ['agent:run'],
      },
    }),
    // Found by e-mail in the caller's own workspace (Globex's callers ask for Dan: nothing of Acme).
    lookup_agent_user: async (c) => ({
      url: `/api/v1/agent/users?email=${c.who === 'dan' || c.who === 'globexHr' ? 'dan@globex.test' : 'alice@acme.test'}`,
    }),
    list_people: async () => ({}),
    // Alice: every role sees her (she is the manager's report, in the director's department, and herself).
    get_person: async () => ({ url: `/api/people/${await employeeIdOf('alice')}` }),
    create_person: async () => ({
      payload: {
        name: 'Matrix Hire',
        email: `matrix.${++hires}@example.test`,
        jobTitle: 'Tester',
        hireDate: '2026-12-01',
      },
    }),
    update_person: async () => ({
      url: `/api/people/${await employeeIdOf('alice')}`,
      payload: { phone: '+1 555 0100' },
    }),
    terminate_person: async () => ({
      url: `/api/people/${await newEmployee()}/terminate`,
      payload: { terminationDate: '2027-03-31', reason: 'matrix' },
    }),
    list_company_api_keys: async () => ({}),
    get_company_api_key: async (c) => ({ url: `/api/company-api-keys/${await companyKeyOf(c.who)}` }),
    create_company_api_key: async (c) => ({
      payload: { name: 'matrix', scopes: c.scopes.includes('people:read') ? ['people:read'] : ['leave:read'] },
    }),
    rotate_company_api_key: async (c) => ({ url: `/api/company-api-keys/${await companyKeyOf(c.who)}/rotate` }),
    revoke_company_api_key: async (c) => ({ url: `/api/company-api-keys/${await companyKeyOf(c.who)}` }),
    list_leave_requests: async () => ({}),
    create_leave_request: async () => ({ payload: { start_date: await freshLeaveDay(), policy: 'Unpaid leave' } }),
    list_leave_approvals: async () => ({}),
    // Alice's request, routed to her manager: deciding it is the manager's or HR's to do (contractAccessTable.ts).
    decide_leave_request: async () => ({
      url: `/api/v1/leave/requests/${await pendingLeaveOf('alice')}/decision`,
      payload: { decision: 'approve' },
    }),
    cancel_leave_request: async (c) => ({ url: `/api/v1/leave/requests/${await pendingLeaveOf(c.who)}/cancel` }),
    get_leave_balances: async () => ({}),
    untaken_leave_report: async () => ({}),
    list_notifications: async () => ({}),
    list_agent_webhooks: async () => ({}),
    // A public address literal: the matrix's server allows no private network and resolves no names.
    create_agent_webhook: async () => ({ payload: { url: 'https://203.0.113.10/hooks', events: ['run.completed'] } }),
    get_agent_webhook: async (c) => ({ url: `/api/v1/agent/webhooks/${await webhookOf(c.who)}` }),
    disable_agent_webhook: async (c) => ({ url: `/api/v1/agent/webhooks/${await webhookOf(c.who)}` }),
    enable_agent_webhook: async (c) => ({ url: `/api/v1/agent/webhooks/${await webhookOf(c.who)}/enable` }),
    rotate_agent_webhook_secret: async (c) => ({
      url: `/api/v1/agent/webhooks/${await webhookOf(c.who)}/rotate-secret`,
      payload: { overlapSeconds: 60 },
    }),
    list_agent_webhook_deliveries: async (c) => ({
      url: `/api/v1/agent/webhooks/${await webhookOf(c.who)}/deliveries`,
    }),
    get_agent_webhook_delivery: async (c) => {
      const webhookId = await webhookOf(c.who);
      const { tenantId } = await prisma().agentWebhook.findUniqueOrThrow({ where: { id: webhookId } });
      const delivery = await prisma().webhookDelivery.create({
        data: { tenantId, webhookId, eventType: 'run.completed', payload: {}, status: 'cancelled' },
      });
      return { url: `/api/v1/agent/webhooks/${webhookId}/deliveries/${delivery.id}` };
    },
    // The company API's Organization, User, Leave and Notifications operations: shared with the company matrix.
    ...Object.fromEntries(
      Object.entries(companySamples(prisma)).map(([name, sample]) => [name, (c: Combo) => sample(c.who)]),
    ),
  };
}
