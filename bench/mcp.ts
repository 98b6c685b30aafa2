/**
 * `tools/call get_me` over the inbound MCP endpoint against `GET /api/v1/me` over REST, same app, token and
 * database, in one run, and against the server a developer following the MCP SDK's README writes (issue 23, item 2):
 * a stateless `McpServer` with a `get_me` tool that runs GET /me's read (bench/meRead.ts) on a pg Pool, a new
 * server and `StreamableHTTPServerTransport` per request, no auth, no audit. Targets: MCP at least 0.5 of REST's
 * requests per second, and at least 1.0 of the SDK-README server's. Each MCP request is a stateless
 * streamable-HTTP POST, as an MCP client sends it after initialize.
 *
 * A tool call answers only once its audit record is durable (engines/audit/appendQueue.ts), which REST reads do not
 * write; `tools/list` is an MCP request with no audit record, so its row shows what the transport and the SDK cost
 * apart from the audit. Each round also times one durable commit and one read alone on the bench database: the trace
 * of what an audited call waits for beyond REST's read, under the load of that moment. The rows alternate in `rounds` rounds, so that load from other processes on a shared
 * machine weighs on all alike; each round's ratio is shown.
 *
 *   npx tsx bench/mcp.ts [seconds=10] [connections=10] [rounds=5]
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import autocannon from 'autocannon';
import pg from 'pg';
import { ME_READ } from './meRead';
import { median, printTable, timeCalls } from './report';
import { benchApp, benchDatabase } from './support';

/** Requests per second and mean latency (ms) of one autocannon run. */
async function measure(opts: autocannon.Options): Promise<{ rate: number; latency: number }> {
  const result = await autocannon(opts);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${opts.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rate: result.requests.average, latency: result.latency.mean };
}

/**
 * The trace of what an audited call waits for that a REST read does not: one durable commit. Times `calls`
 * single-row INSERTs one after another, each its own transaction (as the audit append's is), on a scratch table of
 * the bench database, and as many one-row reads (GET /me's, prepared), so the two are measured under the same load.
 */
async function commitAndReadTimes(pool: pg.Pool, secretHash: string, calls: number) {
  const client = await pool.connect();
  try {
    await client.query('CREATE TABLE IF NOT EXISTS bench_commit_probe (id bigserial PRIMARY KEY, at timestamptz)');
    const commit = await timeCalls(async () => {
      await client.query({ name: 'bench_commit_probe', text: 'INSERT INTO bench_commit_probe (at) VALUES (now())' });
    }, calls);
    const read = await timeCalls(async () => {
      await client.query({ name: 'bench_mcp_me', text: ME_READ, values: [[secretHash]] });
    }, calls);
    return { commit: median(commit), read: median(read) };
  } finally {
    client.release();
  }
}

const mean = (values: number[]) => values.reduce((a, b) => a + b) / values.length;

/**
 * The SDK README's stateless server: per POST a new McpServer and a new transport (the README's advice, so that
 * concurrent requests' ids never collide), the tool reading one row set. node:http parses the body where the README
 * uses express.json(): lighter than express, so the baseline is, if anything, faster than the README's.
 */
async function sdkReadmeServer(pool: pg.Pool, secretHash: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const mcp = new McpServer({ name: 'readme-get-me', version: '1.0.0' });
        mcp.registerTool('get_me', { description: 'The caller: user, tenant and employee' }, async () => {
          const { rows } = await pool.query({ name: 'bench_mcp_me', text: ME_READ, values: [[secretHash]] });
          const me = rows[0] as object;
          return { content: [{ type: 'text', text: JSON.stringify(me) }], structuredContent: { data: me } };
        });
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        res.on('close', () => {
          void transport.close();
          void mcp.close();
        });
        await mcp.connect(transport);
        await transport.handleRequest(req, res, JSON.parse(Buffer.concat(chunks).toString('utf8')));
      })().catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 10);
  const connections = Number(process.argv[3] ?? 10);
  const rounds = Number(process.argv[4] ?? 5);
  const db = await benchDatabase('mcp');
  try {
    const { app, token: secret } = await benchApp(db);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    // The README server's pool is as large as Prisma's (benchDatabase's poolMax 10).
    const pool = new pg.Pool({ connectionString: db.url, max: 10 });
    const secretHash = createHash('sha256').update(secret).digest('hex');
    const readme = await sdkReadmeServer(pool, secretHash);
    const auth = { authorization: `Bearer ${secret}` };
    const rest: autocannon.Options = { url: `${base}/api/v1/me`, headers: auth, connections };
    const mcp = (message: object, url = `${base}/api/mcp`): autocannon.Options => ({
      url,
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
    const readmeCall = mcp({ method: 'tools/call', params: { name: 'get_me', arguments: {} } }, `${readme.url}/mcp`);
    const probe = await fetch(readmeCall.url, {
      method: 'POST',
      headers: readmeCall.headers as Record<string, string>,
      body: readmeCall.body as string,
    });
    if (!(await probe.text()).includes('acme.test')) throw new Error("the SDK README server's get_me read no row");

    for (const opts of [rest, call, list, readmeCall]) await measure({ ...opts, duration: 2 }); // warm-up: JIT, pools
    const perRound = Math.max(1, Math.round(seconds / rounds));
    const rates = { rest: [] as number[], call: [] as number[], list: [] as number[], readme: [] as number[] };
    const latencies = { rest: [] as number[], call: [] as number[] };
    const probes = { commit: [] as number[], read: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      const restRun = await measure({ ...rest, duration: perRound });
      rates.rest.push(restRun.rate);
      latencies.rest.push(restRun.latency);
      rates.readme.push((await measure({ ...readmeCall, duration: perRound })).rate);
      const callRun = await measure({ ...call, duration: perRound });
      rates.call.push(callRun.rate);
      latencies.call.push(callRun.latency);
      rates.list.push((await measure({ ...list, duration: perRound })).rate);
      const probe = await commitAndReadTimes(pool, secretHash, 100);
      probes.commit.push(probe.commit);
      probes.read.push(probe.read);
    }
    const [restRate, callRate, listRate] = [mean(rates.rest), mean(rates.call), mean(rates.list)];
    const readmeRate = mean(rates.readme);
    printTable(`requests per second, ${connections} connections, ${rounds} rounds of ${perRound} s each`, [
      ['GET /api/v1/me over REST (baseline)', restRate, 1],
      ['tools/call get_me over MCP (audited)', callRate, callRate / restRate],
      ['tools/list over MCP (no audit record)', listRate, listRate / restRate],
      ["tools/call get_me, the SDK README's server (no auth, no audit)", readmeRate, readmeRate / restRate],
    ]);
    const perRoundRatios = (values: number[], bases = rates.rest) =>
      values.map((v, i) => (v / bases[i]!).toFixed(2)).join(' ');
    console.log(`  ratio to REST per round, tools/call: ${perRoundRatios(rates.call)}`);
    console.log(`  ratio to REST per round, tools/list: ${perRoundRatios(rates.list)}`);
    console.log(`  ratio to the SDK README server per round, tools/call: ${perRoundRatios(rates.call, rates.readme)}`);
    const ms = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
    console.log(`  mean latency per round (ms), REST: ${ms(latencies.rest)}`);
    console.log(`  mean latency per round (ms), tools/call: ${ms(latencies.call)}`);
    console.log(`  one durable commit alone, p50 of 100 per round (ms): ${ms(probes.commit)}`);
    console.log(`  one read alone (GET /me's, prepared), p50 of 100 per round (ms): ${ms(probes.read)}`);
    // A closed loop of `connections` makes connections / latency requests a second. An audited get_me adds to REST's
    // latency at least one durable commit: its record names the caller, known only from the credential read, and
    // states the outcome, known only after it; the answer waits for the commit.
    const ceiling = latencies.rest.map((l, i) => l / (l + probes.commit[i]!));
    console.log(`  ceiling of tools/call / REST from those (REST latency / (REST latency + commit)): ${ms(ceiling)}`);
    const toRest = callRate / restRate;
    const toReadme = callRate / readmeRate;
    console.log(`  target: tools/call / REST >= 0.50 -> ${toRest >= 0.5 ? 'met' : 'NOT met'} (${toRest.toFixed(2)})`);
    console.log(
      `  target: tools/call / SDK README server >= 1.00 -> ${toReadme >= 1 ? 'met' : 'NOT met'} (${toReadme.toFixed(2)})`,
    );
    await app.close();
    await readme.close();
    await pool.end();
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
