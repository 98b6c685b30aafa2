import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { plannedKind } from '../../../activities/agent/outboundCatalogue';
import { operations } from '../../../operations';
import { loadConfig } from '../../../config/env';
import { AppError } from '../../../engines/appError';
import { loadSecretBox, SECRETS_KEY_FILE } from '../../../engines/secrets/secretBox';
import { staticHeaders } from '../../../engines/outbound/serverHeaders';
import { attributionOf } from '../../../mcp/outbound/attribution';
import { isOutboundTool, outboundToolName, parseOutboundToolName, systemOf } from '../../../mcp/outbound/toolName';
import type { AgentTool } from '../../../model/types';

describe('outbound tool names', () => {
  it.each([
    ['mcp__everything__echo', { server: 'everything', tool: 'echo' }],
    ['mcp__crm__get__deep', { server: 'crm', tool: 'get__deep' }],
    ['mcp__a-b__tool-1', { server: 'a-b', tool: 'tool-1' }],
    ['mcp____echo', undefined],
    ['mcp__everything__', undefined],
    ['create_leave_request', undefined],
  ])('parses %s', (name, expected) => {
    expect(parseOutboundToolName(name)).toEqual(expected);
  });

  it.each(['mcp__x__y', 'MCP__x__y', 'Mcp__X__Y', 'mcp__'])('counts %s as outbound, whatever its case', (name) => {
    expect(isOutboundTool(name)).toBe(true);
  });

  it.each(['get_me', 'mcp_x__y', 'xmcp__x__y'])('does not count %s as outbound', (name) => {
    expect(isOutboundTool(name)).toBe(false);
  });

  it('names a tool only when the result is a safe model tool name', () => {
    expect(outboundToolName('everything', 'get-sum')).toBe('mcp__everything__get-sum');
    expect(outboundToolName('everything', 'files/read')).toBeUndefined();
    expect(outboundToolName('everything', 'x'.repeat(60))).toBeUndefined();
  });

  it('describes the system as the approver sees it', () => {
    expect(systemOf({ name: 'crm', url: 'https://crm.example.com/mcp', connectorId: null })).toBe(
      'crm (https://crm.example.com/mcp)',
    );
    expect(systemOf({ name: 'edge', url: null, connectorId: 'c1', connector: { name: 'office' } })).toBe(
      'edge (connector office)',
    );
  });
});

describe('the planned kind of a call', () => {
  const catalogue: AgentTool[] = [
    { name: 'mcp__crm__read_note', description: '', inputSchema: { type: 'object' }, kind: 'read' },
    { name: 'get_me', description: '', inputSchema: { type: 'object' }, kind: 'read' },
    { name: 'create_leave_request', description: '', inputSchema: { type: 'object' }, kind: 'write' },
  ];
  it.each([
    // A catalogue entry that claims `read` for an outbound tool does not make it one.
    ['mcp__crm__read_note', 'external'],
    ['MCP__crm__read_note', 'external'],
    ['mcp__unknown__tool', 'external'],
    ['get_me', 'read'],
    ['create_leave_request', 'write'],
    ['no_such_tool', 'read'],
  ])('plans %s as %s', (tool, kind) => {
    expect(plannedKind(tool, catalogue)).toBe(kind);
  });
});

describe('attribution', () => {
  it('carries tenant, user, run, action and the idempotency key as headers and as _meta', () => {
    const a = attributionOf({ tenantId: 't', userId: 'u', runId: 'r', actionId: 'a', idempotencyKey: 'r:a' });
    expect(a.headers).toEqual({
      'X-Svc-Hr-Tenant': 't',
      'X-Svc-Hr-User': 'u',
      'X-Svc-Hr-Run': 'r',
      'X-Svc-Hr-Action': 'a',
      'Idempotency-Key': 'r:a',
    });
    expect(a.meta).toEqual({
      'svc-hr/attribution': { tenant: 't', user: 'u', run: 'r', action: 'a', idempotencyKey: 'r:a' },
    });
  });
});

describe('sealed server secrets', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-secrets-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('generates a key file (mode 0600) and opens what it sealed, for the same row only', () => {
    const box = loadSecretBox({ key: undefined, dataDir });
    const sealed = box.seal('{"Authorization":"Bearer s3cret"}', 'mcp_server:t:1');
    expect(sealed).not.toContain('s3cret');
    expect(box.open(sealed, 'mcp_server:t:1')).toBe('{"Authorization":"Bearer s3cret"}');
    expect(() => box.open(sealed, 'mcp_server:t:2')).toThrow();
    expect(fs.statSync(path.join(dataDir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('detects a sealed value that was tampered with', () => {
    const box = loadSecretBox({ key: Buffer.alloc(32, 7).toString('base64'), dataDir });
    const sealed = box.seal('value', 'row');
    const [v, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64')].join(':'), 'row')).toThrow();
    expect(() => loadSecretBox({ key: Buffer.alloc(32, 8).toString('base64'), dataDir }).open(sealed, 'row')).toThrow();
  });

  it('refuses a configured key that is not 32 bytes of base64', () => {
    expect(() => loadConfig({ SVC_HR_SECRETS_KEY: 'c2hvcnQ=' })).toThrow(/SVC_HR_SECRETS_KEY must be 32 bytes/);
    expect(loadConfig({ SVC_HR_SECRETS_KEY: Buffer.alloc(32).toString('base64') }).secrets.key).toBeDefined();
  });

  it('keeps a direct call within the activity that makes it', () => {
    expect(() => loadConfig({ SVC_HR_MCP_CALL_TIMEOUT: '2m' })).toThrow(/SVC_HR_MCP_CALL_TIMEOUT must be at most 50s/);
    expect(loadConfig({}).outbound).toEqual({
      toolsTtlMs: 60_000,
      callTimeoutMs: 30_000,
      connectorCallTimeoutMs: 60_000,
    });
  });
});

describe('static headers of a server', () => {
  it('adds a bearer secret as Authorization', () => {
    expect(staticHeaders({ 'X-Api-Key': 'k' }, 'tok')).toEqual({ 'X-Api-Key': 'k', Authorization: 'Bearer tok' });
    expect(staticHeaders(undefined, undefined)).toBeUndefined();
  });

  it.each([
    [{ 'X-Svc-Hr-Run': 'x' }, undefined],
    [{ 'idempotency-key': 'x' }, undefined],
    [{ 'Mcp-Session-Id': 'x' }, undefined],
    [{ 'X-A': 'a\nb' }, undefined],
    [{ 'bad name': 'x' }, undefined],
    [{ 'X-A': '1', 'x-a': '2' }, undefined],
    [{ authorization: 'x' }, 'tok'],
    [{}, 'two words'],
  ])('refuses %j (bearer %s)', (headers, bearer) => {
    expect(() => staticHeaders(headers, bearer)).toThrow(AppError);
  });
});

describe('the connection settings', () => {
  it('are not tools: neither the agent nor an inbound MCP client can allow-list a server', () => {
    const settings = operations.filter((op) => op.path.startsWith('/api/v1/admin/mcp-servers'));
    expect(settings.map((op) => op.name).sort()).toEqual([
      'create_mcp_server',
      'delete_mcp_server',
      'get_mcp_server',
      'list_mcp_servers',
      'update_mcp_server',
    ]);
    expect(settings.filter((op) => op.mcp)).toEqual([]);
    // A personal access token only: a browser's short-lived delegated credential does not administer connections.
    expect(settings.every((op) => op.credentials?.join() === 'personal_access_token')).toBe(true);
  });
});
