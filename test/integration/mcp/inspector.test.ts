import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
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
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, '--cli', url, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, ...args],
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
