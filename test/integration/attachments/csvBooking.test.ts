import { rm } from 'node:fs/promises';
import type { RunView } from '../../../engines/agent/runView';
import { authenticate } from '../../../engines/tokens/authenticate';
import { startAgentKit, type AgentKit } from '../agent/agentKit';
import { freeWorkingDay } from '../../support/leave';
import { multipartBody, testBlobDir } from '../../support/blobs';
import { bearer } from '../../support/identity';

/**
 * "Book the leave days in this CSV for me" end to end: alice uploads a CSV, sends it with her message, and the
 * agent (real worker, built-in model) proposes one create_leave_request per row for her approval; approving
 * creates exactly those requests.
 */
let kit: AgentKit;
const blobDir = testBlobDir();

beforeAll(async () => {
  kit = await startAgentKit({ env: { SVC_HR_BLOB_DIR: blobDir } });
});
afterAll(async () => {
  await kit?.close();
  await rm(blobDir, { recursive: true, force: true });
});

async function uploadAs(who: 'alice' | 'bob', content: string): Promise<string> {
  const form = multipartBody({ filename: 'my-days.csv', contentType: 'text/csv', content });
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/v1/agent/attachments',
    headers: { ...bearer(await kit.token(who)), 'content-type': form.contentType },
    payload: form.body,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { attachment: { id: string } } }>().data.attachment.id;
}

async function newThread(who: 'alice' | 'bob'): Promise<string> {
  const res = await kit.call(who, 'POST', '/api/v1/agent/threads', { title: 'CSV' });
  return res.json<{ data: { thread: { id: string } } }>().data.thread.id;
}

const waitingForApproval = (run: RunView) =>
  run.status === 'requires_action' && run.requiredAction?.kind === 'approval';

describe('booking the leave days of an attached CSV', () => {
  it('proposes one create_leave_request per row, and creates them once approved', async () => {
    const alice = await authenticate(kit.db.prisma, await kit.token('alice'));
    const first = await freeWorkingDay(kit.db.prisma, alice, 40);
    const second = await freeWorkingDay(kit.db.prisma, alice, 60);
    const csv = `start_date,end_date,policy,reason\n${first},${first},Unpaid leave,Moving house\n${second},,Unpaid leave,\n`;
    const attachmentId = await uploadAs('alice', csv);
    const threadId = await newThread('alice');
    const sent = await kit.call('alice', 'POST', `/api/v1/agent/threads/${threadId}/messages`, {
      message: 'book the leave days in this CSV for me',
      attachmentIds: [attachmentId],
    });
    expect(sent.statusCode).toBe(201);
    const runId = sent.json<{ data: { runId: string } }>().data.runId;
    const run = await kit.waitForRun('alice', runId, 'waits for approval', waitingForApproval);
    const actions = run.requiredAction?.kind === 'approval' ? run.requiredAction.actions : [];
    expect(actions.map((a) => [a.tool, a.arguments])).toEqual([
      ['create_leave_request', { start_date: first, policy: 'Unpaid leave', reason: 'Moving house' }],
      ['create_leave_request', { start_date: second, policy: 'Unpaid leave' }],
    ]);
    // The thread shows which attachments the message carried.
    const thread = (await kit.call('alice', 'GET', `/api/v1/agent/threads/${threadId}`)).json().data;
    expect(thread.messages[0]).toMatchObject({ role: 'user', data: { attachmentIds: [attachmentId] } });

    const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');
    const requests = await kit.db.prisma.leaveRequest.findMany({
      where: {
        employeeId: alice.employee?.id,
        startDate: { in: [new Date(first), new Date(second)] },
        status: 'PENDING',
      },
    });
    expect(requests.map((r) => r.startDate.toISOString().slice(0, 10)).sort()).toEqual([first, second].sort());
  });

  it("refuses another user's attachment with 404, and starts no run", async () => {
    const bobs = await uploadAs('bob', '2026-12-07\n');
    const threadId = await newThread('alice');
    const runsBefore = await kit.db.prisma.agentRun.count();
    const res = await kit.call('alice', 'POST', `/api/v1/agent/threads/${threadId}/messages`, {
      message: 'book the leave days in this CSV for me',
      attachmentIds: [bobs],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'not_found', message: expect.stringContaining(bobs) });
    expect(await kit.db.prisma.agentRun.count()).toBe(runsBefore);
    expect(await kit.db.prisma.agentMessage.count({ where: { threadId } })).toBe(0);
  });

  it('refuses attachment ids that are not uuids with a validation error', async () => {
    const threadId = await newThread('alice');
    const res = await kit.call('alice', 'POST', `/api/v1/agent/threads/${threadId}/messages`, {
      message: 'book these',
      attachmentIds: ['not-an-id'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('attachmentIds'),
    });
  });
});
