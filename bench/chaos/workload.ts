import { setTimeout as delay } from 'node:timers/promises';
import type { PrismaClient } from '../../db/prismaClient';
import { addDays } from '../../engines/leave/dates';
import { authenticate } from '../../engines/tokens/authenticate';
import { tokenFor, type DemoKey } from '../../test/support/identity';
import { leaveCalendarOf, todayOf } from '../../test/support/leave';
import { incompleteAnswer, type Answer, type ChaosCall } from './client';
import { demoPeople } from '../../prisma/seed';
import { followRun, type LiveFollow } from './liveStream';
import type { Prng } from './prng';

/** What the harness meant to do with an agent run, drawn when it starts it. */
export type RunPlan = 'approve' | 'reject' | 'cancel' | 'cancel_early';

export interface RunRecord {
  who: DemoKey;
  /** Booking a day of leave (a leave request), or an outbound call through the connector (`write_record`). */
  kind: 'leave' | 'outbound';
  /** The day booked, or the value written. */
  day: string;
  plan: RunPlan;
  runId?: string;
  /** The status of the decision or cancel request (200 when the service took it). */
  decisionStatus?: number;
  live?: LiveFollow;
  /** Its thread, run or leave request was found after a 409 incomplete (a crash took the answer). */
  recovered?: boolean;
  error?: string;
}

export interface LeaveRecord {
  who: DemoKey;
  day: string;
  decision: 'approve' | 'reject';
  requestId?: string;
  decisionStatus?: number;
  recovered?: boolean;
  error?: string;
}

/** One step's decision as the workload sent it, and how it was answered (a 409 incomplete counted as 200). */
export interface ClaimDecision {
  by: DemoKey;
  decision: 'approve' | 'reject';
  status: number;
  /** What the answer said: waiting (the next step waits), approved or rejected. */
  outcome?: string;
}

/** An expense claim: created, submitted (its approval flow starts), then decided step by step by its approvers. */
export interface ClaimRecord {
  who: DemoKey;
  /** Its own title, by which a claim whose create answer was lost (409 incomplete) is found. */
  title: string;
  amountMinor: number;
  /** The final decision drawn (above 500.00 the manager approves first, then HR takes it). */
  decision: 'approve' | 'reject';
  claimId?: string;
  approvalId?: string;
  decisions: ClaimDecision[];
  /** How the final decision was answered (200 when the service took it). */
  decisionStatus?: number;
  /** A step waited past its escalation (timers at 2 s + 4 s), so HR decided it in the approver's place. */
  escalated?: boolean;
  recovered?: boolean;
  error?: string;
}

/** Demo people whose agent runs book annual leave, and who decides the REST leave requests of whom. */
const runners: DemoKey[] = ['alice', 'bob', 'carol', 'manager', 'salesManager', 'marketingManager'];
const requesters: Array<{ who: DemoKey; decider: DemoKey }> = [
  { who: 'alice', decider: 'hr' },
  { who: 'bob', decider: 'hr' },
  { who: 'dan', decider: 'globexHr' },
];
/** Who claims expenses, whose manager decides the claim's first step, and the HR of their tenant. */
const claimants: Array<{ who: DemoKey; manager: DemoKey; hr: DemoKey }> = [
  { who: 'alice', manager: 'manager', hr: 'hr' },
  { who: 'bob', manager: 'manager', hr: 'hr' },
  { who: 'carol', manager: 'salesManager', hr: 'hr' },
  { who: 'dan', manager: 'globexHr', hr: 'globexHr' },
];
/** Claims titled so, and only them, are the workload's. */
export const claimTitlePrefix = 'Chaos claim';
const terminal = new Set(['completed', 'failed', 'cancelled', 'expired']);

/** A decision whose answer was lost after it committed (409 incomplete) was taken: the invariants hold it to 200's. */
const statusOf = (answer: Answer) => (incompleteAnswer(answer) ? 200 : answer.status);

/**
 * The work that keeps flowing through the HTTP API during the cycles: agent runs booking a day of annual leave (or,
 * one in four, writing a record through the connector),
 * approved, rejected or cancelled (before or while they wait for the approval) as the seeded generator draws, some
 * followed live over SSE; and leave requests created through REST and decided by HR after a seeded wait, across the
 * approval workflow's reminder and escalation timers; and expense claims (the Expenses area) created, submitted
 * (their approval flow's workflow starts) and approved or rejected by their manager (and HR above 500.00, or when
 * the step was escalated). Each booking takes a day no other booking of that person
 * takes, so the leave rows of one run can be counted by person and day.
 */
export async function startWorkload(opts: {
  prisma: PrismaClient;
  call: ChaosCall;
  liveApis: () => string[];
  prng: Prng;
  log: (line: string) => void;
  runEveryMs: number;
  leaveEveryMs: number;
  /** Expense claims, drawn with a generator of their own so the runs' and leaves' draws stay as they were. */
  claimEveryMs: number;
  claimPrng: Prng;
  maxInFlight: number;
  /** Some runs call `write_record` on the connector's `records` server. */
  outbound: boolean;
}) {
  const people = [
    ...new Set<DemoKey>([
      ...runners,
      ...requesters.flatMap((r) => [r.who, r.decider]),
      ...claimants.flatMap((c) => [c.who, c.manager, c.hr]),
      'hr',
    ]),
  ];
  const tokens = new Map<DemoKey, string>();
  for (const who of people) tokens.set(who, await tokenFor(opts.prisma, who));
  const token = (who: DemoKey) => {
    const known = tokens.get(who);
    if (!known) throw new Error(`no token of ${who}`);
    return known;
  };
  const nextDay = new Map<DemoKey, () => string>();
  for (const who of new Set([...runners, ...requesters.map((r) => r.who)])) {
    const calendar = await leaveCalendarOf(opts.prisma, await authenticate(opts.prisma, token(who)));
    let date = addDays(calendar.today, 20);
    nextDay.set(who, () => {
      while (!calendar.isFreeWorkingDay(date)) date = addDays(date, 1);
      const day = date;
      date = addDays(date, 1);
      return day;
    });
  }

  const today = new Map<DemoKey, string>();
  for (const { who } of claimants) today.set(who, await todayOf(opts.prisma, who));

  const runs: RunRecord[] = [];
  const leaves: LeaveRecord[] = [];
  const claims: ClaimRecord[] = [];
  const drivers = new Set<Promise<void>>();
  let stopped = false;

  const runStatus = async (who: DemoKey, runId: string) => {
    const res = await opts.call(token(who), 'GET', `/api/v1/agent/runs/${runId}`);
    return (res.json?.data?.run as { status: string } | undefined)?.status;
  };

  const driveRun = async (record: RunRecord, follow: boolean) => {
    const t = token(record.who);
    // A title of its own, by which a thread whose answer was lost (409 incomplete) is found.
    const title = `Chaos ${record.kind} ${record.who} ${record.day}`;
    const thread = await opts.call(t, 'POST', '/api/v1/agent/threads', { title });
    const threadId = incompleteAnswer(thread)
      ? (await opts.prisma.agentThread.findFirst({ where: { title } }))?.id
      : (thread.json?.data?.thread as { id: string } | undefined)?.id;
    if (!threadId) throw new Error(`create thread answered ${thread.status}: ${thread.text.slice(0, 200)}`);
    const sent = await opts.call(t, 'POST', `/api/v1/agent/threads/${threadId}/messages`, {
      message:
        record.kind === 'leave'
          ? `Book annual leave from ${record.day} to ${record.day} for a family trip`
          : `call write_record with ${record.day} on the records server`,
    });
    const runId = incompleteAnswer(sent)
      ? (await opts.prisma.agentRun.findFirst({ where: { threadId } }))?.id
      : (sent.json?.data?.runId as string | undefined);
    if (!runId) throw new Error(`send message answered ${sent.status}: ${sent.text.slice(0, 200)}`);
    if (incompleteAnswer(thread) || incompleteAnswer(sent)) record.recovered = true;
    record.runId = runId;
    if (follow) record.live = followRun(opts.liveApis, t, runId);
    if (record.plan === 'cancel_early') {
      record.decisionStatus = statusOf(await opts.call(t, 'POST', `/api/v1/agent/runs/${runId}/cancel`, {}));
      return;
    }
    const deadline = Date.now() + 180_000;
    for (;;) {
      const status = await runStatus(record.who, runId);
      if (status === 'requires_action') break;
      if (status && terminal.has(status)) throw new Error(`run ended ${status} before asking for approval`);
      if (Date.now() > deadline) throw new Error(`run still ${status} after 180 s`);
      await delay(300);
    }
    await delay(opts.prng.int(0, 1500));
    record.decisionStatus =
      record.plan === 'cancel'
        ? statusOf(await opts.call(t, 'POST', `/api/v1/agent/runs/${runId}/cancel`, {}))
        : statusOf(await opts.call(t, 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: record.plan }));
  };

  const leaveRowOf = async (who: DemoKey, day: string) => {
    const employee = await opts.prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });
    const row = await opts.prisma.leaveRequest.findFirst({
      where: { employeeId: employee.id, startDate: new Date(`${day}T00:00:00Z`) },
      orderBy: { createdAt: 'desc' }, // not the demo data's rejected or cancelled request of that day
    });
    return row?.id;
  };

  const driveLeave = async (record: LeaveRecord, decider: DemoKey) => {
    const created = await opts.call(token(record.who), 'POST', '/api/v1/leave/requests', {
      start_date: record.day,
      end_date: record.day,
      policy: 'Unpaid leave',
    });
    const id = incompleteAnswer(created)
      ? await leaveRowOf(record.who, record.day)
      : (created.json?.data?.id as string | undefined);
    if (!id) throw new Error(`create leave request answered ${created.status}: ${created.text.slice(0, 200)}`);
    if (incompleteAnswer(created)) record.recovered = true;
    record.requestId = id;
    // Some wait past the reminder (2 s) and the escalation (4 s) of the approval workflow.
    await delay(opts.prng.int(0, 6000));
    record.decisionStatus = statusOf(
      await opts.call(token(decider), 'POST', `/api/v1/leave/requests/${id}/decision`, { decision: record.decision }),
    );
  };

  const approvalOfClaim = async (claimId: string) =>
    (await opts.prisma.approvalInstance.findFirst({ where: { requestType: 'expense_claim', subjectId: claimId } }))?.id;

  /** One step's decision, by its approver; HR's instead when the step was escalated to HR before it arrived. */
  const decideStep = async (
    record: ClaimRecord,
    by: DemoKey,
    hr: DemoKey,
    decision: 'approve' | 'reject',
  ): Promise<ClaimDecision> => {
    const url = `/api/approval-flows/approvals/${record.approvalId}/${decision}`;
    let answer = await opts.call(token(by), 'POST', url, {});
    if (answer.status === 403 && answer.text.includes('escalated') && by !== hr) {
      record.escalated = true;
      by = hr;
      answer = await opts.call(token(by), 'POST', url, {});
    }
    if (incompleteAnswer(answer)) record.recovered = true;
    const step: ClaimDecision = { by, decision, status: statusOf(answer) };
    const outcome = answer.json?.data?.outcome as string | undefined;
    if (outcome) step.outcome = outcome;
    record.decisions.push(step);
    return step;
  };

  const driveClaim = async (record: ClaimRecord, manager: DemoKey, hr: DemoKey) => {
    const t = token(record.who);
    const created = await opts.call(t, 'POST', '/api/expenses/claims', {
      title: record.title,
      lines: [
        {
          category: 'Travel',
          date: addDays(today.get(record.who)!, -opts.claimPrng.int(1, 20)),
          description: 'Train and hotel',
          amountMinor: record.amountMinor,
        },
      ],
    });
    const claimId = incompleteAnswer(created)
      ? (await opts.prisma.expenseClaim.findFirst({ where: { title: record.title } }))?.id
      : (created.json?.data?.claim as { id: string } | undefined)?.id;
    if (!claimId) throw new Error(`create claim answered ${created.status}: ${created.text.slice(0, 200)}`);
    if (incompleteAnswer(created)) record.recovered = true;
    record.claimId = claimId;
    const submitted = await opts.call(t, 'POST', `/api/expenses/claims/${claimId}/submit`, {});
    const approvalId = incompleteAnswer(submitted)
      ? await approvalOfClaim(claimId)
      : (submitted.json?.data?.claim as { approvalId?: string } | undefined)?.approvalId;
    if (!approvalId) throw new Error(`submit claim answered ${submitted.status}: ${submitted.text.slice(0, 200)}`);
    if (incompleteAnswer(submitted)) record.recovered = true;
    record.approvalId = approvalId;
    // Some wait past the reminder (2 s) and the escalation (4 s later) of the approval workflow: HR decides those.
    await delay(opts.claimPrng.int(0, 7000));
    if (record.amountMinor > 50_000) {
      const first = await decideStep(record, manager, hr, 'approve');
      if (first.status !== 200) throw new Error(`the manager's approval answered ${first.status}`);
      await delay(opts.claimPrng.int(0, 1500));
      record.decisionStatus = (await decideStep(record, hr, hr, record.decision)).status;
    } else {
      record.decisionStatus = (await decideStep(record, manager, hr, record.decision)).status;
    }
  };

  const track = (what: string, record: { error?: string }, work: Promise<void>) => {
    const p = work
      .catch((error: Error) => {
        record.error = error.message;
        opts.log(`${what}: ${error.message}`);
      })
      .finally(() => drivers.delete(p));
    drivers.add(p);
  };

  const startRun = () => {
    const plan = opts.prng.pick<RunPlan>(['approve', 'approve', 'reject', 'cancel', 'cancel_early']);
    const outbound = opts.outbound && opts.prng.chance(0.25);
    const who = outbound ? 'alice' : opts.prng.pick(runners);
    const record: RunRecord = outbound
      ? { who, kind: 'outbound', day: `chaos-${runs.length + 1}`, plan }
      : { who, kind: 'leave', day: nextDay.get(who)!(), plan };
    runs.push(record);
    track(`${record.kind} run of ${who} (${plan})`, record, driveRun(record, opts.prng.chance(0.5)));
  };
  const startLeave = () => {
    const { who, decider } = opts.prng.pick(requesters);
    const record: LeaveRecord = { who, day: nextDay.get(who)!(), decision: opts.prng.pick(['approve', 'reject']) };
    leaves.push(record);
    track(`leave of ${who}`, record, driveLeave(record, decider));
  };

  const startClaim = () => {
    const { who, manager, hr } = opts.claimPrng.pick(claimants);
    // One in three above 500.00, two steps (Globex's manager is its HR: one step there).
    const twoSteps = who !== 'dan' && opts.claimPrng.chance(1 / 3);
    const record: ClaimRecord = {
      who,
      title: `${claimTitlePrefix} ${claims.length + 1} of ${who}`,
      amountMinor: twoSteps ? opts.claimPrng.int(50_001, 120_000) : opts.claimPrng.int(1_000, 50_000),
      decision: opts.claimPrng.pick(['approve', 'approve', 'reject']),
      decisions: [],
    };
    claims.push(record);
    track(`expense claim of ${who}`, record, driveClaim(record, manager, hr));
  };

  const loop = async (every: number, start: () => void) => {
    while (!stopped) {
      if (drivers.size < opts.maxInFlight) start();
      await delay(every);
    }
  };
  const loops = [
    loop(opts.runEveryMs, startRun),
    loop(opts.leaveEveryMs, startLeave),
    loop(opts.claimEveryMs, startClaim),
  ];

  return {
    runs,
    leaves,
    claims,
    token,
    /** Stops starting work and waits (bounded) for every driver to have made its last request. */
    async stop(timeoutMs: number): Promise<void> {
      stopped = true;
      await Promise.all(loops);
      await Promise.race([Promise.all([...drivers]), delay(timeoutMs, undefined, { ref: false })]);
    },
  };
}

export type Workload = Awaited<ReturnType<typeof startWorkload>>;
