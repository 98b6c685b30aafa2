import { Worker } from '@temporalio/worker';
import { createActivities } from '../../../activities';
import { clockIn } from '../../../engines/timeTracking/liveClock';
import { connectTemporal, type TemporalClientHandle } from '../../../temporal/connection';
import { createTimeEntryWatchPort } from '../../../temporal/ports/timeEntryWatchPort';
import { reconcileProcesses, timeEntryWatchSource } from '../../../temporal/worker/processReconciler';
import { buildWorker } from '../../../temporal/worker/worker';
import { getWorkflowBundle } from '../../../temporal/worker/workflowBundle';
import { svcHrStatus, svcHrTenant } from '../../../workflows/searchAttributes';
import { timeEntryWatchWorkflowId } from '../../../workflows/timeEntryWatch/messages';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testClock } from '../../support/clock';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { actorOf } from '../../support/timeTracking';
import { waitFor } from '../../support/waitFor';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * The forgotten clock-out (company-api.md, Time Tracking: "flagged, not invented") on the real dev server: the API
 * starts the timeEntryWatch workflow of each clock-in, a worker in this process runs it with a test time scale of
 * MINUTE_MS per policy minute, and an entry still open after forgottenAfterMinutes is flagged, its person and their
 * manager told, and never closed.
 */
const MINUTE_MS = 20;
const FORGOTTEN_AFTER = 60;
let h: ApiHarness;
let temporal: TemporalClientHandle;
let worker: Worker;
let running: Promise<void>;
let taskQueue: string;

beforeAll(async () => {
  const address = testTemporalAddress();
  temporal = await connectTemporal({ address, namespace: 'default' });
  taskQueue = uniqueTaskQueue('time');
  h = await startApiHarness({}, { timeEntryWatch: createTimeEntryWatchPort(temporal.client, { taskQueue }) });
  worker = await buildWorker({
    connection: { address },
    namespace: 'default',
    taskQueue,
    activities: createActivities({
      prisma: h.db.prisma,
      identity: `test-${taskQueue}`,
      leave: { dayMs: undefined },
      timeTracking: { minuteMs: MINUTE_MS },
      clock: testClock(),
    }),
  });
  running = worker.run();
  const policy = await send('hr', 'PUT', '/api/time-tracking/policy', {
    dailyTargetMinutes: 480,
    dailyLimitMinutes: 600,
    weeklyLimitMinutes: 2880,
    minBreakMinutes: 30,
    forgottenAfterMinutes: FORGOTTEN_AFTER,
    overtimeRatePercent: 125,
  });
  expect(policy.statusCode).toBe(200);
});
afterAll(async () => {
  if (worker?.getState() === 'RUNNING') worker.shutdown();
  await running;
  await temporal?.close();
  await h?.close();
});

async function send(who: DemoKey, method: string, url: string, payload: object = {}) {
  const headers = bearer(await tokenFor(h.db.prisma, who, ['time-tracking:read', 'time-tracking:write']));
  return h.app.inject({ method: method as 'POST', url, headers, ...(method === 'GET' ? {} : { payload }) });
}
const entryOf = (id: string) => h.db.prisma.timeEntry.findUniqueOrThrow({ where: { id } });
const userIdOf = async (email: string) => (await h.db.prisma.user.findUniqueOrThrow({ where: { email } })).id;

describe('the forgotten clock-out watch', () => {
  it('flags an entry left open, tells the person and their manager, and never closes it', async () => {
    const hook = await queuedWebhookOf(h.db.prisma, 'hr', ['time_tracking.entry.flagged']);
    const clockedInAt = Date.now();
    const entry = (await send('alice', 'POST', '/api/time-tracking/clock-in')).json().data.entry;
    const tenantId = (await entryOf(entry.id)).tenantId;
    const workflowId = timeEntryWatchWorkflowId(tenantId, entry.id);
    expect((await entryOf(entry.id)).workflowId).toBe(workflowId);
    const handle = temporal.client.workflow.getHandle(workflowId);

    await waitFor('the entry to be flagged', async () => (await entryOf(entry.id)).flaggedAt !== null, {
      timeoutMs: 30_000,
    });
    expect(Date.now() - clockedInAt).toBeGreaterThanOrEqual(FORGOTTEN_AFTER * MINUTE_MS - 100);
    expect(await handle.result()).toEqual({ outcome: 'flagged' });
    const flagged = await entryOf(entry.id);
    expect(flagged.endedAt).toBeNull();
    const told = await h.db.prisma.notification.findMany({
      where: { kind: 'time_tracking.clock_out_forgotten', data: { path: ['entryId'], equals: entry.id } },
    });
    expect(told.map((n) => n.userId).sort()).toEqual(
      [await userIdOf('alice@acme.test'), await userIdOf('manager@acme.test')].sort(),
    );
    expect((await hook.deliveries()).map((d) => d.eventType)).toEqual(['time_tracking.entry.flagged']);
    const read = (await send('alice', 'GET', `/api/time-tracking/entries/${entry.id}`)).json().data.entry;
    expect(read).toMatchObject({ open: true, flaggedAt: flagged.flaggedAt!.toISOString() });
    const week = (
      await send('manager', 'GET', `/api/time-tracking/timesheets/week?employeeId=${entry.employeeId}`)
    ).json().data.week;
    expect(week.days.flatMap((d: { flaggedEntryIds: string[] }) => d.flaggedEntryIds)).toEqual([entry.id]);

    // Clocking out afterwards closes it as usual; the flag stays, as history.
    const out = (await send('alice', 'POST', '/api/time-tracking/clock-out')).json().data.entry;
    expect(out).toMatchObject({ open: false, flaggedAt: read.flaggedAt });

    const description = await handle.describe();
    expect(description.typedSearchAttributes.get(svcHrTenant)).toBe(tenantId);
    expect(description.typedSearchAttributes.get(svcHrStatus)).toBe('FLAGGED');
    expect(await description.staticSummary()).toBe(`Forgotten clock-out watch of time entry ${entry.id}`);
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, await handle.fetchHistory());
  });

  it('ends without a flag when the person clocks out in time', async () => {
    const entry = (await send('bob', 'POST', '/api/time-tracking/clock-in')).json().data.entry;
    const handle = temporal.client.workflow.getHandle(
      timeEntryWatchWorkflowId((await entryOf(entry.id)).tenantId, entry.id),
    );
    expect((await send('bob', 'POST', '/api/time-tracking/clock-out')).statusCode).toBe(200);
    expect(await handle.result()).toEqual({ outcome: 'closed' });
    expect((await handle.describe()).typedSearchAttributes.get(svcHrStatus)).toBe('CLOSED');
    expect((await entryOf(entry.id)).flaggedAt).toBeNull();
  });

  it('is started by the reconciler for an open entry whose watch Temporal missed', async () => {
    // Clocked in through the engine alone, as when Temporal was unreachable: no watch, no workflow id.
    const { entry } = await clockIn(h.db.prisma, await actorOf(h.db.prisma, 'carol'), {}, testClock().now());
    expect((await entryOf(entry.id)).workflowId).toBeNull();
    const port = createTimeEntryWatchPort(temporal.client, { taskQueue });
    expect(
      await reconcileProcesses({ prisma: h.db.prisma, sources: [timeEntryWatchSource(port)], graceMs: 0 }),
    ).toEqual({
      started: 1,
      failed: 0,
    });
    expect(
      await reconcileProcesses({ prisma: h.db.prisma, sources: [timeEntryWatchSource(port)], graceMs: 0 }),
    ).toEqual({
      started: 0,
      failed: 0,
    });
    await waitFor('the entry to be flagged', async () => (await entryOf(entry.id)).flaggedAt !== null, {
      timeoutMs: 30_000,
    });
    expect((await entryOf(entry.id)).endedAt).toBeNull();
  });
});
