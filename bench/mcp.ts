/**
 * `tools/call get_me` over the inbound MCP endpoint against `GET /api/v1/me` over REST, same app, token and
 * database, in one run. Target: MCP at least 0.6 of REST's requests per second. Each MCP request is a
 * stateless streamable-HTTP POST, as an MCP client sends it after initialize.
 *
 * A tool call answers only once its audit record is durable (engines/audit/appendQueue.ts), which REST reads do not
 * write; `tools/list` is an MCP request with no audit record, so its row shows what the transport and the SDK cost
 * apart from the audit. The three alternate in `rounds` rounds, so that load from other processes on a shared
 * machine weighs on all alike; each round's ratio is shown.
 *
 *   npx tsx bench/mcp.ts [seconds=10] [connections=10] [rounds=5]
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

const mean = (values: number[]) => values.reduce((a, b) => a + b) / values.length;

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 10);
  const connections = Number(process.argv[3] ?? 10);
  const rounds = Number(process.argv[4] ?? 5);
  const db = await benchDatabase('mcp');
  try {
    const { app, token: secret } = await benchApp(db);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = { authorization: `Bearer ${secret}` };
    const rest: autocannon.Options = { url: `${base}/api/v1/me`, headers: auth, connections };
    const mcp = (message: object): autocannon.Options => ({
      url: `${base}/api/mcp`,
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...message }),
      connections,
    });
    const call = mcp({ method: 'tools/call', params: { name: 'get_me', arguments: {} } });
    const list = mcp({ method: 'tools/list' });

    for (const opts of [rest, call, list]) await measure({ ...opts, duration: 2 }); // warm-up: JIT, pools
    const perRound = Math.max(1, Math.round(seconds / rounds));
    const rates = { rest: [] as number[], call: [] as number[], list: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      rates.rest.push(await measure({ ...rest, duration: perRound }));
      rates.call.push(await measure({ ...call, duration: perRound }));
      rates.list.push(await measure({ ...list, duration: perRound }));
    }
    const [restRate, callRate, listRate] = [mean(rates.rest), mean(rates.call), mean(rates.list)];
    printTable(`requests per second, ${connections} connections, ${rounds} rounds of ${perRound} s each`, [
      ['GET /api/v1/me over REST (baseline)', restRate, 1],
      ['tools/call get_me over MCP (audited)', callRate, callRate / restRate],
      ['tools/list over MCP (no audit record)', listRate, listRate / restRate],
    ]);
    const perRoundRatios = (values: number[]) => values.map((v, i) => (v / rates.rest[i]!).toFixed(2)).join(' ');
    console.log(`  ratio per round, tools/call: ${perRoundRatios(rates.call)}`);
    console.log(`  ratio per round, tools/list: ${perRoundRatios(rates.list)}`);
    console.log(`  target: tools/call ratio >= 0.60 -> ${callRate / restRate >= 0.6 ? 'met' : 'NOT met'}`);
    await app.close();
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
