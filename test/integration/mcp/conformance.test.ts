import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { tokenFor } from '../../support/identity';

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, pinned to 0.1.13: later versions
 * need Node 22) against the live endpoint with a real token. Only the scenarios that apply to a tools-only
 * server with our own tools run here; README.md ("MCP conformance") lists the others and why they do not apply.
 */
export const applicableScenarios = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'] as const;

let h: ApiHarness;
let url: string;
let token: string;
const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-conformance-'));

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
  const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${base}/api/mcp`;
  token = await tokenFor(h.db.prisma, 'hr');
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(outputDir, { recursive: true, force: true });
});

describe('the official MCP conformance suite', () => {
  it.each(applicableScenarios)('passes the %s scenario', async (scenario) => {
    const bin = path.resolve(__dirname, '../../../node_modules/@modelcontextprotocol/conformance/dist/index.js');
    // Asynchronous: the server under test runs in this very process.
    const result = await new Promise<{ status: number | null; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          '--import',
          path.resolve(__dirname, '../../support/mcpAuthHeader.mjs'),
          bin,
          'server',
          '--url',
          url,
          '--scenario',
          scenario,
          '-o',
          path.join(outputDir, scenario),
        ],
        { env: { ...process.env, SVC_HR_MCP_TOKEN: token }, encoding: 'utf8', timeout: 60_000 },
        (error, stdout, stderr) =>
          resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, output: `${stdout}\n${stderr}` }),
      );
    });
    if (result.status !== 0) console.log(result.output);
    expect({ scenario, ...result }).toEqual({ scenario, status: 0, output: expect.any(String) });
    expect(result.output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    expect(result.output).not.toMatch(/FAIL/);
  });
});
