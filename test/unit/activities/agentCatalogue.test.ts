import type { Actor } from '../../../engines/access/actor';
import { scopes as SCOPES } from '../../../engines/access/scopes';
import { offeredToAgent, toolCatalogue } from '../../../activities/agent/tools';
import { operations } from '../../../operations';

// The agent's catalogue (issue 22 item 1, company-api.md "The agent and MCP over the company API"): every company
// read and write is an agent tool, writes waiting for approval; secrets, files, streams and the agent API are not.

function actorWith(scopes: readonly string[], kind: Actor['credential']['kind'] = 'delegated_credential'): Actor {
  return {
    tenant: { id: 't', name: 'Acme' },
    user: { id: 'u', name: 'Hannah Reyes', email: 'hr@acme.test', role: 'HR_MANAGER' },
    employee: null,
    credential: { id: 'c', kind, name: 'run', scopes: scopes as Actor['credential']['scopes'] },
  };
}

const everything = toolCatalogue(actorWith(SCOPES));
const byName = new Map(everything.map((tool) => [tool.name, tool]));

describe("the agent's catalogue", () => {
  it.each([
    ['get_leave_balances', 'read'],
    ['list_leave_approvals', 'read'],
    ['decide_leave_request', 'write'],
    ['cancel_leave_request', 'write'],
    ['adjust_leave_allowance', 'write'],
    ['create_location', 'write'],
    ['delete_position', 'write'],
    ['change_user_role', 'write'],
    ['deactivate_user', 'write'],
    ['mark_all_notifications_read', 'write'],
    ['get_notification_preferences', 'read'],
    ['set_notification_preference', 'write'],
  ])('offers %s, not an MCP tool, as a %s', (name, kind) => {
    expect(operations.find((op) => op.name === name)?.mcp).toBeUndefined();
    expect(byName.get(name)?.kind).toBe(kind);
  });

  it.each([
    ['create_company_api_key', 'mints a secret'],
    ['rotate_company_api_key', 'mints a secret'],
    ['revoke_company_api_key', 'keys are managed by people'],
    ['invite_user', 'mints a secret'],
    ['create_personal_access_token', "the caller's own credentials"],
    ['create_mcp_server', "the caller's own configuration"],
    ['send_agent_message', 'the agent API itself'],
    ['verify_agent_audit', 'the audit trail of the agent API'],
    ['upload_expense_receipt', 'a file'],
    ['download_signed_pdf', 'a file'],
    ['export_payroll_run', 'a file'],
    ['stream_notifications', 'a stream'],
    ['accept_user_invitation', 'public'],
  ])('does not offer %s (%s)', (name) => {
    expect(operations.some((op) => op.name === name)).toBe(true);
    expect(byName.has(name)).toBe(false);
  });

  it('offers every company-area operation that is not left out for one of those reasons', () => {
    const company = operations.filter((op) => op.path.startsWith('/api/') && !op.path.startsWith('/api/v1/'));
    const leftOut = company.filter((op) => !offeredToAgent(op)).map((op) => op.name);
    for (const name of leftOut) {
      const op = operations.find((o) => o.name === name)!;
      const why =
        Boolean(op.revealsSecret) ||
        Boolean(op.input.upload) ||
        !['json', 'envelope', undefined].includes(op.response) ||
        op.access === 'public' ||
        (op.credentials !== undefined && !op.credentials.includes('delegated_credential'));
      expect({ name, why }).toEqual({ name, why: true });
    }
    expect(company.length - leftOut.length).toBeGreaterThan(200);
  });

  it('offers only what the run’s scopes allow', () => {
    const leaveOnly = toolCatalogue(actorWith(['leave:read']));
    expect(leaveOnly.map((t) => t.name)).toEqual(
      expect.arrayContaining(['get_leave_balances', 'list_leave_approvals']),
    );
    expect(leaveOnly.some((t) => t.name === 'cancel_leave_request' || t.name === 'create_location')).toBe(false);
  });
});
