/**
 * `tools/call get_me` over the inbound MCP endpoint against `GET /api/v1/me` over REST, same app, token and
 * database, in one run. Target: MCP at least 0.6 of REST's requests per second. Each MCP request is a
 * stateless streamable-HTTP POST, as an MCP client sends it after initialize.
 *
 *   npx tsx bench/mcp.ts [seconds=10] [connections=10]
 */
import autocannon from 'autocannon';
import { printTable } from './report';
import { benchApp, benchDatabase } from './support';

async function measure(opts: autocannon.Options): Promise<number> {
  const result = await autocannon(opts);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${opts.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 10);
  const connections = Number(process.argv[3] ?? 10);
  const db = await benchDatabase('mcp');
  try {
    const { app, token: secret } = await benchApp(db);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = { authorization: `Bearer ${secret}` };
    const rest: autocannon.Options = { url: `${base}/api/v1/me`, headers: auth, duration: seconds, connections };
    const mcp: autocannon.Options = {
      url: `${base}/api/mcp`,
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_me', arguments: {} } }),
      duration: seconds,
      connections,
    };
    await measure({ ...rest, duration: 2 }); // warm-up
    await measure({ ...mcp, duration: 2 });
    const restRate = await measure(rest);
    const mcpRate = await measure(mcp);
    printTable(`requests per second, ${connections} connections, ${seconds} s each`, [
      ['GET /api/v1/me over REST (baseline)', restRate, 1],
      ['tools/call get_me over MCP (audited)', mcpRate, mcpRate / restRate],
    ]);
    console.log(`  target: ratio >= 0.60 -> ${mcpRate / restRate >= 0.6 ? 'met' : 'NOT met'}`);
    await app.close();
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
