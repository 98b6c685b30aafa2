import os from 'node:os';
import { addDays, fromDbDate } from '../../../engines/leave/dates';
import { certificateExpiryWorkflowId } from '../../../workflows/certificateExpiry/messages';
import { svcHrStatus } from '../../../workflows/searchAttributes';
import { startCompanyKit, type CompanyKit } from '../../support/companyKit';
import { todayOf } from '../../support/leave';
import { spawnSvcHr, type SvcHrProcess } from '../../support/svcHrProcess';
import { testTemporalAddress } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';

/**
 * A certification's expiry reminders survive their worker: a real `svc-hr worker` process (the built CLI, `npm run
 * build` first) sends the 7-day reminder and is SIGKILLed while the workflow sleeps towards the expiry date; a new
 * worker process replays it and sends the expiry reminder. Each reminder, and each notification, exactly once.
 */
// The 7-day reminder is due at the start of the third day after the workflow's start (expiry in 10 days): 9 s, time
// enough for a busy machine's first read. A reminder whose moment had passed at that read is never sent late (the
// plan's rule), which with 2 s days and the 7-day reminder due the next day failed a CI run whose read came late.
const DAY_MS = 3_000;
let kit: CompanyKit;
const workers: SvcHrProcess[] = [];

beforeAll(async () => {
  kit = await startCompanyKit({ inProcessWorker: false });
});
afterAll(async () => {
  for (const worker of workers) {
    worker.killGroup('SIGKILL');
    await worker.exited;
  }
  await kit?.close();
});

/** Starts `svc-hr worker` on the kit's database and task queue at DAY_MS a day; resolves once it polls. */
async function startWorker(): Promise<{ proc: SvcHrProcess; identity: string }> {
  const proc = await spawnSvcHr('worker', {
    DATABASE_URL: kit.db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    TEMPORAL_TASK_QUEUE: kit.taskQueue,
    SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
    SVC_HR_LEAVE_DAY_MS: String(DAY_MS),
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

describe('certificate expiry reminders across a killed worker', () => {
  it('sends the 7-day reminder from the first worker and the expiry from the next, each exactly once', async () => {
    const first = await startWorker();
    const alice = await kit.db.prisma.employee.findFirstOrThrow({ where: { email: 'alice@acme.test' } });
    const manager = await kit.db.prisma.employee.findFirstOrThrow({ where: { email: 'manager@acme.test' } });
    const expiry = addDays(await todayOf(kit.db.prisma, 'alice'), 10);
    const res = await kit.call('hr', 'POST', '/api/certificates/certifications', {
      employeeId: alice.id,
      kind: 'licence',
      name: 'Crane operator',
      issuer: 'Safety Board',
      issueDate: addDays(expiry, -1000),
      expiryDate: expiry,
      required: true,
    });
    expect(res.statusCode).toBe(201);
    const id: string = res.json().data.certification.id;
    const handle = kit.temporal.client.workflow.getHandle(certificateExpiryWorkflowId(alice.tenantId, id));
    const reminders = async () =>
      (await kit.db.prisma.certificationReminder.findMany({ where: { certificationId: id } }))
        .map((r) => `${fromDbDate(r.expiryDate)} ${r.kind}`)
        .sort();
    try {
      await waitFor(
        'the first worker to send the 7-day reminder and sleep towards the expiry',
        async () => (await handle.describe()).typedSearchAttributes.get(svcHrStatus) === 'WAITING_EXPIRED',
        { timeoutMs: 60_000, intervalMs: 100 },
      );
      first.proc.killGroup('SIGKILL');
      await first.proc.exited;
      expect(await reminders()).toEqual([`${expiry} 7d`]);
      expect((await handle.describe()).status.name).toBe('RUNNING');

      const second = await startWorker();
      expect(await handle.result()).toEqual({ expiryDate: expiry, sent: ['7d', 'expired'] });
      expect(await reminders()).toEqual([`${expiry} 7d`, `${expiry} expired`]);
      const told = async (kind: string) =>
        (
          await kit.db.prisma.notification.findMany({
            where: { kind, data: { path: ['certificationId'], equals: id } },
            select: { userId: true },
          })
        ).map((n) => n.userId);
      expect(await told('certificates.expiring')).toEqual([alice.userId]);
      expect(await told('certificates.expired')).toEqual([alice.userId]);
      expect(await told('certificates.required_expired')).toEqual([manager.userId]);

      // Both workers took part in the one execution.
      const identities = new Set<string>();
      for (const event of (await handle.fetchHistory()).events ?? []) {
        const identity =
          event.workflowTaskStartedEventAttributes?.identity ?? event.activityTaskStartedEventAttributes?.identity;
        if (identity) identities.add(identity);
      }
      expect(identities).toEqual(new Set([first.identity, second.identity]));
    } catch (error) {
      const outputs = workers.map((w, i) => `--- worker ${i + 1} ---\n${w.output()}`).join('\n');
      throw new Error(`${(error as Error).message}\n${outputs}`, { cause: error });
    }
  });
});
