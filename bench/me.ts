/**
 * GET /api/v1/me through the whole pipeline (rate limit, authentication with a live role read, scope check,
 * envelope, request log) against the baseline of a bare Fastify route that reads one row through Prisma, on
 * the same machine and database, in one run. Target: at least 0.7 of the baseline's requests per second.
 *
 *   npx tsx bench/me.ts [seconds=10] [connections=10]
 */
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { printTable } from './report';
import { benchApp, benchDatabase } from './support';

async function measure(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  const result = await autocannon({ url, headers, duration: seconds, connections });
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
  const db = await benchDatabase('me');
  try {
    const { app, token: secret } = await benchApp(db);
    const alice = await db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } });
    const bare = Fastify();
    bare.get('/bare', async () => ({ data: await db.prisma.user.findUnique({ where: { id: alice.id } }) }));
    const [appUrl, bareUrl] = [await listen(app), await listen(bare)];

    const headers = { authorization: `Bearer ${secret}` };
    await measure(`${appUrl}/api/v1/me`, headers, 2, connections); // warm-up: JIT, pools
    await measure(`${bareUrl}/bare`, {}, 2, connections);
    const baseline = await measure(`${bareUrl}/bare`, {}, seconds, connections);
    const me = await measure(`${appUrl}/api/v1/me`, headers, seconds, connections);
    printTable(`requests per second, ${connections} connections, ${seconds} s each`, [
      ['bare Fastify route, one Prisma read (baseline)', baseline, 1],
      ['GET /api/v1/me (full pipeline)', me, me / baseline],
    ]);
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
