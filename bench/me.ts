/**
 * GET /api/v1/me through the whole pipeline (rate limit, authentication with a live role read, scope check,
 * envelope, request log) against two bare Fastify routes on the same machine and database, in one run: one that
 * reads one row through Prisma, and the node-postgres baseline (issue 23, item 3), which hashes the bearer secret
 * and reads the same row GET /me reads (the credential with its tenant, user, employee and parent: the columns of
 * engines/tokens/authenticate.ts) as a prepared statement on a pg Pool of its own. Target: at least 0.7 of the
 * node-postgres baseline's requests per second.
 * The two alternate in `rounds` rounds (each side `seconds / rounds` per round), so that load from other processes
 * on a shared machine weighs on both alike instead of on whichever ran during a burst; each round's ratio is shown.
 *
 *   npx tsx bench/me.ts [seconds=10] [connections=10] [rounds=5]
 */
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { printTable } from './report';
import { issueForEmail } from '../engines/tokens/credentials';
import { benchApp, benchDatabase } from './support';
import { ME_READ } from './meRead';

async function measure(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  requests?: autocannon.Request[],
) {
  const result = await autocannon({ url, headers, duration: seconds, connections, ...(requests ? { requests } : {}) });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 10);
  const connections = Number(process.argv[3] ?? 10);
  const rounds = Number(process.argv[4] ?? 5);
  const db = await benchDatabase('me');
  try {
    const { app, token: secret } = await benchApp(db);
    const alice = await db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } });
    const bare = Fastify();
    bare.get('/bare', async () => ({ data: await db.prisma.user.findUnique({ where: { id: alice.id } }) }));
    // The node-postgres baseline: GET /me's one read, without the pipeline around it. Same pool size as Prisma's.
    const pool = new pg.Pool({ connectionString: db.url, max: 10 });
    const bareSql = Fastify();
    bareSql.get('/bare-sql', async (request) => {
      const secret = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const hash = createHash('sha256').update(secret).digest('hex');
      const { rows } = await pool.query({ name: 'bench_me_credential', text: ME_READ, values: [[hash]] });
      return { data: rows[0] ?? null };
    });
    const [appUrl, bareUrl, bareSqlUrl] = [await listen(app), await listen(bare), await listen(bareSql)];

    const headers = { authorization: `Bearer ${secret}` };
    // Concurrent requests of one token share their credential look-up (engines/tokens/authenticate.ts); this row
    // shows the pipeline when every request carries another token, as when many users call at once.
    const people = ['alice', 'bob', 'carol', 'manager', 'director', 'hr', 'admin', 'owner'];
    const secrets = await Promise.all(
      people.map(async (who) => {
        const email = `${who}@acme.test`;
        const issued = await issueForEmail(db.prisma, {
          email,
          kind: 'personal_access_token',
          name: 'bench',
          scopes: ['leave:read'],
          expiresAt: null,
        });
        return issued.secret;
      }),
    );
    let next = 0;
    const manyTokens: autocannon.Request[] = [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${secrets[next++ % secrets.length]}` },
        }),
      },
    ];
    await measure(`${appUrl}/api/v1/me`, headers, 2, connections); // warm-up: JIT, pools
    await measure(`${bareUrl}/bare`, {}, 2, connections);
    await measure(`${bareSqlUrl}/bare-sql`, headers, 2, connections);
    const probe = await fetch(`${bareSqlUrl}/bare-sql`, { headers });
    if (((await probe.json()) as { data: unknown }).data === null) throw new Error('the baseline read found no row');
    const perRound = Math.max(1, Math.round(seconds / rounds));
    const baselines: number[] = [];
    const sqls: number[] = [];
    const mes: number[] = [];
    const manys: number[] = [];
    for (let round = 0; round < rounds; round++) {
      sqls.push(await measure(`${bareSqlUrl}/bare-sql`, headers, perRound, connections));
      baselines.push(await measure(`${bareUrl}/bare`, {}, perRound, connections));
      mes.push(await measure(`${appUrl}/api/v1/me`, headers, perRound, connections));
      manys.push(await measure(`${appUrl}/api/v1/me`, headers, perRound, connections, manyTokens));
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b) / values.length;
    const [sql, prismaRead, me, many] = [mean(sqls), mean(baselines), mean(mes), mean(manys)];
    printTable(`requests per second, ${connections} connections, ${rounds} rounds of ${perRound} s each`, [
      ["bare Fastify route, GET /me's read as a prepared statement on a pg Pool (baseline)", sql, 1],
      ['bare Fastify route, one Prisma read of the user row', prismaRead, prismaRead / sql],
      ['GET /api/v1/me (full pipeline)', me, me / sql],
      [`GET /api/v1/me, ${secrets.length} tokens in turn`, many, many / sql],
    ]);
    const perRoundRatios = (values: number[], bases: number[]) =>
      values.map((v, i) => (v / bases[i]!).toFixed(2)).join(' ');
    console.log(`  ratio to node-postgres per round: ${perRoundRatios(mes, sqls)}`);
    console.log(`  ratio to node-postgres per round, ${secrets.length} tokens: ${perRoundRatios(manys, sqls)}`);
    console.log(`  ratio to the Prisma read per round: ${perRoundRatios(mes, baselines)}`);
    console.log(
      `  target: ratio to node-postgres >= 0.70 -> ${me / sql >= 0.7 ? 'met' : 'NOT met'} (${(me / sql).toFixed(2)})`,
    );
    await app.close();
    await bare.close();
    await bareSql.close();
    await pool.end();
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
