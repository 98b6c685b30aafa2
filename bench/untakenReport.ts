/**
 * GET /api/v1/reports/untaken-leave for an HR manager of a 10,000-employee tenant, through the whole pipeline
 * (app.inject with a real token: authentication with a live role read, scope check, the report's one SQL
 * statement, zod output check, envelope), against the baseline of a bare `SELECT count(*)` over the same rows
 * (that tenant's annual-leave balances of the year joined with their employees), on the same database, in one
 * run. Target: p50 under 200 ms.
 *
 *   npx tsx bench/untakenReport.ts [calls=50] [employees=10000]
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../api/app';
import { loadConfig } from '../config/env';
import { issueForEmail } from '../engines/tokens/credentials';
import { seedSyntheticTenant } from '../prisma/seed';
import { percentile, printTable, timeCalls } from './report';
import { benchDatabase } from './support';
import { systemClock } from '../engines/clock';

const TARGET_P50_MS = 200;

async function main(): Promise<void> {
  const calls = Number(process.argv[2] ?? 50);
  const employees = Number(process.argv[3] ?? 10_000);
  const db = await benchDatabase('untaken_report');
  try {
    const seedStart = performance.now();
    const tenant = await seedSyntheticTenant(db.prisma, {
      employees,
      tenantName: 'Bench Report Co',
      clock: systemClock,
    });
    console.log(
      `seeded ${tenant.employees} employees, ${tenant.leaveBalances} balances in ${(performance.now() - seedStart).toFixed(0)} ms`,
    );

    // The synthetic tenant has no HR manager: employee 2 becomes one, so the report runs with HR's visibility.
    const hr = await db.prisma.employee.findFirstOrThrow({ where: { tenantId: tenant.tenantId, employeeNumber: 2 } });
    await db.prisma.user.update({ where: { id: hr.userId! }, data: { role: 'HR_MANAGER' } });
    const { secret } = await issueForEmail(db.prisma, {
      email: hr.email,
      kind: 'personal_access_token',
      name: 'bench',
      scopes: ['reports:read'],
      expiresAt: null,
    });
    const annual = await db.prisma.leavePolicy.findFirstOrThrow({
      where: { tenantId: tenant.tenantId, kind: 'annual' },
    });
    const year = new Date().getUTCFullYear();
    await db.prisma.$executeRaw`ANALYZE`;

    const config = loadConfig({ LOG_LEVEL: 'silent', SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000' } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, prisma: db.prisma, readinessChecks: [], logger: true });
    const headers = { authorization: `Bearer ${secret}` };
    let lastBody = '';
    const report = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/reports/untaken-leave', headers });
      if (res.statusCode !== 200) throw new Error(`report answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      lastBody = res.body; // parsed after the timing: reading the answer is the client's time, not the server's
    };
    const baseline = async () => {
      await db.prisma.$queryRaw`
        SELECT count(*) FROM leave_balances b JOIN employees e ON e.id = b.employee_id
        WHERE b.tenant_id = ${tenant.tenantId}::uuid AND b.year = ${year}::int AND b.policy_id = ${annual.id}::uuid`;
    };

    await timeCalls(report, 5); // warm-up: JIT, pools, plan cache
    await timeCalls(baseline, 5);
    const baselineTimes = await timeCalls(baseline, calls);
    const reportTimes = await timeCalls(report, calls);
    const rows = (JSON.parse(lastBody) as { data: { employees: unknown[] } }).data.employees.length;
    if (rows !== tenant.employees) throw new Error(`the report answered ${rows} rows, expected ${tenant.employees}`);

    const base50 = percentile(baselineTimes, 50);
    const p50 = percentile(reportTimes, 50);
    const p95 = percentile(reportTimes, 95);
    printTable(`milliseconds per call, ${calls} calls each, ${rows} report rows`, [
      ['SELECT count(*) over the same rows, p50 (baseline)', base50, 1],
      ['GET /api/v1/reports/untaken-leave as HR, p50', p50, p50 / base50],
      ['GET /api/v1/reports/untaken-leave as HR, p95', p95, p95 / base50],
    ]);
    console.log(`  target: p50 < ${TARGET_P50_MS} ms -> ${p50 < TARGET_P50_MS ? 'met' : 'NOT met'}`);
    await app.close();
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
