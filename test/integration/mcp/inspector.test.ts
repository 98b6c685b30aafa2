import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/app';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testConfig } from '../../support/config';
import { bearer, tokenFor } from '../../support/identity';

/** The MCP Inspector's CLI, a real client no one here wrote, against the live endpoint. */
let h: ApiHarness;
let url: string;
let token: string;
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-inspector-'));
const cli = path.resolve(
  __dirname,
  '../../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
);

function inspector(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return inspectorAt(url, token, ...args);
}

function inspectorAt(
  at: string,
  bearerToken: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, '--cli', at, '--transport', 'http', '--header', `Authorization: Bearer ${bearerToken}`, ...args],
      // Its catalog file lives in HOME: keep it out of the real one.
      { env: { ...process.env, HOME: home, MCP_CATALOG_PATH: path.join(home, 'mcp.json') }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
  url = `${await h.app.listen({ port: 0, host: '127.0.0.1' })}/api/mcp`;
  token = await tokenFor(h.db.prisma, 'manager', ['leave:read']);
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(home, { recursive: true, force: true });
});

describe('the MCP Inspector CLI', () => {
  it('lists the tools the token may use (a leave:read token: not the report, not create)', async () => {
    const { code, stdout, stderr } = await inspector('--method', 'tools/list');
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    const names = (JSON.parse(stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(names.sort()).toEqual(
      [
        'get_me',
        'list_leave_requests',
        // The company Leave area's reads take leave:read too.
        'get_company_leave_request',
        'get_employee_leave_balances',
        'list_company_leave_requests',
        'list_leave_policies',
        'list_public_holidays',
      ].sort(),
    );
  });

  it('calls get_me and gets what REST answers', async () => {
    const { code, stdout } = await inspector('--method', 'tools/call', '--tool-name', 'get_me');
    expect(code).toBe(0);
    const rest = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect(JSON.parse(stdout).structuredContent).toEqual(rest.json().data);
  });

  it('calls list_leave_requests with arguments and gets what REST answers', async () => {
    const { code, stdout } = await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'list_leave_requests',
      '--tool-arg',
      'limit=3',
    );
    expect(code).toBe(0);
    const rest = await h.app.inject({ method: 'GET', url: '/api/v1/leave/requests?limit=3', headers: bearer(token) });
    expect(JSON.parse(stdout).structuredContent).toEqual(rest.json().data);
    expect(rest.json().data.requests.length).toBeGreaterThan(0);
  });
});

describe('the MCP Inspector CLI at the contract’s 60 requests a minute', () => {
  let limited: FastifyInstance;
  let limitedUrl: string;
  beforeAll(async () => {
    limited = await buildApp({
      config: testConfig({ SVC_HR_RATE_LIMIT_PER_MINUTE: '60' }),
      prisma: h.db.prisma,
      readinessChecks: [],
      logger: false,
    });
    limitedUrl = `${await limited.listen({ port: 0, host: '127.0.0.1' })}/api/mcp`;
  });
  afterAll(() => limited?.close());

  /** The token's request budget as a REST call sees it (the call itself spending one). */
  async function budgetOf(who: string) {
    const res = await limited.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(who) });
    expect(res.statusCode).toBe(200);
    return { remaining: Number(res.headers['x-ratelimit-remaining']), reset: Number(res.headers['x-ratelimit-reset']) };
  }

  /** Runs `n` Inspector tool calls of get_me, six at a time; answers their exit codes. */
  async function inspectorCalls(who: string, n: number): Promise<number[]> {
    const codes: number[] = [];
    for (let i = 0; i < n; i += 6) {
      const batch = Array.from({ length: Math.min(6, n - i) }, () =>
        inspectorAt(limitedUrl, who, '--method', 'tools/call', '--tool-name', 'get_me'),
      );
      codes.push(...(await Promise.all(batch)).map((r) => r.code));
    }
    return codes;
  }

  it('makes 30 tool calls with one token, each spending one request: its handshake and tools/list spend none', async () => {
    // The budget is a fixed window of a minute: when it turned over between the two readings, measure again.
    for (let attempt = 1; ; attempt++) {
      const who = await tokenFor(h.db.prisma, 'manager', ['leave:read']);
      const before = await budgetOf(who);
      expect(await inspectorCalls(who, 30)).toEqual(Array(30).fill(0));
      const after = await budgetOf(who);
      if (after.reset > before.reset && attempt < 3) continue;
      expect(after.reset).toBeLessThanOrEqual(before.reset);
      // 60 - 1 before; 30 calls and this reading after.
      expect({ before: before.remaining, after: after.remaining }).toEqual({ before: 59, after: 28 });
      return;
    }
  });

  it('refuses the 61st tool call of a minute, the handshakes around them notwithstanding', async () => {
    const who = await tokenFor(h.db.prisma, 'manager', ['leave:read']);
    // 59 requests spent at once (REST), then the Inspector's one call is the 60th and the next is refused.
    for (let i = 0; i < 59; i++) {
      expect((await limited.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(who) })).statusCode).toBe(200);
    }
    const sixtieth = await inspectorAt(limitedUrl, who, '--method', 'tools/call', '--tool-name', 'get_me');
    expect(sixtieth.code).toBe(0);
    const sixtyFirst = await inspectorAt(limitedUrl, who, '--method', 'tools/call', '--tool-name', 'get_me');
    expect(sixtyFirst.code).not.toBe(0);
    expect(sixtyFirst.stdout + sixtyFirst.stderr).toMatch(/requests per minute for this token/);
  });
});
