import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { todayIn } from '../../../engines/leave/dates';
import { leaveDaysText } from '../../../engines/leave/leaveSummary';
import { dayText } from '../../../engines/workflowSummaries';
import { authenticate } from '../../../engines/tokens/authenticate';
import { demoPeople } from '../../../prisma/seed';
import { svcHrStatus } from '../../../workflows/searchAttributes';
import { tokenFor } from '../../support/identity';
import { cleanWeek, freeWorkingDay } from '../../support/leave';
import { projectDir, testTemporalAddress, testTemporalCli } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';
import { startReceiver, type TestReceiver } from '../webhooks/receiver';
import { startWebhookKit, type WebhookKit } from '../webhooks/webhookKit';

/**
 * docs/operations.md's ten queries, run as the document writes them (each numbered `sh` block, through `sh -c`, with
 * the real `temporal` CLI on PATH and TEMPORAL_ADDRESS set to the test's dev server), after Alice asked for a week
 * of leave and sent the agent a message through the HTTP API, and a webhook of hers failed every attempt. Each
 * answer is checked for what the document says it shows, so the document and the product cannot drift apart.
 */
const docPath = path.join(projectDir, 'docs/operations.md');

interface DocQuery {
  number: number;
  title: string;
  script: string;
}

/** The numbered queries of the document: the first `sh` block under each `### N. …` heading of "The ten queries". */
function documentedQueries(markdown: string): DocQuery[] {
  const start = markdown.indexOf('## The ten queries');
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  const queries: DocQuery[] = [];
  const heading = /^### (\d+)\. (.+)$/gm;
  const headings = [...section.matchAll(heading)];
  headings.forEach((match, i) => {
    const body = section.slice(match.index, headings[i + 1]?.index ?? section.length);
    const block = /^```sh\n([\s\S]*?)^```$/m.exec(body);
    if (block) queries.push({ number: Number(match[1]), title: match[2]!, script: block[1]!.trim() });
  });
  return queries;
}

const queries = documentedQueries(readFileSync(docPath, 'utf8'));
const query = (n: number) => {
  const found = queries.find((q) => q.number === n);
  if (!found) throw new Error(`docs/operations.md has no query ${n}`);
  return found.script;
};

let kit: WebhookKit;
let receiver: TestReceiver;
let cliDir: string;
/** What the scenario made, and the variables the document's queries name. */
const made = {
  tenantId: '',
  aliceUserId: '',
  leaveWorkflow: '',
  leaveDays: '',
  runWorkflow: '',
  runDay: '',
  bookedDay: '',
  webhookWorkflow: '',
  receiverHost: '',
};

/** Runs a documented query as a shell runs it; answers its standard output. */
async function runQuery(n: number, vars: Record<string, string> = {}): Promise<string> {
  const { stdout } = await promisify(execFile)('sh', ['-c', query(n)], {
    env: {
      ...process.env,
      PATH: `${cliDir}${path.delimiter}${process.env.PATH ?? ''}`,
      TEMPORAL_ADDRESS: testTemporalAddress(),
      TEMPORAL_NAMESPACE: 'default',
      TENANT: made.tenantId,
      ...vars,
    },
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** Runs a query until its answer satisfies `until` (visibility lags a start by a moment); answers the last one. */
async function queryUntil(
  n: number,
  what: string,
  until: (out: string) => boolean,
  vars: Record<string, string> = {},
): Promise<string> {
  let out = '';
  await waitFor(
    `query ${n} to show ${what}`,
    async () => {
      out = await runQuery(n, vars);
      return until(out);
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
  return out;
}

beforeAll(async () => {
  cliDir = path.dirname(await testTemporalCli());
  // Two quick attempts, so that a delivery to a receiver that is down fails within a second.
  kit = await startWebhookKit({ schedule: '0,100ms' });
  receiver = await startReceiver();
  receiver.down(1_000, 500);
  made.receiverHost = new URL(receiver.url).host;

  const alice = await authenticate(kit.db.prisma, await tokenFor(kit.db.prisma, 'alice', ['leave:read']));
  made.tenantId = alice.tenant.id;
  made.aliceUserId = alice.user.id;
  const hook = await kit.createWebhook('alice', receiver.url, ['leave_request.created']);

  // A week of annual leave, through the API: its approval workflow waits for her manager.
  const { monday, friday } = await cleanWeek(kit.db.prisma, 'alice', 120);
  const created = await kit.call('alice', 'POST', '/api/v1/leave/requests', { start_date: monday, end_date: friday });
  expect(created.statusCode).toBe(201);
  const requestId = created.json<{ data: { id: string } }>().data.id;
  made.leaveWorkflow = `leave/${made.tenantId}/${requestId}`;
  made.leaveDays = leaveDaysText(monday, friday);

  // A message to the agent, through the API, in a thread titled with it as the panel titles one: the run waits for
  // her approval of the leave it plans.
  made.bookedDay = await freeWorkingDay(kit.db.prisma, alice, 200);
  const message = `Book annual leave from ${made.bookedDay} to ${made.bookedDay} for a family trip`;
  const thread = await kit.call('alice', 'POST', '/api/v1/agent/threads', { title: message.slice(0, 80) });
  expect(thread.statusCode).toBe(201);
  const threadId = thread.json<{ data: { thread: { id: string } } }>().data.thread.id;
  const sent = await kit.call('alice', 'POST', `/api/v1/agent/threads/${threadId}/messages`, { message });
  expect(sent.statusCode).toBe(201);
  const runId = sent.json<{ data: { runId: string } }>().data.runId;
  made.runWorkflow = `run/${made.tenantId}/${runId}`;
  await waitFor('the run to wait for approval', async () => {
    const run = await kit.call('alice', 'GET', `/api/v1/agent/runs/${runId}`);
    return run.json<{ data: { run: { status: string } } }>().data.run.status === 'requires_action';
  });
  const run = await kit.db.prisma.agentRun.findUniqueOrThrow({ where: { id: runId } });
  const { timeZone } = await kit.db.prisma.tenant.findUniqueOrThrow({ where: { id: made.tenantId } });
  made.runDay = dayText(todayIn(timeZone, run.createdAt));

  // The webhook's delivery of the leave request's creation fails both attempts.
  const [delivery] = await kit.waitForDeliveries('alice', hook.id, 'failed', (d) => d[0]?.status === 'failed');
  made.webhookWorkflow = `webhook/${made.tenantId}/${delivery!.id}`;
  // The delivery row says failed as soon as the last attempt's activity records it; the workflow closes a moment
  // later. Query 1 is about closed workflows, so wait for Temporal to close it.
  await kit.temporal.client.workflow
    .getHandle(made.webhookWorkflow)
    .result()
    .catch(() => undefined);
});

afterAll(async () => {
  await receiver?.close();
  await kit?.close();
});

describe('docs/operations.md', () => {
  it('has ten numbered queries, each a `temporal` command', () => {
    expect(queries.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const q of queries) expect(q.script).toMatch(/^temporal workflow (list|describe|metadata|show|count) /);
  });

  it('1 lists what of the tenant still runs: the leave approval and the agent run, not the ended delivery', async () => {
    const out = await queryUntil(1, 'the leave approval and the run', (o) =>
      [made.leaveWorkflow, made.runWorkflow].every((id) => o.includes(id)),
    );
    expect(out).not.toContain(made.webhookWorkflow);
  });

  it('2 lists what waits for a person: the pending leave and its approval, and the run waiting for Alice', async () => {
    const out = await queryUntil(2, 'the leave approval, its approval and the run', (o) =>
      [made.leaveWorkflow, made.runWorkflow, `approval/${made.tenantId}/`].every((id) => o.includes(id)),
    );
    expect(out).not.toContain(made.webhookWorkflow);
  });

  it('3 describes a leave approval, an agent run and a delivery with the person’s name and the dates', async () => {
    const leave = await runQuery(3, { WORKFLOW: made.leaveWorkflow });
    expect(leave).toContain(`Leave approval: Alice Anders, Annual leave, ${made.leaveDays} (5 working days)`);
    expect(leave).toMatch(/SvcHrStatus:.*PENDING/);
    expect(leave).toMatch(new RegExp(`SvcHrTenant:.*${made.tenantId}`));

    const run = await runQuery(3, { WORKFLOW: made.runWorkflow });
    expect(run).toContain(
      `Agent run for Alice Anders on ${made.runDay}, thread “Book annual leave from ${made.bookedDay} to ${made.bookedDay}`,
    );
    expect(run).toContain(`acting as Alice Anders (user ${made.aliceUserId})`);
    expect(run).toMatch(/SvcHrStatus:.*requires_action/);
    expect(run).toMatch(new RegExp(`SvcHrUser:.*${made.aliceUserId}`));

    const delivery = await queryUntil(3, 'the delivery failed', (o) => /SvcHrStatus:.*failed/.test(o), {
      WORKFLOW: made.webhookWorkflow,
    });
    expect(delivery).toContain(`Webhook leave_request.created of Alice Anders to ${made.receiverHost}, event of `);
  });

  it('4 says where each stands now: whom the leave waits for, what the run waits for, how the delivery ended', async () => {
    const leave = await runQuery(4, { WORKFLOW: made.leaveWorkflow });
    expect(leave).toContain(
      `PENDING: waiting for ${demoPeople.manager.name} to approve Alice Anders's Annual leave, ${made.leaveDays}.`,
    );
    const approval = await kit.db.prisma.approvalInstance.findFirstOrThrow({
      where: { requestType: 'leave', subjectId: made.leaveWorkflow.split('/')[2]! },
    });
    const step = await runQuery(4, { WORKFLOW: `approval/${made.tenantId}/${approval.id}` });
    expect(step).toContain(
      `PENDING: waiting for ${demoPeople.manager.name} to decide step 1 of 1 of ${approval.summary}`,
    );
    const run = await runQuery(4, { WORKFLOW: made.runWorkflow });
    expect(run).toContain('requires_action: waiting for approval of create_leave_request');
    const delivery = await runQuery(4, { WORKFLOW: made.webhookWorkflow });
    expect(delivery).toContain('Failed after 2 attempts: the retry schedule ran out.');
  });

  it('5 shows a history with the summaries of its activities, timers and child', async () => {
    const out = await runQuery(5, { WORKFLOW: made.leaveWorkflow });
    expect(out).toContain('activityType.name: readLeaveRequest');
    expect(out).toContain('userMetadata.summary: Read the leave request');
    expect(out).toContain('userMetadata.summary: Wait for a decision');
    // The approval's child workflow, summarised in words by the leave's workflow.
    expect(out).toContain(
      `userMetadata.summary: Approval of a leave request: Alice Anders, Annual leave, ${made.leaveDays}`,
    );
  });

  it('6 finds the leave approval pending since before a given instant, and not one started after it', async () => {
    const later = new Date(Date.now() + 60_000).toISOString();
    const out = await queryUntil(6, 'the pending leave approval', (o) => o.includes(made.leaveWorkflow), {
      BEFORE: later,
    });
    expect(out).not.toContain(made.runWorkflow);
    const earlier = await runQuery(6, { BEFORE: '2000-01-01T00:00:00Z' });
    expect(earlier).not.toContain(made.leaveWorkflow);
  });

  it('7 finds the run waiting for Alice by her user id, and none for Bob', async () => {
    await queryUntil(7, 'the run', (o) => o.includes(made.runWorkflow), { USER_ID: made.aliceUserId });
    const bob = await kit.db.prisma.user.findFirstOrThrow({ where: { email: demoPeople.bob.email } });
    expect(await runQuery(7, { USER_ID: bob.id })).not.toContain(made.runWorkflow);
  });

  it('8 finds the failed webhook delivery', async () => {
    const out = await queryUntil(8, 'the failed delivery', (o) => o.includes(made.webhookWorkflow));
    expect(out).not.toContain(made.leaveWorkflow);
  });

  it('9 counts the tenant’s workflows by Temporal state', async () => {
    const out = await queryUntil(9, 'running and completed ones', (o) => /Running/.test(o) && /Completed/.test(o));
    const total = Number(/Total: (\d+)/.exec(out)?.[1]);
    // At least the leave approval, its approval and the run (running), and the delivery (completed).
    expect(total).toBeGreaterThanOrEqual(4);
  });

  it('10 finds a workflow an operator terminated', async () => {
    expect(await runQuery(10)).not.toContain(made.runWorkflow);
    await kit.temporal.client.workflow.getHandle(made.runWorkflow).terminate('operations.md test');
    await queryUntil(10, 'the terminated run', (o) => o.includes(made.runWorkflow));
  });

  it('sees SvcHrTenant and SvcHrStatus on every workflow of the tenant (docs/operations.md, SvcHrStatus)', async () => {
    const types = new Set<string>();
    for await (const workflow of kit.temporal.client.workflow.list({ query: `SvcHrTenant='${made.tenantId}'` })) {
      types.add(workflow.type);
      expect([workflow.workflowId, workflow.typedSearchAttributes.get(svcHrStatus)]).toEqual([
        workflow.workflowId,
        expect.any(String),
      ]);
    }
    expect([...types].sort()).toEqual(['agentRun', 'approvalFlow', 'leaveApproval', 'webhookDelivery']);
  });
});
