/**
 * A payroll run of a 10 000-person tenant, end to end on a Temporal dev server with a worker in this process: the
 * payrollRun workflow gathering every payslip a page at a time (salary pro rata with raises, allowances, bonuses,
 * approved overtime, unpaid leave, expense claims) until the run is IN_REVIEW; then approved and paid, every payslip
 * announced. Beside it, in the same run, one SQL aggregate over the same inputs (each person's salary, overtime,
 * allowances, bonuses, claims and unpaid days in one statement): the floor of reading them at all.
 *
 *   npx tsx bench/payrollRun.ts [employees=10000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { createActivities } from '../activities';
import { loadConfig } from '../config/env';
import { systemClock } from '../engines/clock';
import { approvePayrollRun, startPayrollRun } from '../engines/payroll/payrollRuns';
import { startPayrollRunWorkflow } from '../engines/payroll/payrollPort';
import { periodLabel, periodOf } from '../engines/payroll/periodLock';
import { monthRange } from '../engines/payroll/payPeriods';
import { authenticate } from '../engines/tokens/authenticate';
import { issueCredential } from '../engines/tokens/credentials';
import { todayIn } from '../engines/leave/dates';
import { seedSyntheticTenant } from '../prisma/seed';
import { connectTemporal } from '../temporal/connection';
import { startDevServer } from '../temporal/devServer/devServer';
import { createPayrollRunPort } from '../temporal/ports/payrollRunPort';
import { buildWorker } from '../temporal/worker/worker';
import { testTemporalCli } from '../test/support/temporalServer';
import { median, printTable } from './report';
import { benchDatabase } from './support';

type Sql = { $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number> };

/**
 * The month's inputs, by SQL, for everyone: two salary entries (hire date, and a raise on the 16th of the month for
 * a tenth), a home-office allowance for a fifth, a bonus for a twentieth, an approved week with 300 minutes of
 * overtime for a fifth, two approved unpaid days for a twentieth, an approved expense claim for a tenth.
 */
async function seedInputs(db: Sql, tenantId: string, month: { start: string; end: string }): Promise<void> {
  const t = tenantId;
  const week = { start: `${month.start.slice(0, 8)}05`, end: `${month.start.slice(0, 8)}11` };
  await db.$executeRawUnsafe(
    `INSERT INTO salaries (id, tenant_id, employee_id, effective_date, annual_minor, currency, created_by_user_id)
     SELECT gen_random_uuid(), tenant_id, id, hire_date, 4000000 + (employee_number % 50) * 100000, 'EUR', user_id
     FROM employees e WHERE tenant_id = $1::uuid`,
    t,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO salaries (id, tenant_id, employee_id, effective_date, annual_minor, currency, created_by_user_id)
     SELECT gen_random_uuid(), tenant_id, id, $2::date, 6000000, 'EUR', user_id
     FROM employees e WHERE tenant_id = $1::uuid AND employee_number % 10 = 0 AND hire_date < $2::date`,
    t,
    `${month.start.slice(0, 8)}16`,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO compensation_items (id, tenant_id, employee_id, kind, name, amount_minor, currency, start_date,
       created_by_user_id)
     SELECT gen_random_uuid(), tenant_id, id, CASE WHEN employee_number % 20 = 0 THEN 'bonus' ELSE 'allowance' END,
            'Bench', 5000, 'EUR', $2::date, user_id
     FROM employees e WHERE tenant_id = $1::uuid AND employee_number % 5 = 0`,
    t,
    month.start,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO timesheets (id, tenant_id, employee_id, start_date, end_date, status, worked_minutes, target_minutes,
       overtime_minutes, warnings, created_by_user_id, updated_at)
     SELECT gen_random_uuid(), tenant_id, id, $2::date, $3::date, 'APPROVED', 2700, 2400, 300, '{}', user_id, now()
     FROM employees e WHERE tenant_id = $1::uuid AND employee_number % 5 = 1`,
    t,
    week.start,
    week.end,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO leave_requests (id, tenant_id, employee_id, policy_id, start_date, end_date, total_days, status,
       routed_to, created_by_user_id, updated_at)
     SELECT gen_random_uuid(), e.tenant_id, e.id, p.id, $2::date, $3::date, 2, 'APPROVED', 'MANAGER', e.user_id, now()
     FROM employees e JOIN leave_policies p ON p.tenant_id = e.tenant_id AND p.kind = 'unpaid'
     WHERE e.tenant_id = $1::uuid AND e.employee_number % 20 = 3`,
    t,
    `${month.start.slice(0, 8)}20`,
    `${month.start.slice(0, 8)}21`,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO expense_claims (id, tenant_id, employee_id, title, currency, status, total_minor, flags,
       created_by_user_id, updated_at)
     SELECT gen_random_uuid(), tenant_id, id, 'Bench claim', 'EUR', 'APPROVED', 4250, '{}', user_id, now()
     FROM employees e WHERE tenant_id = $1::uuid AND employee_number % 10 = 7`,
    t,
  );
}

/** The baseline: the same inputs summed per person in one statement, each table read once through its index. */
const aggregate = `
  WITH salary AS (
    SELECT DISTINCT ON (employee_id) employee_id, annual_minor / 12 AS monthly FROM salaries
    WHERE tenant_id = $1::uuid AND effective_date <= $3::date ORDER BY employee_id, effective_date DESC),
  items AS (
    SELECT employee_id, sum(amount_minor) AS amount FROM compensation_items
    WHERE tenant_id = $1::uuid AND start_date <= $3::date AND (end_date IS NULL OR end_date >= $2::date)
    GROUP BY employee_id),
  overtime AS (
    SELECT employee_id, sum(overtime_minutes) AS minutes FROM timesheets
    WHERE tenant_id = $1::uuid AND status = 'APPROVED' AND end_date <= $3::date GROUP BY employee_id),
  unpaid AS (
    SELECT r.employee_id, sum(r.total_days) AS days FROM leave_requests r JOIN leave_policies p ON p.id = r.policy_id
    WHERE r.tenant_id = $1::uuid AND p.kind = 'unpaid' AND r.status = 'APPROVED'
      AND r.start_date <= $3::date AND r.end_date >= $2::date GROUP BY r.employee_id),
  claims AS (
    SELECT employee_id, sum(total_minor) AS amount FROM expense_claims
    WHERE tenant_id = $1::uuid AND status = 'APPROVED' GROUP BY employee_id)
  SELECT e.id, salary.monthly, items.amount, overtime.minutes, unpaid.days, claims.amount
  FROM employees e
  LEFT JOIN salary ON salary.employee_id = e.id LEFT JOIN items ON items.employee_id = e.id
  LEFT JOIN overtime ON overtime.employee_id = e.id LEFT JOIN unpaid ON unpaid.employee_id = e.id
  LEFT JOIN claims ON claims.employee_id = e.id
  WHERE e.tenant_id = $1::uuid AND e.hire_date <= $3::date`;

async function main(): Promise<void> {
  const employees = Number(process.argv[2] ?? 10_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-bench-payroll-'));
  const server = await startDevServer({
    binary: await testTemporalCli(),
    dbFile: path.join(dir, 'temporal.db'),
    port: 0,
    uiPort: 0,
    headless: true,
    namespace: 'default',
    log: () => {},
    output: () => {},
  });
  const db = await benchDatabase('payroll', 10);
  const temporal = await connectTemporal({ address: server.address, namespace: 'default' });
  const taskQueue = `bench-payroll-${randomUUID()}`;
  const config = loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  try {
    const { prisma } = db;
    const tenant = await seedSyntheticTenant(prisma, { employees, tenantName: 'Bench Payroll Co', clock: systemClock });
    const today = todayIn('UTC', systemClock.now());
    const { year, month } = periodOf(today);
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    const range = monthRange(previous.year, previous.month);
    await seedInputs(prisma, tenant.tenantId, range);
    const owner = await prisma.employee.findFirstOrThrow({ where: { tenantId: tenant.tenantId, employeeNumber: 1 } });
    await prisma.user.update({ where: { id: owner.userId! }, data: { role: 'HR_MANAGER' } });
    const { secret } = await issueCredential(prisma, {
      tenantId: tenant.tenantId,
      userId: owner.userId!,
      kind: 'personal_access_token',
      name: 'bench',
      scopes: ['payroll:write'],
      expiresAt: null,
    });
    const hr = await authenticate(prisma, secret);

    const baseline: number[] = [];
    let people = 0;
    for (let i = 0; i < 3; i += 1) {
      const start = performance.now();
      people = (await prisma.$queryRawUnsafe<unknown[]>(aggregate, tenant.tenantId, range.start, range.end)).length;
      baseline.push(performance.now() - start);
    }

    const worker = await buildWorker({
      connection: { address: server.address },
      namespace: 'default',
      taskQueue,
      activities: createActivities({ prisma, identity: 'bench', leave: { dayMs: undefined }, clock: systemClock }),
    });
    const running = worker.run();
    const port = createPayrollRunPort(temporal.client, {
      taskQueue,
      pageSize: config.payroll.pageSize,
      recheckMs: 60_000,
    });
    const started = performance.now();
    const run = await startPayrollRun(
      prisma,
      hr,
      { period: periodLabel(previous) },
      {
        clock: systemClock,
        start: async (ref) => {
          await startPayrollRunWorkflow(prisma, port, ref);
        },
      },
    );
    const statusOf = async () => (await prisma.payrollRun.findUniqueOrThrow({ where: { id: run.id } })).status;
    while ((await statusOf()) === 'GATHERING') await new Promise((r) => setTimeout(r, 50));
    const gathered = performance.now() - started;
    const payslips = await prisma.payslip.count({ where: { runId: run.id } });

    const approvedAt = performance.now();
    await approvePayrollRun(prisma, hr, run.id, {}, { clock: systemClock });
    await port.notify({ tenantId: tenant.tenantId, runId: run.id });
    await temporal.client.workflow.getHandle(`payroll-run/${tenant.tenantId}/${run.id}`).result();
    const paid = performance.now() - approvedAt;
    worker.shutdown();
    await running;

    console.log(
      `payroll run of ${periodLabel(previous)}: ${payslips} payslips for ${people} people ` +
        `(page size ${config.payroll.pageSize}); target: gathered in under 30 s`,
    );
    const floor = median(baseline);
    printTable('milliseconds', [
      ['one SQL aggregate over the same inputs (median of 3)', floor, 1],
      ['payroll run: start → IN_REVIEW (workflow, every payslip)', gathered, gathered / floor],
      ['approve → PAID, every payslip announced', paid, paid / floor],
    ]);
    console.log(
      `\ngathered in ${(gathered / 1000).toFixed(1)} s: ${gathered < 30_000 ? 'under' : 'OVER'} the 30 s target`,
    );
  } finally {
    await temporal.close();
    await db.drop();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
