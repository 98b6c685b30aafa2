import os from 'node:os';
import { systemClock } from '../../../engines/clock';
import { periodLabel, periodOf } from '../../../engines/payroll/periodLock';
import { issueCredential } from '../../../engines/tokens/credentials';
import { seedSyntheticTenant } from '../../../prisma/seed';
import { payrollRunWorkflowId } from '../../../workflows/payrollRun/messages';
import { bearer } from '../../support/identity';
import { startCompanyKit, type CompanyKit } from '../../support/companyKit';
import { spawnSvcHr, type SvcHrProcess } from '../../support/svcHrProcess';
import { testTemporalAddress } from '../../support/temporalServer';
import { todayOf } from '../../support/leave';
import { waitFor } from '../../support/waitFor';

/**
 * A payroll run survives its worker: a real `svc-hr worker` process (the built CLI, `npm run build` first) is
 * SIGKILLed while the run gathers a 2 000-person tenant a page at a time; a new worker process takes over, and the
 * run ends with one payslip per person, none twice, then is paid with every payslip announced once.
 */
const PEOPLE = 2_000;
let kit: CompanyKit;
const workers: SvcHrProcess[] = [];

beforeAll(async () => {
  kit = await startCompanyKit({ inProcessWorker: false, env: { SVC_HR_PAYROLL_PAGE_SIZE: '20' } });
});
afterAll(async () => {
  for (const worker of workers) {
    worker.killGroup('SIGKILL');
    await worker.exited;
  }
  await kit?.close();
});

/** Starts `svc-hr worker` on the kit's database and task queue; resolves once it polls. */
async function startWorker(): Promise<{ proc: SvcHrProcess; identity: string }> {
  const proc = await spawnSvcHr('worker', {
    DATABASE_URL: kit.db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    TEMPORAL_TASK_QUEUE: kit.taskQueue,
    SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
    SVC_HR_PAYROLL_PAGE_SIZE: '20',
  });
  workers.push(proc);
  const identity = `${proc.child.pid}@${os.hostname()}/${kit.taskQueue}`;
  await waitFor(
    `worker ${identity} to poll`,
    async () => (await kit.db.prisma.workerHeartbeat.findUnique({ where: { id: identity } })) !== null,
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  return { proc, identity };
}

async function syntheticTenant() {
  const tenant = await seedSyntheticTenant(kit.db.prisma, {
    employees: PEOPLE,
    tenantName: 'Payroll Kill Co',
    clock: systemClock,
  });
  // Everyone earns 48 000.00 EUR a year from their hire date.
  await kit.db.prisma.$executeRaw`
    INSERT INTO salaries (id, tenant_id, employee_id, effective_date, annual_minor, currency, created_by_user_id)
    SELECT gen_random_uuid(), tenant_id, id, hire_date, 4800000, 'EUR', user_id FROM employees
    WHERE tenant_id = ${tenant.tenantId}::uuid`;
  const owner = await kit.db.prisma.employee.findFirstOrThrow({
    where: { tenantId: tenant.tenantId, employeeNumber: 1 },
  });
  await kit.db.prisma.user.update({ where: { id: owner.userId! }, data: { role: 'HR_MANAGER' } });
  const { secret } = await issueCredential(kit.db.prisma, {
    tenantId: tenant.tenantId,
    userId: owner.userId!,
    kind: 'personal_access_token',
    name: 'payroll kill test',
    scopes: ['payroll:read', 'payroll:write'],
    expiresAt: null,
  });
  return { tenantId: tenant.tenantId, headers: bearer(secret) };
}

describe('a payroll run across a killed worker', () => {
  it('gathers every payslip once and is paid, after its first worker was SIGKILLed mid-run', async () => {
    const { tenantId, headers } = await syntheticTenant();
    const employed = await kit.db.prisma.employee.count({ where: { tenantId } });
    const today = await todayOf(kit.db.prisma, 'hr');
    const { year, month } = periodOf(today);
    const period = periodLabel(month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });
    const first = await startWorker();
    const started = await kit.app.inject({ method: 'POST', url: '/api/payroll/runs', headers, payload: { period } });
    expect(started.statusCode).toBe(201);
    const runId: string = started.json().data.run.id;
    const written = () => kit.db.prisma.payslip.count({ where: { runId } });
    await waitFor('the first pages to be gathered', async () => (await written()) >= 200, { timeoutMs: 60_000 });

    first.proc.killGroup('SIGKILL');
    await first.proc.exited;
    const atKill = await kit.db.prisma.payrollRun.findUniqueOrThrow({ where: { id: runId } });
    // Killed in the middle: some pages written, not all.
    expect(atKill.status).toBe('GATHERING');
    expect(atKill.payslips).toBeLessThan(employed);

    const second = await startWorker();
    const handle = kit.temporal.client.workflow.getHandle(payrollRunWorkflowId(tenantId, runId));
    try {
      await waitFor(
        'the run to be gathered by the new worker',
        async () => (await kit.db.prisma.payrollRun.findUniqueOrThrow({ where: { id: runId } })).status === 'IN_REVIEW',
        // A page the killed worker was writing is retried only when its activity's 2-minute start-to-close timeout
        // has passed (Temporal cannot tell a dead worker from a slow one): allow that, and the new worker's start.
        { timeoutMs: 240_000, intervalMs: 200 },
      );
      const payslips = await kit.db.prisma.payslip.findMany({ where: { runId }, select: { employeeId: true } });
      expect(payslips).toHaveLength(employed);
      expect(new Set(payslips.map((p) => p.employeeId)).size).toBe(employed);
      expect((await kit.db.prisma.payrollRun.findUniqueOrThrow({ where: { id: runId } })).payslips).toBe(employed);
      expect(await kit.db.prisma.payrollRun.count({ where: { tenantId } })).toBe(1);

      const approved = await kit.app.inject({
        method: 'POST',
        url: `/api/payroll/runs/${runId}/approve`,
        headers,
        payload: {},
      });
      expect(approved.statusCode).toBe(200);
      expect(await handle.result()).toEqual({ status: 'PAID', payslips: employed });
      const told = await kit.db.prisma.notification.count({ where: { tenantId, kind: 'payroll.payslip_ready' } });
      expect(told).toBe(employed);
    } catch (error) {
      const outputs = workers.map((w, i) => `--- worker ${i + 1} ---\n${w.output()}`).join('\n');
      throw new Error(`${(error as Error).message}\n${outputs}`, { cause: error });
    }
    // Both workers took part in the one execution.
    const identities = new Set<string>();
    for (const event of (await handle.fetchHistory()).events ?? []) {
      const identity =
        event.workflowTaskStartedEventAttributes?.identity ?? event.activityTaskStartedEventAttributes?.identity;
      if (identity) identities.add(identity);
    }
    expect(identities).toEqual(new Set([first.identity, second.identity]));
    // The waits above allow for two workers bundling the workflows and a page's 2-minute activity timeout; jest's
    // default 120 s would cut them short.
  }, 480_000);
});
