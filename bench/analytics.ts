/**
 * Analytics on a 10,000-employee tenant (issue 21, item 6: p50 under 300 ms per call) through the whole pipeline
 * (app.inject: an HR company key, scope check, visibility, the filter's checks, the SQL, zod output check,
 * envelope), each beside the same aggregate written by hand as one SQL query with `pg` (JIT off, as the engine
 * runs it), on the same database, in one run. The synthetic tenant (hire dates 2010-2025) gets, in two set-based statements, a last day for one person in
 * seven and three approved leave requests of 2025 per person, so turnover and absence have something to count.
 *
 *   npx tsx bench/analytics.ts [calls=30] [employees=10000]
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { buildApp } from '../api/app';
import { loadConfig } from '../config/env';
import { systemClock } from '../engines/clock';
import { issueCompanyApiKey } from '../engines/companyApiKeys/companyApiKeys';
import { seedSyntheticTenant } from '../prisma/seed';
import { percentile, printTable, timeCalls } from './report';
import { benchDatabase } from './support';

const TARGET_P50_MS = 300;
const FROM = '2025-01-01';
const TO = '2025-12-31';

/** Headcount at each month's start and end, hires and leavers, per month and department: the engine's statement. */
const HEADCOUNT_BY_HAND = `
  WITH buckets AS MATERIALIZED (
    SELECT gs::date AS bucket_start, (gs + interval '1 month' - interval '1 day')::date AS bucket_end
    FROM generate_series($2::date, $3::date, interval '1 month') gs
  ), people AS (
    SELECT GREATEST(hire_date, $2::date - 1) AS hire_date,
           CASE WHEN termination_date > $3::date THEN NULL ELSE termination_date END AS termination_date,
           department_id, count(*) AS n
    FROM employees
    WHERE tenant_id = $1 AND hire_date <= $3::date AND (termination_date IS NULL OR termination_date >= $2::date)
    GROUP BY 1, 2, 3
  )
  SELECT b.bucket_start, p.department_id,
    sum(n) FILTER (WHERE hire_date <= bucket_start AND (termination_date IS NULL OR termination_date >= bucket_start)),
    sum(n) FILTER (WHERE hire_date <= bucket_end AND (termination_date IS NULL OR termination_date >= bucket_end)),
    sum(n) FILTER (WHERE hire_date BETWEEN bucket_start AND bucket_end),
    sum(n) FILTER (WHERE termination_date BETWEEN bucket_start AND bucket_end)
  FROM buckets b CROSS JOIN people p GROUP BY 1, 2`;

/** Scheduled and absent working days of the year, per month: a cumulative working-day calendar, two lookups each. */
const ABSENCE_BY_HAND = `
  WITH buckets AS MATERIALIZED (
    SELECT gs::date AS bucket_start, (gs + interval '1 month' - interval '1 day')::date AS bucket_end
    FROM generate_series($2::date, $3::date, interval '1 month') gs
  ), cal AS (
    SELECT d::date AS day, count(*) FILTER (WHERE extract(isodow FROM d) < 6 AND d >= $2::date AND NOT EXISTS (
      SELECT 1 FROM public_holidays h WHERE h.tenant_id = $1 AND h.date = d::date)) OVER (ORDER BY d) AS n
    FROM generate_series($2::date - 1, $3::date, interval '1 day') d
  ), people AS (
    SELECT id, GREATEST(hire_date, $2::date) AS f, LEAST(coalesce(termination_date, $3::date), $3::date) AS l
    FROM employees WHERE tenant_id = $1 AND hire_date <= $3::date
      AND (termination_date IS NULL OR termination_date >= $2::date)
  ), employment AS (
    SELECT f, l, count(*) AS k FROM people GROUP BY 1, 2
  ), spans AS (
    SELECT b.bucket_start, GREATEST(p.f, b.bucket_start) AS s, LEAST(p.l, b.bucket_end) AS e, sum(k) AS k
    FROM buckets b JOIN employment p ON p.f <= b.bucket_end AND p.l >= b.bucket_start GROUP BY 1, 2, 3
  ), scheduled AS (
    SELECT bucket_start, sum((ce.n - cs.n) * k) AS days
    FROM spans JOIN cal cs ON cs.day = s - 1 JOIN cal ce ON ce.day = e GROUP BY 1
  ), requests AS MATERIALIZED (
    SELECT employee_id, start_date, end_date, half_day FROM leave_requests
    WHERE tenant_id = $1 AND status IN ('APPROVED', 'IN_PROGRESS', 'COMPLETED')
      AND start_date <= $3::date AND end_date >= $2::date
  ), leave_spans AS (
    SELECT GREATEST(r.start_date, p.f) AS s, LEAST(r.end_date, p.l) AS e, sum(CASE WHEN r.half_day THEN 0.5 ELSE 1 END) AS k
    FROM requests r JOIN people p ON p.id = r.employee_id GROUP BY 1, 2
  ), leave AS (
    SELECT b.bucket_start, GREATEST(l.s, b.bucket_start) AS s, LEAST(l.e, b.bucket_end) AS e, sum(l.k) AS k
    FROM leave_spans l JOIN buckets b ON l.s <= b.bucket_end AND l.e >= b.bucket_start GROUP BY 1, 2, 3
  ), absent AS (
    SELECT bucket_start, sum((ce.n - cs.n) * k) AS days
    FROM leave JOIN cal cs ON cs.day = s - 1 JOIN cal ce ON ce.day = e WHERE s <= e GROUP BY 1
  )
  SELECT b.bucket_start, s.days, a.days FROM buckets b
  LEFT JOIN scheduled s USING (bucket_start) LEFT JOIN absent a USING (bucket_start)`;

async function main(): Promise<void> {
  const calls = Number(process.argv[2] ?? 30);
  const employees = Number(process.argv[3] ?? 10_000);
  const db = await benchDatabase('analytics');
  // JIT off, as the engine runs its statements (engines/analytics/analyticsQuery.ts, runAnalytics).
  const pool = new Pool({ connectionString: db.url, max: 2, options: '-c jit=off' });
  try {
    const seedStart = performance.now();
    const tenant = await seedSyntheticTenant(db.prisma, {
      employees,
      tenantName: 'Bench Analytics Co',
      clock: systemClock,
    });
    const t = tenant.tenantId;
    // One in seven hired before 2025 leaves on a day of 2025.
    await db.prisma.$executeRaw`
      UPDATE employees SET termination_date = DATE '2025-01-01' + (employee_number * 37 % 365)
      WHERE tenant_id = ${t}::uuid AND employee_number % 7 = 0 AND hire_date < DATE '2025-01-01'`;
    // Three approved requests of 2025 per person: a week in spring, two days in summer, a half day in autumn.
    await db.prisma.$executeRaw`
      INSERT INTO leave_requests (id, tenant_id, employee_id, policy_id, start_date, end_date, half_day, total_days,
                                  status, routed_to, created_by_user_id, updated_at)
      SELECT gen_random_uuid(), e.tenant_id, e.id, p.id, s.start_date + (e.employee_number % 20),
             s.start_date + (e.employee_number % 20) + s.span, s.half, s.days, 'APPROVED', 'MANAGER', e.user_id, now()
      FROM employees e
      JOIN leave_policies p ON p.tenant_id = e.tenant_id AND p.is_default
      CROSS JOIN (VALUES (DATE '2025-04-07', 4, false, 5), (DATE '2025-07-14', 1, false, 2),
                         (DATE '2025-10-06', 0, true, 0.5)) AS s(start_date, span, half, days)
      WHERE e.tenant_id = ${t}::uuid AND e.user_id IS NOT NULL`;
    console.log(`seeded ${tenant.employees} employees in ${(performance.now() - seedStart).toFixed(0)} ms`);

    const hr = await db.prisma.employee.findFirstOrThrow({ where: { tenantId: t, employeeNumber: 2 } });
    await db.prisma.user.update({ where: { id: hr.userId! }, data: { role: 'HR_MANAGER' } });
    const { secret } = await issueCompanyApiKey(
      db.prisma,
      { tenantId: t, userId: hr.userId!, role: 'HR_MANAGER' },
      { name: 'bench', scopes: ['analytics:read'], expiresAt: null },
    );
    await db.prisma.$executeRaw`ANALYZE`;

    const config = loadConfig({ LOG_LEVEL: 'silent', SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000' } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, prisma: db.prisma, readinessChecks: [], logger: true });
    const headers = { authorization: `Bearer ${secret}` };
    const api = (url: string) => async () => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    };
    const byHand = (sql: string) => async () => {
      const { rows } = await pool.query(sql, [t, FROM, TO]);
      if (rows.length === 0) throw new Error('the hand-written query answered nothing');
    };
    const pairs = [
      [
        'headcount by month and department',
        `/api/analytics/headcount?from=${FROM}&to=${TO}&byDepartment=true`,
        HEADCOUNT_BY_HAND,
      ],
      ['absence rate by month', `/api/analytics/absence?from=${FROM}&to=${TO}`, ABSENCE_BY_HAND],
    ] as const;
    for (const [, url, sql] of pairs) {
      await timeCalls(api(url), 3); // warm-up
      await timeCalls(byHand(sql), 3);
    }
    const rows: Array<[string, number, number]> = [];
    for (const [label, url, sql] of pairs) {
      const hand = await timeCalls(byHand(sql), calls);
      const through = await timeCalls(api(url), calls);
      const base = percentile(hand, 50);
      rows.push([`${label}: the same aggregate by hand with pg, p50 (baseline)`, base, 1]);
      rows.push([`${label}: GET ${url.split('?')[0]}, p50`, percentile(through, 50), percentile(through, 50) / base]);
      rows.push([`${label}: GET ${url.split('?')[0]}, p95`, percentile(through, 95), percentile(through, 95) / base]);
    }
    printTable(`milliseconds per call, ${calls} calls each, ${employees} employees, ${FROM} to ${TO}`, rows);
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
