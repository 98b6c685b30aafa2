import type { RunView } from '../../../engines/agent/runView';
import { employeeIdOf } from '../../support/ats';
import { contractPdf } from '../../support/eSignatures';
import { todayOf } from '../../support/leave';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * The part-4 requests of issue 21 (item 7) as HR makes them to the agent over the HTTP API: a real worker runs the
 * agentRun workflow with the built-in model on the test Temporal server. The writes (a laptop assigned by its serial
 * to Bob, a welcome post, signature requests) wait for approval and then exist once; the reads (headcount by
 * department, last quarter's turnover, who has not acknowledged a policy) answer with the API's own numbers.
 */
let kit: AgentKit;

beforeAll(async () => {
  kit = await startAgentKit();
});

afterAll(async () => {
  await kit?.close();
});

async function lastReply(threadId: string): Promise<string> {
  const thread = await kit.call('hr', 'GET', `/api/v1/agent/threads/${threadId}`);
  const messages = thread.json<{ data: { messages: Array<{ role: string; text?: string }> } }>().data.messages;
  return messages[messages.length - 1]?.text ?? '';
}

const waitingForApproval = (run: RunView) =>
  run.status === 'requires_action' && run.requiredAction?.kind === 'approval';

interface Figures {
  from: string;
  to: string;
  headcountStart: number;
  headcountEnd: number;
  hires: number;
  leavers: number;
}

describe('the agent on the part-4 requests', () => {
  it('assigns laptop SN123 to Bob after HR approves, once', async () => {
    const created = await kit.call('hr', 'POST', '/api/inventory/items', {
      name: 'MacBook Pro 14',
      category: 'laptop',
      serial: 'SN123',
    });
    expect(created.statusCode).toBe(201);
    const itemId = created.json<{ data: { item: { id: string } } }>().data.item.id;
    const bobId = await employeeIdOf(kit.db.prisma, 'bob');

    const { threadId, runId } = await startConversation(kit, 'hr', 'assign laptop SN123 to Bob');
    const waiting = await kit.waitForRun('hr', runId, 'waits for approval', waitingForApproval);
    const actions = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions : [];
    expect(actions.map((a) => [a.tool, a.arguments])).toEqual([
      ['assign_inventory_item', { id: itemId, employeeId: bobId }],
    ]);
    const decided = await kit.call('hr', 'POST', `/api/v1/agent/runs/${runId}/actions/${actions[0]!.id}/decisions`, {
      decision: 'approve',
    });
    expect(decided.statusCode).toBe(200);
    await kit.waitForRun('hr', runId, 'completes', (r) => r.status === 'completed');
    expect(await lastReply(threadId)).toBe('Done: “MacBook Pro 14” (SN123) is now assigned to Bob Brown.');

    const item = await kit.call('hr', 'GET', `/api/inventory/items/${itemId}`);
    const view = item.json<{ data: { item: { status: string; holder: { employeeId: string } | null } } }>().data.item;
    expect(view).toMatchObject({ status: 'assigned', holder: { employeeId: bobId } });
    const assignments = await kit.db.prisma.inventoryAssignment.count({ where: { itemId } });
    expect(assignments).toBe(1);
  });

  it('answers headcount by department for 2026 with the analytics read’s numbers', async () => {
    const { threadId, runId } = await startConversation(kit, 'hr', 'headcount by department for 2026');
    await kit.waitForRun('hr', runId, 'completes', (r) => r.status === 'completed');
    const reply = await lastReply(threadId);

    const read = await kit.call(
      'hr',
      'GET',
      '/api/analytics/headcount?from=2026-01-01&to=2026-12-31&byDepartment=true',
    );
    expect(read.statusCode).toBe(200);
    const headcount = read.json<{
      data: {
        headcount: {
          period: Figures;
          departments: { departmentName: string | null; series: Figures[] }[];
        };
      };
    }>().data.headcount;
    const { period } = headcount;
    const [head, ...lines] = reply.split('\n');
    const totals = /: (\d+) (?:person|people) on .*? \((\d+) on .*?\), (\d+) hires?, (\d+) leavers?\.$/.exec(head!);
    expect(totals?.slice(1).map(Number)).toEqual([
      period.headcountEnd,
      period.headcountStart,
      period.hires,
      period.leavers,
    ]);
    const said = Object.fromEntries(
      lines.map((line) => {
        const m = /^- (.+): (\d+) \((\d+) hires?, (\d+) leavers?\)$/.exec(line)!;
        return [m[1]!, [Number(m[2]), Number(m[3]), Number(m[4])]];
      }),
    );
    const expected = Object.fromEntries(
      headcount.departments.map((d) => [
        d.departmentName ?? 'No department',
        [
          d.series.at(-1)!.headcountEnd,
          d.series.reduce((sum, b) => sum + b.hires, 0),
          d.series.reduce((sum, b) => sum + b.leavers, 0),
        ],
      ]),
    );
    expect(said).toEqual(expected);
    expect(Object.keys(said)).toEqual(expect.arrayContaining(['Engineering', 'Sales', 'Marketing', 'Operations']));
  });

  it('answers last quarter’s turnover with the analytics read’s figures for the quarter before today', async () => {
    const today = await todayOf(kit.db.prisma, 'hr');
    const year = Number(today.slice(0, 4));
    const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
    const [y, q] = quarter === 1 ? [year - 1, 4] : [year, quarter - 1];
    const from = `${y}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`;
    const lastMonth = q * 3;
    const to = new Date(Date.UTC(y, lastMonth, 0)).toISOString().slice(0, 10);

    const { threadId, runId } = await startConversation(kit, 'hr', 'what was our turnover last quarter');
    await kit.waitForRun('hr', runId, 'completes', (r) => r.status === 'completed');
    const reply = await lastReply(threadId);
    const read = await kit.call('hr', 'GET', `/api/analytics/headcount?from=${from}&to=${to}`);
    const period = read.json<{ data: { headcount: { period: Figures & { turnover: number | null } } } }>().data
      .headcount.period;
    expect(reply.startsWith(`Turnover for Q${q} ${y} (`)).toBe(true);
    if (period.turnover === null) expect(reply).toMatch(/none to compute/);
    else {
      expect(reply).toContain(`: ${(period.turnover * 100).toFixed(2)} %, ${period.leavers} leaver`);
      expect(reply).toContain(`(${period.headcountStart} on `);
      expect(reply).toContain(`, ${period.headcountEnd} on `);
    }
  });

  it('tells who has not acknowledged the travel policy, found by its title', async () => {
    const created = await kit.call('hr', 'POST', '/api/playbook/documents', {
      kind: 'policy',
      slug: 'travel-policy-agent',
      title: 'Travel policy',
      body: 'Book trains under 4 hours.',
      requiresAcknowledgement: true,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { document: { id: string } } }>().data.document.id;
    expect((await kit.call('hr', 'POST', `/api/playbook/documents/${id}/publish`)).statusCode).toBe(200);

    const { threadId, runId } = await startConversation(kit, 'hr', 'who still has not acknowledged the travel policy');
    await kit.waitForRun('hr', runId, 'completes', (r) => r.status === 'completed');
    const read = await kit.call('hr', 'GET', `/api/playbook/documents/${id}/unacknowledged?limit=200`);
    const { total } = read.json<{ data: { total: number } }>().data;
    expect(total).toBeGreaterThan(1);
    expect(await lastReply(threadId)).toMatch(
      new RegExp(`^${total} people have not acknowledged version 1 of “Travel policy” yet: .*Bob Brown`),
    );
  });

  it('asks everyone to acknowledge the expenses policy by publishing its draft after approval', async () => {
    const created = await kit.call('hr', 'POST', '/api/playbook/documents', {
      kind: 'policy',
      slug: 'expenses-policy-agent',
      title: 'Expenses policy',
      body: 'Keep your receipts.',
      requiresAcknowledgement: true,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { document: { id: string } } }>().data.document.id;

    const { threadId, runId } = await startConversation(kit, 'hr', 'ask everyone to acknowledge the expenses policy');
    const waiting = await kit.waitForRun('hr', runId, 'waits for approval', waitingForApproval);
    const actions = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions : [];
    expect(actions.map((a) => [a.tool, a.arguments])).toEqual([['publish_playbook_document', { id }]]);
    await kit.call('hr', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    await kit.waitForRun('hr', runId, 'completes', (r) => r.status === 'completed');
    const read = await kit.call('hr', 'GET', `/api/playbook/documents/${id}/unacknowledged?limit=200`);
    const { total } = read.json<{ data: { total: number } }>().data;
    expect(total).toBeGreaterThan(1);
    expect(await lastReply(threadId)).toBe(
      `Published version 1 of “Expenses policy”: ${total} people asked to acknowledge it.`,
    );
  });

  it('posts HR’s welcome for Carol to everyone after approval', async () => {
    const { threadId, runId } = await startConversation(kit, 'hr', 'post a welcome message for Carol');
    const waiting = await kit.waitForRun('hr', runId, 'waits for approval', waitingForApproval);
    const actions = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions : [];
    const text =
      "Please join me in welcoming Carol Chen, Account Executive in Sales! We're glad to have you with us, Carol.";
    expect(actions.map((a) => [a.tool, a.arguments])).toEqual([['create_social_post', { audience: 'all', text }]]);
    await kit.call('hr', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    await kit.waitForRun('hr', runId, 'completes', (r) => r.status === 'completed');
    expect(await lastReply(threadId)).toBe(`Posted to everyone: “${text}”`);
    expect(await kit.db.prisma.socialPost.count({ where: { text } })).toBe(1);
  });

  it('asks which document to send for signature, then sends it to Bob and Carol, one request each', async () => {
    const uploaded = await kit.call(
      'hr',
      'POST',
      `/api/e-signatures/documents?title=${encodeURIComponent('Laptop policy')}`,
      contractPdf('the laptop policy'),
      { 'content-type': 'application/pdf' },
    );
    expect(uploaded.statusCode).toBe(201);
    const documentId = uploaded.json<{ data: { document: { id: string } } }>().data.document.id;

    const { threadId, runId } = await startConversation(
      kit,
      'hr',
      'send the new laptop policy to Bob and Carol for signature',
    );
    const asked = await kit.waitForRun('hr', runId, 'asks', (r) => r.requiredAction?.kind === 'question');
    expect(asked.requiredAction?.kind === 'question' && asked.requiredAction.question.text).toMatch(
      /^I found no document titled “new laptop policy”/,
    );
    const answered = await kit.call('hr', 'POST', `/api/v1/agent/runs/${runId}/answers`, { answer: documentId });
    expect(answered.statusCode).toBe(200);
    const waiting = await kit.waitForRun('hr', runId, 'waits for approval', waitingForApproval);
    const actions = waiting.requiredAction?.kind === 'approval' ? waiting.requiredAction.actions : [];
    const [bob, carol] = [await employeeIdOf(kit.db.prisma, 'bob'), await employeeIdOf(kit.db.prisma, 'carol')];
    expect(actions.map((a) => [a.tool, a.arguments])).toEqual(
      [bob, carol].map((id) => [
        'create_signature_request',
        { documentId, title: 'Please sign: Laptop policy', signerEmployeeIds: [id], expiresInDays: 14 },
      ]),
    );
    await kit.call('hr', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    await kit.waitForRun('hr', runId, 'completes', (r) => r.status === 'completed');
    expect(await lastReply(threadId)).toMatch(/^I've sent “Laptop policy” for signature to 2 people, one request each/);
    const toSign = await kit.call('bob', 'GET', '/api/e-signatures/requests?toSign=me');
    const requests = toSign.json<{ data: { requests: { document: { id: string } | null }[] } }>().data.requests;
    expect(requests.filter((r) => r.document?.id === documentId)).toHaveLength(1);
    expect(await kit.db.prisma.eSignatureRequest.count({ where: { documentId } })).toBe(2);
  });
});
