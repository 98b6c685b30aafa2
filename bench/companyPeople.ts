/**
 * GET /api/people?limit=200 for a company API key of an HR manager of a 10,000-employee tenant, through the whole
 * pipeline (app.inject: key authentication with the creator's live role, scope check, visibility, the page query,
 * today's calendar for the status, zod output check, envelope), against the same page written by hand with `pg`
 * (one SELECT joining departments and managers), on the same database, in one run. Two pages each: the first, and
 * one from the middle through its cursor. Then GET /api/organization/chart (all 10,000 people, every level) against
 * the same recursive query by hand. Target (issue 18): p50 under 100 ms for each.
 *
 *   npx tsx bench/companyPeople.ts [calls=50] [employees=10000]
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { buildApp } from '../api/app';
import { loadConfig } from '../config/env';
import { issueCompanyApiKey } from '../engines/companyApiKeys/companyApiKeys';
import { systemClock } from '../engines/clock';
import { seedSyntheticTenant } from '../prisma/seed';
import { percentile, printTable, timeCalls } from './report';
import { benchDatabase } from './support';

const TARGET_P50_MS = 100;
const PAGE = 200;

async function main(): Promise<void> {
  const calls = Number(process.argv[2] ?? 50);
  const employees = Number(process.argv[3] ?? 10_000);
  const db = await benchDatabase('company_people');
  const pool = new Pool({ connectionString: db.url, max: 2 });
  try {
    const seedStart = performance.now();
    const tenant = await seedSyntheticTenant(db.prisma, {
      employees,
      tenantName: 'Bench People Co',
      clock: systemClock,
    });
    console.log(`seeded ${tenant.employees} employees in ${(performance.now() - seedStart).toFixed(0)} ms`);

    // The synthetic tenant has no HR manager: employee 2 becomes one and makes the key, which sees the workspace.
    const hr = await db.prisma.employee.findFirstOrThrow({ where: { tenantId: tenant.tenantId, employeeNumber: 2 } });
    await db.prisma.user.update({ where: { id: hr.userId! }, data: { role: 'HR_MANAGER' } });
    const { secret } = await issueCompanyApiKey(
      db.prisma,
      { tenantId: tenant.tenantId, userId: hr.userId!, role: 'HR_MANAGER' },
      { name: 'bench', scopes: ['people:read', 'organization:read'], expiresAt: null },
    );
    await db.prisma.$executeRaw`ANALYZE`;

    const config = loadConfig({ LOG_LEVEL: 'silent', SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000' } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, prisma: db.prisma, readinessChecks: [], logger: true });
    const headers = { authorization: `Bearer ${secret}` };
    const middle = String(Math.floor(employees / 2));
    let lastCount = 0;
    const api = (cursor?: string) => async () => {
      const url = `/api/people?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      lastCount = (JSON.parse(res.body) as { data: { people: unknown[] } }).data.people.length;
    };
    const byHand = (after: number) => async () => {
      const { rows } = await pool.query(
        `SELECT e.id, e.employee_number, e.name, e.email, e.job_title, d.name AS department, m.name AS manager,
                e.termination_date
           FROM employees e
           LEFT JOIN departments d ON d.id = e.department_id
           LEFT JOIN employees m ON m.id = e.manager_id
          WHERE e.tenant_id = $1 AND e.employee_number > $2
          ORDER BY e.employee_number LIMIT $3`,
        [tenant.tenantId, after, PAGE + 1],
      );
      lastCount = Math.min(rows.length, PAGE);
    };

    const chart = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/organization/chart', headers });
      if (res.statusCode !== 200) throw new Error(`the chart answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      lastCount = (JSON.parse(res.body) as { data: { nodes: unknown[] } }).data.nodes.length;
    };
    const chartByHand = async () => {
      const { rows } = await pool.query(
        `WITH RECURSIVE chart AS (
           SELECT id, employee_number, name, job_title, manager_id, department_id, 0 AS level FROM employees
            WHERE tenant_id = $1 AND manager_id IS NULL
           UNION ALL
           SELECT e.id, e.employee_number, e.name, e.job_title, e.manager_id, e.department_id, c.level + 1
             FROM employees e JOIN chart c ON e.manager_id = c.id
         )
         SELECT c.*, d.name AS department FROM chart c LEFT JOIN departments d ON d.id = c.department_id
         ORDER BY c.level, c.employee_number`,
        [tenant.tenantId],
      );
      lastCount = rows.length;
    };

    for (const run of [api(), api(middle), byHand(0), byHand(Number(middle)), chart, chartByHand])
      await timeCalls(run, 5); // warm-up
    const rows: Array<[string, number, number]> = [];
    for (const [label, apiRun, handRun] of [
      ['first page', api(), byHand(0)],
      ['middle page (cursor)', api(middle), byHand(Number(middle))],
    ] as const) {
      const hand = await timeCalls(handRun, calls);
      if (lastCount !== PAGE) throw new Error(`the hand-written query answered ${lastCount} rows`);
      const through = await timeCalls(apiRun, calls);
      if (lastCount !== PAGE) throw new Error(`GET /api/people answered ${lastCount} people`);
      const base = percentile(hand, 50);
      rows.push([`${label}: the same page by hand with pg, p50 (baseline)`, base, 1]);
      rows.push([
        `${label}: GET /api/people?limit=${PAGE}, p50`,
        percentile(through, 50),
        percentile(through, 50) / base,
      ]);
      rows.push([
        `${label}: GET /api/people?limit=${PAGE}, p95`,
        percentile(through, 95),
        percentile(through, 95) / base,
      ]);
    }
    const handChart = await timeCalls(chartByHand, calls);
    if (lastCount !== employees) throw new Error(`the hand-written chart answered ${lastCount} nodes`);
    const apiChart = await timeCalls(chart, calls);
    if (lastCount !== employees) throw new Error(`the chart answered ${lastCount} nodes, expected ${employees}`);
    const chartBase = percentile(handChart, 50);
    rows.push(['org chart: the same recursive query by hand with pg, p50 (baseline)', chartBase, 1]);
    rows.push([
      'org chart: GET /api/organization/chart, p50',
      percentile(apiChart, 50),
      percentile(apiChart, 50) / chartBase,
    ]);
    rows.push([
      'org chart: GET /api/organization/chart, p95',
      percentile(apiChart, 95),
      percentile(apiChart, 95) / chartBase,
    ]);
    printTable(`milliseconds per call, ${calls} calls each, ${employees} employees`, rows);
    const worst = Math.max(...rows.filter(([l]) => l.includes('GET /api') && l.endsWith('p50')).map(([, ms]) => ms));
    console.log(`  target: p50 < ${TARGET_P50_MS} ms -> ${worst < TARGET_P50_MS ? 'met' : 'NOT met'}`);
    await app.close();
  } finally {
    await pool.end();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
