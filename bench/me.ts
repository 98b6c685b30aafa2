/**
 * GET /api/v1/me through the whole pipeline (rate limit, authentication with a live role read, scope check,
 * envelope, request log) against the baseline of a bare Fastify route that reads one row through Prisma, on
 * the same machine and database, in one run. Target: at least 0.7 of the baseline's requests per second.
 * The two alternate in `rounds` rounds (each side `seconds / rounds` per round), so that load from other processes
 * on a shared machine weighs on both alike instead of on whichever ran during a burst; each round's ratio is shown.
 *
 *   npx tsx bench/me.ts [seconds=10] [connections=10] [rounds=5]
 */
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { printTable } from './report';
import { issueForEmail } from '../engines/tokens/credentials';
import { benchApp, benchDatabase } from './support';

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
    const [appUrl, bareUrl] = [await listen(app), await listen(bare)];

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
    const perRound = Math.max(1, Math.round(seconds / rounds));
    const baselines: number[] = [];
    const mes: number[] = [];
    const manys: number[] = [];
    for (let round = 0; round < rounds; round++) {
      baselines.push(await measure(`${bareUrl}/bare`, {}, perRound, connections));
      mes.push(await measure(`${appUrl}/api/v1/me`, headers, perRound, connections));
      manys.push(await measure(`${appUrl}/api/v1/me`, headers, perRound, connections, manyTokens));
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b) / values.length;
    const [baseline, me, many] = [mean(baselines), mean(mes), mean(manys)];
    printTable(`requests per second, ${connections} connections, ${rounds} rounds of ${perRound} s each`, [
      ['bare Fastify route, one Prisma read (baseline)', baseline, 1],
      ['GET /api/v1/me (full pipeline)', me, me / baseline],
      [`GET /api/v1/me, ${secrets.length} tokens in turn`, many, many / baseline],
    ]);
    console.log(`  ratio per round: ${mes.map((v, i) => (v / baselines[i]!).toFixed(2)).join(' ')}`);
    console.log(
      `  ratio per round, ${secrets.length} tokens: ${manys.map((v, i) => (v / baselines[i]!).toFixed(2)).join(' ')}`,
    );
    console.log(`  target: ratio >= 0.70 -> ${me / baseline >= 0.7 ? 'met' : 'NOT met'}`);
    await app.close();
    await bare.close();
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
