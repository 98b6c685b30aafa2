/**
 * Analytics on a 10,000-employee tenant (issue 21, item 6: p50 under 300 ms per call), every figure: each JSON
 * operation (headcount with hires, leavers and turnover; absence; leave liability; overtime; expense totals; time to
 * hire) and the CSV export of each, through the whole pipeline (app.inject: an HR company key, scope check,
 * visibility, the filter's checks, the SQL, zod output check, envelope; the export also writes its audit record),
 * each beside the same figure written by hand as one SQL statement with `pg` (JIT off and work_mem as the engine runs it), on the
 * same database, in one run. Before timing, each operation's answer is checked equal to its statement's rows (and
 * each export to the CSV of that answer). Calls of an operation and of its statement alternate, so both see the same
 * load of a shared machine. The tenant: prisma/seed's synthetic people, then bench/analyticsSeed.ts (2025 and around).
 *
 *   npx tsx bench/analytics.ts [calls=30] [employees=10000]
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { buildApp } from '../api/app';
import { loadConfig } from '../config/env';
import { analyticsCsv, type ReportFigures } from '../engines/analytics/analyticsCsv';
import { ANALYTICS_WORK_MEM } from '../engines/analytics/analyticsQuery';
import { systemClock } from '../engines/clock';
import { issueCompanyApiKey } from '../engines/companyApiKeys/companyApiKeys';
import { seedSyntheticTenant } from '../prisma/seed';
import { figuresByHand } from './analyticsByHand';
import { seedAnalyticsFigures } from './analyticsSeed';
import { percentile } from './report';
import { benchDatabase } from './support';

const TARGET_P50_MS = 300;
const FROM = '2025-01-01';
const TO = '2025-12-31';

interface Timed {
  label: string;
  hand: number[];
  api: number[];
}

async function main(): Promise<void> {
  const calls = Number(process.argv[2] ?? 30);
  const employees = Number(process.argv[3] ?? 10_000);
  const db = await benchDatabase('analytics');
  // JIT off and the same work_mem, as the engine runs its statements (engines/analytics/analyticsQuery.ts).
  const pool = new Pool({ connectionString: db.url, max: 2, options: `-c jit=off -c work_mem=${ANALYTICS_WORK_MEM}` });
  let closeApp = async (): Promise<void> => {};
  try {
    const seedStart = performance.now();
    const tenant = await seedSyntheticTenant(db.prisma, {
      employees,
      tenantName: 'Bench Analytics Co',
      clock: systemClock,
    });
    const t = tenant.tenantId;
    const hr = await db.prisma.employee.findFirstOrThrow({ where: { tenantId: t, employeeNumber: 2 } });
    await db.prisma.user.update({ where: { id: hr.userId! }, data: { role: 'HR_MANAGER' } });
    await seedAnalyticsFigures(db.prisma, t, hr.userId!);
    await db.prisma.$executeRaw`ANALYZE`;
    console.log(
      `seeded ${tenant.employees} employees and their figures in ${(performance.now() - seedStart).toFixed(0)} ms`,
    );
    const { rows: counts } = await pool.query(`
      SELECT (SELECT count(*) FROM timesheets) AS timesheets, (SELECT count(*) FROM expense_lines) AS expense_lines,
             (SELECT count(*) FROM leave_requests) AS leave_requests, (SELECT count(*) FROM offers) AS offers,
             (SELECT count(*) FROM applications) AS applications, (SELECT count(*) FROM salaries) AS salaries,
             (SELECT count(*) FROM leave_balances) AS leave_balances`);
    console.log(
      'rows:',
      Object.entries(counts[0] as Record<string, string>)
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
    );

    const { secret } = await issueCompanyApiKey(
      db.prisma,
      { tenantId: t, userId: hr.userId!, role: 'HR_MANAGER' },
      { name: 'bench', scopes: ['analytics:read'], expiresAt: null },
    );
    const config = loadConfig({ LOG_LEVEL: 'error', SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000' } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, prisma: db.prisma, readinessChecks: [], logger: true });
    closeApp = () => app.close();
    const headers = { authorization: `Bearer ${secret}` };
    const get = async (url: string): Promise<string> => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res.body;
    };
    const byHand = async (sql: string) => (await pool.query(sql, [t, FROM, TO])).rows as Array<Record<string, unknown>>;
    const period = `from=${FROM}&to=${TO}`;

    const pairs: Array<{ label: string; url: string; sql: string }> = [];
    for (const f of figuresByHand) {
      const url = `${f.url}${f.url.includes('?') ? '&' : '?'}${period}`;
      const answer = (JSON.parse(await get(url)) as { data: Record<string, unknown> }).data[f.key];
      f.check(answer, await byHand(f.sql));
      const exportUrl = `/api/analytics/export?report=${f.report}&${period}${f.report === 'headcount' ? '&byDepartment=true' : ''}`;
      const csv = analyticsCsv({ report: f.report, figures: answer } as ReportFigures, 'month');
      if ((await get(exportUrl)) !== csv) throw new Error(`export of ${f.report}: not the CSV of its JSON answer`);
      pairs.push({ label: f.label, url, sql: f.sql }, { label: `CSV export: ${f.report}`, url: exportUrl, sql: f.sql });
    }
    console.log(
      `checked: each of the ${figuresByHand.length} operations equals its hand-written SQL, each export its JSON`,
    );

    const timed: Timed[] = [];
    for (const p of pairs) {
      const hand: number[] = [];
      const api: number[] = [];
      for (let i = -3; i < calls; i += 1) {
        const h0 = performance.now();
        await byHand(p.sql);
        const h1 = performance.now();
        await get(p.url);
        const h2 = performance.now();
        if (i < 0) continue; // warm-up
        hand.push(h1 - h0);
        api.push(h2 - h1);
      }
      timed.push({ label: p.label, hand, api });
    }
    printFigures(
      `milliseconds per call, ${calls} calls each, ${employees} employees, ${FROM} to ${TO} by month`,
      timed,
    );
  } finally {
    await closeApp();
    await pool.end();
    await db.drop();
  }
}

/** One line per figure: the hand-written statement (baseline) and the operation, p50 and p95, their ratio. */
function printFigures(title: string, timed: readonly Timed[]): void {
  const width = Math.max(...timed.map((f) => f.label.length));
  const ms = (n: number) => n.toFixed(1).padStart(8);
  console.log(`\n${title}`);
  console.log(
    `  ${'figure'.padEnd(width)}  ${'SQL p50'.padStart(8)} ${'SQL p95'.padStart(8)}  ${'API p50'.padStart(8)} ${'API p95'.padStart(8)}  ratio p50  p50 < ${TARGET_P50_MS} ms`,
  );
  let met = true;
  for (const f of timed) {
    const [h50, h95, a50, a95] = [
      percentile(f.hand, 50),
      percentile(f.hand, 95),
      percentile(f.api, 50),
      percentile(f.api, 95),
    ];
    met &&= a50 < TARGET_P50_MS;
    console.log(
      `  ${f.label.padEnd(width)}  ${ms(h50)} ${ms(h95)}  ${ms(a50)} ${ms(a95)}  ${(a50 / h50).toFixed(2).padStart(9)}  ${a50 < TARGET_P50_MS ? 'yes' : 'NO'}`,
    );
  }
  console.log(`  target: every operation's p50 < ${TARGET_P50_MS} ms -> ${met ? 'met' : 'NOT met'}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
