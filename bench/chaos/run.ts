import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createPrismaClient } from '../../db/prismaClient';
import { demoPeople } from '../../prisma/seed';
import { seedDemoTenants, tokenFor, type DemoKey } from '../../test/support/identity';
import { waitFor } from '../../test/support/waitFor';
import { benchDatabase } from '../support';
import { chaosClient } from './client';
import { startCluster } from './cluster';
import { startChaosConnector } from './connector';
import { faultKinds, harnessApplicationName, injectFault, type FaultKind } from './faults';
import { checkInvariants } from './invariants';
import { prngOf } from './prng';
import { startChaosReceiver } from './receiver';
import type { ChaosSummary } from './report';
import { claimTitlePrefix, startWorkload } from './workload';

export interface ChaosOptions {
  cycles: number;
  seed: number;
  log?: (line: string) => void;
  /** Workload between two faults, drawn in [min, max] ms (default 1000..4000). */
  cycleMs?: [number, number];
  /** A fresh, migrated database (default: benchDatabase, on SVC_HR_BENCH_PG_URL); the tests pass theirs. */
  database?: () => Promise<{ url: string; drop(): Promise<void> }>;
  /** Outbound calls through a connector process (default true). */
  outbound?: boolean;
}

const terminal = ['completed', 'failed', 'cancelled', 'expired'];

/**
 * One chaos run: a fresh database, the cluster (Temporal on a db file, Redis, two workers, two APIs), the webhook
 * receiver and the workload; `cycles` faults at seeded moments, each restored before the next; then the work is
 * let settle (bounded), and the invariants are checked over everything that happened.
 */
export async function runChaos(opts: ChaosOptions): Promise<ChaosSummary> {
  const began = Date.now();
  const sink = opts.log ?? ((line: string) => process.stderr.write(`[chaos] ${line}\n`));
  const log = (line: string) => sink(`${((Date.now() - began) / 1000).toFixed(1).padStart(6)} s  ${line}`);
  const planPrng = prngOf(opts.seed);
  const workPrng = prngOf(opts.seed ^ 0x9e3779b9);
  const receiverPrng = prngOf(opts.seed + 7);
  const claimPrng = prngOf(opts.seed + 13);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'svc-hr-chaos-'));
  const db = await (opts.database ?? (() => benchDatabase(`chaos_${opts.seed}`)))();
  const database = new URL(db.url).pathname.slice(1);
  const url = new URL(db.url);
  url.searchParams.set('application_name', harnessApplicationName);
  const prisma = createPrismaClient(url.toString(), { poolMax: 4 });
  const stops: Array<() => Promise<unknown>> = [];
  try {
    await seedDemoTenants(prisma);
    const since = new Date();
    const receiver = await startChaosReceiver(receiverPrng, 0.2);
    stops.push(() => receiver.close());
    log(`starting the cluster in ${dir}`);
    const cluster = await startCluster({ databaseUrl: db.url, prisma, dir, log });
    log(`cluster up after ${((Date.now() - began) / 1000).toFixed(0)} s`);
    stops.push(() => cluster.stop());
    const call = chaosClient(cluster.liveApis);
    for (const [who, events] of [
      [
        'alice',
        [
          'run.requires_action',
          'run.completed',
          'run.failed',
          'run.cancelled',
          'action.requested',
          'action.decided',
          'leave_request.created',
        ],
      ],
      ['hr', ['leave_request.created', 'leave_request.approved', 'leave_request.rejected', 'leave_request.cancelled']],
    ] as const) {
      const res = await call(await tokenFor(prisma, who), 'POST', '/api/v1/agent/webhooks', {
        url: receiver.url,
        events,
      });
      if (res.status !== 201) throw new Error(`create webhook answered ${res.status}: ${res.text}`);
    }
    const connector =
      opts.outbound === false
        ? undefined
        : await startChaosConnector({
            call,
            adminToken: await tokenFor(prisma, 'admin'),
            apiBaseUrl: cluster.apiBaseUrl(0),
          });
    if (connector) stops.push(() => connector.stop());
    const workload = await startWorkload({
      outbound: connector !== undefined,
      prisma,
      call,
      liveApis: cluster.liveApis,
      prng: workPrng,
      log,
      runEveryMs: 700,
      leaveEveryMs: 1200,
      claimEveryMs: 1500,
      claimPrng,
      maxInFlight: 8,
    });

    const faults = new Map<FaultKind, number>(faultKinds.map((k) => [k, 0]));
    const [min, max] = opts.cycleMs ?? [1000, 4000];
    for (let cycle = 1; cycle <= opts.cycles; cycle++) {
      await delay(planPrng.int(min, max));
      const kind = planPrng.pick(faultKinds);
      const how = await injectFault(kind, { cluster, prisma, database, receiver, connector, prng: planPrng });
      faults.set(kind, faults.get(kind)! + 1);
      log(
        `cycle ${cycle}/${opts.cycles}: ${kind} (${how}), ${workload.runs.length} runs, ` +
          `${workload.leaves.length} leave requests, ${workload.claims.length} expense claims`,
      );
    }

    log(`cycles done after ${((Date.now() - began) / 1000).toFixed(0)} s: letting the work settle`);
    await workload.stop(180_000);
    // A run whose driver gave up before its decision was taken (it logged why) is cancelled, so every run can end.
    for (const record of workload.runs.filter((r) => r.runId && r.decisionStatus !== 200)) {
      const row = await prisma.agentRun.findUnique({ where: { id: record.runId! } });
      if (row && !terminal.includes(row.status) && row.status !== 'cancelling') {
        log(
          `run ${record.runId} (${record.plan}, decision answered ${record.decisionStatus}, ${record.error ?? 'no error'}) ` +
            `still ${row.status} after its driver: cancelling it`,
        );
        await call(workload.token(record.who), 'POST', `/api/v1/agent/runs/${record.runId}/cancel`, {});
      }
    }
    // A run the harness never learnt of (its send answered 409 "still in progress" after an API was killed under
    // it) is cancelled by its owner as well.
    const known = new Set(workload.runs.map((r) => r.runId));
    const unknown = await prisma.agentRun.findMany({
      where: { createdAt: { gte: since }, status: { notIn: [...terminal, 'cancelling'] } },
    });
    for (const row of unknown.filter((r) => !known.has(r.id))) {
      const user = await prisma.user.findUnique({ where: { id: row.userId } });
      const who = (Object.keys(demoPeople) as DemoKey[]).find((k) => demoPeople[k].email === user?.email);
      if (!who) continue;
      log(`run ${row.id} of ${who}, unknown to the harness, still ${row.status}: cancelling it`);
      await call(workload.token(who), 'POST', `/api/v1/agent/runs/${row.id}/cancel`, {});
    }
    const settle = (what: string, condition: () => Promise<boolean>) =>
      waitFor(what, condition, { timeoutMs: 180_000, intervalMs: 500 }).catch((error: Error) => log(error.message));
    await settle('every run to end', async () => {
      const open = await prisma.agentRun.count({ where: { createdAt: { gte: since }, status: { notIn: terminal } } });
      return open === 0;
    });
    await settle('every webhook delivery to be done', async () => {
      const open = await prisma.webhookDelivery.count({ where: { createdAt: { gte: since }, status: 'pending' } });
      return open === 0;
    });
    const follows = workload.runs.flatMap((r) => (r.live ? [r.live] : []));
    await Promise.race([Promise.all(follows.map((f) => f.done)), delay(30_000, undefined, { ref: false })]);
    for (const follow of follows) follow.stop();

    log(`settled after ${((Date.now() - began) / 1000).toFixed(0)} s: checking the invariants`);
    const invariants = await checkInvariants({
      prisma,
      workload,
      receiver,
      call,
      liveApis: cluster.liveApis,
      since,
      adapter: connector?.adapter,
    });
    const runs = await prisma.agentRun.groupBy({
      by: ['status'],
      where: { createdAt: { gte: since } },
      _count: { _all: true },
    });
    const leaves = workload.leaves.filter((l) => l.requestId);
    const claims = workload.claims.filter((c) => c.claimId);
    const claimRows = await prisma.expenseClaim.groupBy({
      by: ['status'],
      where: { createdAt: { gte: since }, title: { startsWith: claimTitlePrefix } },
      _count: { _all: true },
    });
    const timers = async (kind: string) => prisma.notification.count({ where: { createdAt: { gte: since }, kind } });
    const everything = [...workload.runs, ...workload.leaves, ...workload.claims];
    return {
      seed: opts.seed,
      cycles: opts.cycles,
      seconds: (Date.now() - began) / 1000,
      faults,
      work: [
        ...workload.runs.reduce(
          (m, r) => m.set(`agent runs planned ${r.plan}`, (m.get(`agent runs planned ${r.plan}`) ?? 0) + 1),
          new Map<string, number>(),
        ),
        ...runs.map((r) => [`agent runs ended ${r.status}`, r._count._all] as [string, number]),
        ['agent runs followed live', workload.runs.filter((r) => r.live).length],
        ['REST leave requests created', leaves.length],
        ['REST leave requests decided (200)', leaves.filter((l) => l.decisionStatus === 200).length],
        ['expense claims created (201, or found after a 409 incomplete)', claims.length],
        ['of which above 500.00 (manager, then HR)', claims.filter((c) => c.amountMinor > 50_000).length],
        ['expense claims submitted', claims.filter((c) => c.approvalId).length],
        ['expense claims planned approve', workload.claims.filter((c) => c.decision === 'approve').length],
        ['expense claims planned reject', workload.claims.filter((c) => c.decision === 'reject').length],
        ['expense claims whose final decision answered 200', claims.filter((c) => c.decisionStatus === 200).length],
        [
          'expense approvals with their workflow started (workflowId recorded)',
          await prisma.approvalInstance.count({
            where: { requestType: 'expense_claim', createdAt: { gte: since }, workflowId: { not: null } },
          }),
        ],
        ['expense reminder notifications (approval workflow timers)', await timers('expenses.claim_reminder')],
        ['expense escalation notifications to HR (same)', await timers('expenses.claim_escalated')],
        ['expense claim steps HR decided, escalated before the approver', claims.filter((c) => c.escalated).length],
        ...claimRows.map((r) => [`expense claims left ${r.status}`, r._count._all] as [string, number]),
        ['workload drivers that gave up', everything.filter((r) => r.error).length],
        [
          'of which on a key stuck "in progress"',
          everything.filter((r) => r.error?.includes('still in progress')).length,
        ],
        [
          'answers lost after the change was made (409 incomplete), looked up',
          everything.filter((r) => r.recovered).length,
        ],
        ['webhook-ids received', receiver.messages.size],
      ],
      invariants,
      unplannedExits: cluster.unplannedExits,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await prisma.$disconnect();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
}
