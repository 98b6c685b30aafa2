import { isDeepStrictEqual } from 'node:util';
import type { PrismaClient } from '../../db/prismaClient';
import { terminalRunStatuses } from '../../engines/agent/runStates';
import { demoPeople } from '../../prisma/seed';
import { openEventStream, type ServerSentEvent } from '../../test/integration/agent/sseClient';
import type { RecordingAdapter } from '../../test/integration/connector/recordingAdapter';
import type { ChaosCall } from './client';
import type { ChaosReceiver } from './receiver';
import { claimTitlePrefix, type Workload } from './workload';

/** One invariant as the table prints it: how many things it was checked on, and the first counter-example. */
export interface InvariantResult {
  name: string;
  checked: number;
  broken: number;
  firstCounterExample?: string;
  note?: string;
}

function invariant(name: string, note?: string) {
  const result: InvariantResult = { name, checked: 0, broken: 0, ...(note ? { note } : {}) };
  return {
    result,
    check(holds: boolean, counterExample: () => string) {
      result.checked += 1;
      if (!holds) {
        result.broken += 1;
        result.firstCounterExample ??= counterExample();
      }
    },
  };
}

const terminalEvent = (status: string) => `run.${status}`;
const terminalEvents = new Set(terminalRunStatuses.map(terminalEvent));

/** Canonical JSON (sorted keys): two bodies of one webhook-id are "the same payload" when these are equal. */
function canonical(text: string): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, x]) => [k, sort(x)]),
          )
        : v;
  try {
    return JSON.stringify(sort(JSON.parse(text)));
  } catch {
    return text;
  }
}

/**
 * The invariants checked once everything is quiet, over everything that happened: the database, what the
 * receiver recorded, what live clients received, and the audit trail through the API.
 */
export async function checkInvariants(deps: {
  prisma: PrismaClient;
  workload: Workload;
  receiver: ChaosReceiver;
  call: ChaosCall;
  liveApis: () => string[];
  since: Date;
  adapter?: RecordingAdapter | undefined;
}): Promise<InvariantResult[]> {
  const { prisma, workload } = deps;
  const started = workload.runs.filter((r) => r.runId);
  const runRows = await prisma.agentRun.findMany({ where: { createdAt: { gte: deps.since } } });
  const runById = new Map(runRows.map((r) => [r.id, r]));
  const eventsOf = async (runId: string) =>
    prisma.agentRunEvent.findMany({ where: { runId }, orderBy: { seq: 'asc' } });

  // 1. Every run ended in exactly one terminal state, in the database and in its event stream.
  const ended = invariant('every run ended in exactly one terminal state (database + event stream)');
  for (const row of runRows) {
    const events = await eventsOf(row.id);
    const terminals = events.filter((e) => terminalEvents.has(e.event));
    const gapless = events.every((e, i) => e.seq === i + 1);
    ended.check(
      terminalRunStatuses.includes(row.status as never) &&
        terminals.length === 1 &&
        events.at(-1)?.event === terminalEvent(row.status) &&
        gapless,
      () =>
        `run ${row.id}: status ${row.status}, terminal events [${terminals.map((e) => e.event).join(', ')}], ` +
        `last ${events.at(-1)?.event}, seqs ${gapless ? 'gapless' : 'with a gap'}`,
    );
  }
  const lost = started.filter((r) => !runById.has(r.runId!));
  ended.check(lost.length === 0, () => `run ${lost[0]!.runId} answered by the API is not in the database`);

  // 2. Every approved action executed exactly once; no rejected or cancelled one executed.
  const once = invariant('every approved action executed exactly once');
  const never = invariant('no rejected or cancelled action executed');
  const tookEffect = invariant(
    'every decision or cancel answered 200 took effect',
    'approve: the action executed; reject: rejected; cancel: the run cancelled',
  );
  const employeeIds = new Map<string, string>();
  for (const record of started.filter((r) => r.kind === 'outbound')) {
    const actions = await prisma.agentAction.findMany({ where: { runId: record.runId! } });
    const executed = actions.filter((a) => ['executing', 'succeeded', 'failed'].includes(a.status));
    const calls = deps.adapter?.calls.filter((c) => c.arguments.value === record.day) ?? [];
    const keys = new Set(calls.map((c) => c.idempotencyKey ?? ''));
    const executions = [...keys].reduce((n, k) => n + (deps.adapter?.executions.get(k) ?? 0), 0);
    if (actions.some((a) => a.status === 'succeeded')) {
      once.check(
        executions === 1,
        () => `outbound run ${record.runId} (${record.day}): executed ${executions} times, ${calls.length} calls`,
      );
    } else {
      once.check(
        executed.length > 0 || calls.length === 0,
        () => `outbound run ${record.runId} (${record.day}): no action executed but ${calls.length} calls`,
      );
    }
    const refused = (record.plan === 'reject' || record.plan.startsWith('cancel')) && record.decisionStatus === 200;
    if (refused) {
      never.check(
        executed.length === 0 && calls.length === 0,
        () => `outbound run ${record.runId} (${record.plan}): ${calls.length} calls reached the adapter`,
      );
    }
  }
  for (const record of started) {
    const actions = await prisma.agentAction.findMany({ where: { runId: record.runId! } });
    if (record.decisionStatus === 200) {
      const row = runById.get(record.runId!);
      const effect =
        record.plan === 'approve'
          ? actions.length > 0 && actions.every((a) => ['succeeded', 'failed'].includes(a.status))
          : record.plan === 'reject'
            ? actions.length > 0 && actions.every((a) => a.status === 'rejected')
            : row?.status === 'cancelled';
      tookEffect.check(
        effect,
        () =>
          `run ${record.runId} (${record.plan} answered 200): run ${row?.status}, ` +
          `actions [${actions.map((a) => a.status).join(', ')}]`,
      );
    }
  }
  const outboundCalls = deps.adapter?.calls.length ?? 0;
  for (const record of started) {
    if (record.kind === 'outbound') continue;
    const email = demoPeople[record.who].email;
    const employeeId = employeeIds.get(email) ?? (await prisma.employee.findFirstOrThrow({ where: { email } })).id;
    employeeIds.set(email, employeeId);
    const rows = await prisma.leaveRequest.findMany({
      // The demo data's own requests (a rejected one may fall on a day the workload books) are not the run's.
      where: { employeeId, startDate: new Date(`${record.day}T00:00:00Z`), createdAt: { gte: deps.since } },
    });
    const actions = await prisma.agentAction.findMany({ where: { runId: record.runId! } });
    const executed = actions.filter((a) => ['executing', 'succeeded', 'failed'].includes(a.status));
    const succeeded = actions.filter((a) => a.status === 'succeeded');
    const resultIds = succeeded.map((a) => (a.result as { id?: string } | null)?.id);
    if (succeeded.length > 0) {
      once.check(
        rows.length === 1 && succeeded.length === 1 && resultIds[0] === rows[0]!.id,
        () =>
          `run ${record.runId} (${record.who}, ${record.day}): ${succeeded.length} succeeded actions, ` +
          `${rows.length} leave rows [${rows.map((r) => r.id).join(', ')}], action result ${resultIds.join(', ')}`,
      );
    } else {
      const rowsOf = rows.length === 0 ? '' : await leaveRowsTold(prisma, rows);
      once.check(
        rows.length === 0,
        () =>
          `run ${record.runId} (${record.who}, ${record.day}): no succeeded action but ${rows.length} leave rows ` +
          rowsOf,
      );
    }
    const refused = (record.plan === 'reject' || record.plan.startsWith('cancel')) && record.decisionStatus === 200;
    if (refused) {
      never.check(
        executed.length === 0 && rows.length === 0,
        () =>
          `run ${record.runId} (${record.plan}, answered 200): actions [${actions.map((a) => a.status).join(', ')}], ` +
          `${rows.length} leave rows`,
      );
    }
  }
  once.result.note = `leave rows by person and day; outbound writes by value at the adapter (${outboundCalls} calls)`;
  const answered = invariant(
    'every REST leave create answered as it happened (no leave row for a create answered with an error)',
  );
  for (const leave of workload.leaves.filter((l) => !l.requestId)) {
    const email = demoPeople[leave.who].email;
    const employee = await prisma.employee.findFirstOrThrow({ where: { email } });
    const rows = await prisma.leaveRequest.findMany({
      where: { employeeId: employee.id, startDate: new Date(`${leave.day}T00:00:00Z`), createdAt: { gte: deps.since } },
    });
    answered.check(
      rows.length === 0,
      () => `leave of ${leave.who} on ${leave.day}: answered "${leave.error}", yet row ${rows[0]!.id} exists`,
    );
  }
  const decided = invariant('every REST leave decision answered 200 holds (status APPROVED / REJECTED)');
  for (const leave of workload.leaves.filter((l) => l.requestId && l.decisionStatus === 200)) {
    const row = await prisma.leaveRequest.findUnique({ where: { id: leave.requestId! } });
    const expected = leave.decision === 'approve' ? 'APPROVED' : 'REJECTED';
    decided.check(row?.status === expected, () => `leave ${leave.requestId}: ${row?.status}, decided ${expected}`);
  }

  // 2b. Expense claims (a company area): created once, each decision answered 200 holds, none approved twice.
  const claimsOnce = invariant(
    'every expense claim created exactly once (one row per title; none for a create answered with an error)',
  );
  const claimRows = await prisma.expenseClaim.findMany({
    where: { createdAt: { gte: deps.since }, title: { startsWith: claimTitlePrefix } },
  });
  const claimById = new Map(claimRows.map((c) => [c.id, c]));
  for (const record of workload.claims) {
    const rows = claimRows.filter((c) => c.title === record.title);
    claimsOnce.check(
      record.claimId ? rows.length === 1 && rows[0]!.id === record.claimId : rows.length === 0,
      () =>
        `claim "${record.title}" (answered ${record.claimId ? `id ${record.claimId}` : `"${record.error}"`}): ` +
        `${rows.length} rows [${rows.map((c) => `${c.id} ${c.status}`).join(', ')}]`,
    );
  }
  const titles = new Set(workload.claims.map((c) => c.title));
  const strays = claimRows.filter((c) => !titles.has(c.title));
  claimsOnce.check(strays.length === 0, () => `claim ${strays[0]!.id} "${strays[0]!.title}" the workload never sent`);
  const approvals = await prisma.approvalInstance.findMany({
    where: { requestType: 'expense_claim', subjectId: { in: claimRows.map((c) => c.id) } },
  });
  const approvalsOf = (claimId: string) => approvals.filter((a) => a.subjectId === claimId);
  const told = await prisma.notification.findMany({
    where: { createdAt: { gte: deps.since }, kind: { in: ['expenses.claim_approved', 'expenses.claim_rejected'] } },
  });
  const toldOf = (claimId: string, kind: string) =>
    told.filter((n) => n.kind === kind && (n.data as { expenseClaimId?: string }).expenseClaimId === claimId).length;
  const claimDecided = invariant(
    'every expense decision answered 200 holds (claim and its approval APPROVED / REJECTED)',
  );
  for (const record of workload.claims.filter((c) => c.claimId && c.decisionStatus === 200)) {
    const row = claimById.get(record.claimId!);
    const expected = record.decision === 'approve' ? 'APPROVED' : 'REJECTED';
    const instance = approvals.find((a) => a.id === record.approvalId);
    claimDecided.check(
      row?.status === expected && instance?.status === expected,
      () =>
        `claim ${record.claimId} (${record.title}): ${row?.status}, approval ${record.approvalId} ${instance?.status}, ` +
        `decided ${expected}; steps ${JSON.stringify(record.decisions)}`,
    );
  }
  const approvedOnce = invariant(
    'no expense claim approved twice',
    'one approval per claim; an APPROVED claim told approved exactly once, any other never',
  );
  const notRejectedApproved = invariant(
    'no rejected expense claim approved',
    'a reject answered 200, and every REJECTED claim: approval REJECTED, never told approved',
  );
  for (const row of claimRows) {
    const mine = approvalsOf(row.id);
    const approvedTold = toldOf(row.id, 'expenses.claim_approved');
    approvedOnce.check(
      mine.length <= 1 &&
        approvedTold === (row.status === 'APPROVED' ? 1 : 0) &&
        (row.status !== 'APPROVED' || mine[0]?.status === 'APPROVED'),
      () =>
        `claim ${row.id} (${row.title}): ${row.status}, approvals [${mine.map((a) => a.status).join(', ')}], ` +
        `told approved ${approvedTold} times`,
    );
    const record = workload.claims.find((c) => c.claimId === row.id);
    const rejected = row.status === 'REJECTED' || (record?.decision === 'reject' && record.decisionStatus === 200);
    if (rejected) {
      notRejectedApproved.check(
        row.status === 'REJECTED' && mine.every((a) => a.status === 'REJECTED') && approvedTold === 0,
        () =>
          `claim ${row.id} (${row.title}): ${row.status}, approvals [${mine.map((a) => a.status).join(', ')}], ` +
          `told approved ${approvedTold} times, rejected ${toldOf(row.id, 'expenses.claim_rejected')}`,
      );
    }
  }

  // 3. Webhooks: delivered means received; one payload per webhook-id.
  const deliveries = await prisma.webhookDelivery.findMany({ where: { createdAt: { gte: deps.since } } });
  const received = invariant('every delivery recorded as succeeded was received (2xx) by the receiver');
  const samePayload = invariant('no two different payloads under one webhook-id');
  for (const d of deliveries) {
    const seen = deps.receiver.messages.get(d.id);
    if (d.status === 'succeeded') {
      received.check(
        (seen?.accepted ?? 0) >= 1,
        () => `delivery ${d.id} (${d.eventType}) succeeded, received ${JSON.stringify(seen ?? null)}`,
      );
    }
  }
  for (const [id, seen] of deps.receiver.messages) {
    const bodies = new Set([...seen.bodies].map(canonical));
    samePayload.check(bodies.size === 1, () => `webhook-id ${id}: ${bodies.size} different payloads`);
  }
  const duplicates = [...deps.receiver.messages.values()].reduce((n, m) => n + Math.max(0, m.accepted - 1), 0);
  const byStatus = new Map<string, number>();
  for (const d of deliveries) byStatus.set(d.status, (byStatus.get(d.status) ?? 0) + 1);
  received.result.note =
    `at-least-once is the contract: ${duplicates} duplicate 2xx receipts; deliveries ` +
    [...byStatus].map(([s, n]) => `${s} ${n}`).join(', ');

  // 4. Every live stream equals the replay from the database.
  const sse = invariant('every SSE stream replayed from the database equals what a live client received');
  const followed = started.filter((r) => r.live);
  for (const record of followed) {
    const live = record.live!;
    const replay = await replayOf(deps.liveApis, workload.token(record.who), record.runId!);
    const strip = (events: ServerSentEvent[]) => events.map((e) => ({ id: e.id, event: e.event, data: e.data }));
    sse.check(live.ended && isDeepStrictEqual(strip(live.events), strip(replay)), () => {
      const at = live.events.findIndex((e, i) => !isDeepStrictEqual(strip([e]), strip(replay.slice(i, i + 1))));
      return (
        `run ${record.runId}: live ${live.events.length} events (ended: ${live.ended}, ${live.reconnects} ` +
        `reconnects), replay ${replay.length}; first difference at ${at}: live ${JSON.stringify(live.events[at])} ` +
        `replay ${JSON.stringify(replay[at])}`
      );
    });
  }
  sse.result.note = `${followed.reduce((n, r) => n + r.live!.reconnects, 0)} reconnections with Last-Event-ID`;

  // 5. The audit trail verifies, and holds one record per executed step.
  const verifies = invariant('the audit trail verifies (verify_agent_audit, each tenant)');
  for (const who of ['hr', 'globexHr'] as const) {
    const res = await deps.call(workload.token(who), 'POST', '/api/v1/agent/audit/verify', {});
    const data = res.json?.data as { ok?: boolean; records?: number } | undefined;
    verifies.check(res.status === 200 && data?.ok === true, () => `${who}: ${res.status} ${res.text.slice(0, 300)}`);
  }
  const audited = invariant(
    'one audit record per executed step',
    'agent_step per run.step.completed; agent_action_* once per action; create_leave_request per succeeded create_leave_request action',
  );
  for (const row of runRows) {
    const records = await prisma.auditRecord.findMany({ where: { runId: row.id } });
    const events = await eventsOf(row.id);
    const actions = await prisma.agentAction.findMany({ where: { runId: row.id } });
    const count = (op: string) => records.filter((r) => r.operation === op).length;
    const keys = records.filter((r) => r.operation.startsWith('agent_')).map((r) => `${r.operation}|${r.requestId}`);
    const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
    const steps = events.filter((e) => e.event === 'run.step.completed').length;
    const executed = actions.filter((a) => ['succeeded', 'failed'].includes(a.status)).length;
    const succeeded = actions.filter((a) => a.status === 'succeeded' && a.tool === 'create_leave_request').length;
    const decidedActions = actions.filter((a) => a.decidedAt !== null).length;
    const facts = {
      agent_step: [count('agent_step'), steps],
      agent_action_requested: [count('agent_action_requested'), actions.length],
      agent_action_decided: [count('agent_action_decided'), decidedActions],
      agent_action_finished: [count('agent_action_finished'), executed],
      create_leave_request: [count('create_leave_request'), succeeded],
    };
    const wrong = Object.entries(facts).filter(([, [got, want]]) => got !== want);
    audited.check(
      !duplicate && wrong.length === 0,
      () =>
        `run ${row.id} (${row.status}): ` +
        (duplicate ? `duplicate record ${duplicate}; ` : '') +
        wrong.map(([op, [got, want]]) => `${op} ${got} records for ${want}`).join(', '),
    );
  }

  return [
    ended,
    once,
    never,
    tookEffect,
    answered,
    decided,
    claimsOnce,
    claimDecided,
    approvedOnce,
    notRejectedApproved,
    received,
    samePayload,
    sse,
    verifies,
    audited,
  ].map((i) => i.result);
}

/** Where unexpected leave rows came from: their policy, reason and creation, and the calls that name them. */
async function leaveRowsTold(prisma: PrismaClient, rows: Array<{ id: string }>): Promise<string> {
  const told: string[] = [];
  for (const { id } of rows) {
    const row = await prisma.leaveRequest.findUniqueOrThrow({ where: { id } });
    const policy = await prisma.leavePolicy.findUnique({ where: { id: row.policyId } });
    const records = await prisma.$queryRaw<Array<{ operation: string; surface: string; run_id: string | null }>>`
      SELECT operation, surface, run_id FROM audit_records WHERE arguments::text LIKE ${`%${id}%`} ORDER BY seq`;
    const actions = await prisma.$queryRaw<Array<{ run_id: string; status: string }>>`
      SELECT run_id, status FROM agent_actions WHERE result::text LIKE ${`%${id}%`}`;
    const created = await prisma.$queryRaw<Array<{ operation: string; surface: string; run_id: string | null }>>`
      SELECT operation, surface, run_id FROM audit_records
      WHERE operation = 'create_leave_request' AND occurred_at BETWEEN ${new Date(row.createdAt.getTime() - 2000)}
        AND ${new Date(row.createdAt.getTime() + 5000)} ORDER BY seq`;
    told.push(
      `[${id}: ${policy?.name}, reason ${JSON.stringify(row.reason)}, ${row.status}, created ${row.createdAt.toISOString()} ` +
        `by ${row.createdByUserId}; records naming it ${JSON.stringify(records)}; actions with it ${JSON.stringify(actions)}; ` +
        `create_leave_request records around then ${JSON.stringify(created)}]`,
    );
  }
  return told.join(' ');
}

/** The run's events as a client that connects after the end reads them: replayed from the database. */
async function replayOf(liveApis: () => string[], token: string, runId: string): Promise<ServerSentEvent[]> {
  const base = liveApis()[0]!;
  const stream = await openEventStream(`${base}/api/v1/agent/runs/${runId}/events`, {
    authorization: `Bearer ${token}`,
  });
  const events: ServerSentEvent[] = [];
  for (let e = await stream.next(); e; e = await stream.next()) {
    events.push(e);
    if (terminalEvents.has(e.event)) break;
  }
  stream.close();
  return events;
}
