import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { reconcileProcesses, signatureRequestSource } from '../../../temporal/worker/processReconciler';
import { getWorkflowBundle } from '../../../temporal/worker/workflowBundle';
import { eSignatureRequestWorkflowId } from '../../../workflows/eSignatureRequest/messages';
import { svcHrStatus } from '../../../workflows/searchAttributes';
import { testBlobDir } from '../../support/blobs';
import { startCompanyKit, type CompanyKit } from '../../support/companyKit';
import { contractPdf, employeeOf, signatureRequestOf } from '../../support/eSignatures';
import type { DemoKey } from '../../support/identity';
import { waitFor } from '../../support/waitFor';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * E-Signatures (company-api.md) through the HTTP API on the real PostgreSQL and Temporal, the issue's "Done when":
 * two ordered signers sign; the second cannot before the first; the signed document cannot change afterwards; the
 * signed PDF's hash is the audit records' and the document's; an expired request can no longer be signed (by the
 * workflow's timer, and by the engine alone). Days last DAY_MS on the test time scale, for the workflow's timers
 * and the engine's expiry alike: nothing reads today's date.
 */
const DAY_MS = 1_500;
let kit: CompanyKit;
const blobDir = testBlobDir();
beforeAll(async () => {
  kit = await startCompanyKit({
    dayMs: DAY_MS,
    env: { SVC_HR_LEAVE_DAY_MS: String(DAY_MS), SVC_HR_BLOB_DIR: blobDir },
  });
}, 60_000);
afterAll(async () => {
  await kit?.close();
  await rm(blobDir, { recursive: true, force: true });
});

const db = () => kit.db.prisma;
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function upload(bytes: Buffer, title = 'Employment contract'): Promise<{ id: string; sha256: string }> {
  const res = await kit.call('hr', 'POST', `/api/e-signatures/documents?title=${encodeURIComponent(title)}`, bytes, {
    'content-type': 'application/pdf',
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.document;
}

async function requestSignatures(documentId: string, signers: DemoKey[], expiresInDays = 30) {
  const res = await kit.call('hr', 'POST', '/api/e-signatures/requests', {
    documentId,
    title: 'Please sign your contract',
    signerEmployeeIds: await Promise.all(signers.map(async (who) => (await employeeOf(db(), who)).id)),
    expiresInDays,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.request as { id: string; documentSha256: string; status: string };
}

const sign = (who: DemoKey, id: string, documentSha256: string) =>
  kit.call(who, 'POST', `/api/e-signatures/requests/${id}/sign`, { documentSha256 });

const run = promisify(execFile);
/** The text of a PDF as poppler reads it (poppler-utils, installed by .ci/run). */
async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(os.tmpdir(), `svc-hr-signed-${process.pid}-${Date.now()}.pdf`);
  await writeFile(file, pdf);
  try {
    return (await run('pdftotext', ['-layout', file, '-'])).stdout;
  } finally {
    await rm(file, { force: true });
  }
}

const signAudits = async (requestId: string) =>
  (
    await db().auditRecord.findMany({
      where: { operation: 'sign_signature_request', outcome: 'success' },
      orderBy: { seq: 'asc' },
    })
  ).filter((a) => (a.arguments as { params: { id: string } }).params.id === requestId);

describe('a signature request with two ordered signers', () => {
  it('is signed by the first, then the second, and completes with a signed PDF whose hash is the audit records’', async () => {
    const bytes = contractPdf(`contract ${Date.now()}`);
    const doc = await upload(bytes);
    // The hash is ours, of the bytes received.
    expect(doc.sha256).toBe(sha256Of(bytes));
    const requesterHook = await queuedWebhookOf(db(), 'hr', [
      'e_signatures.request.created',
      'e_signatures.request.signed',
      'e_signatures.request.completed',
    ]);
    const request = await requestSignatures(doc.id, ['alice', 'bob']);
    expect([request.status, request.documentSha256]).toEqual(['pending', doc.sha256]);

    // Alice is asked first; Bob is not asked yet, and may not sign before her.
    const alice = await employeeOf(db(), 'alice');
    const bob = await employeeOf(db(), 'bob');
    const asked = async (userId: string) =>
      db().notification.count({
        where: { userId, kind: 'e_signatures.signature_requested', data: { path: ['requestId'], equals: request.id } },
      });
    expect([await asked(alice.userId!), await asked(bob.userId!)]).toEqual([1, 0]);
    const early = await sign('bob', request.id, doc.sha256);
    expect([early.statusCode, early.json().error]).toEqual([409, 'conflict']);
    expect(early.json().reason).toMatch(/not your turn.*signer 1 of 2/);

    // A hash that is not the document's binds nothing.
    const wrong = await sign('alice', request.id, 'f'.repeat(64));
    expect([wrong.statusCode, wrong.json().reason]).toEqual([409, expect.stringMatching(/^documentSha256: /)]);
    expect(await db().eSignatureSigner.count({ where: { requestId: request.id, signedAt: { not: null } } })).toBe(0);

    const first = await sign('alice', request.id, doc.sha256);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.request.signers.map((s: { state: string }) => s.state)).toEqual(['signed', 'to_sign']);
    expect(await asked(bob.userId!)).toBe(1);
    const again = await sign('alice', request.id, doc.sha256);
    expect([again.statusCode, again.json().reason]).toEqual([409, expect.stringMatching(/you signed already/)]);

    const second = await sign('bob', request.id, doc.sha256);
    expect(second.statusCode).toBe(200);
    const done = second.json().data.request;
    expect(done.status).toBe('completed');
    expect(done.signers.map((s: { signedSha256: string }) => s.signedSha256)).toEqual([doc.sha256, doc.sha256]);
    expect(
      await db().notification.count({
        where: { kind: 'e_signatures.request_completed', data: { path: ['requestId'], equals: request.id } },
      }),
    ).toBe(1);
    expect((await requesterHook.deliveries()).map((d) => d.eventType)).toEqual([
      'e_signatures.request.created',
      'e_signatures.request.signed',
      'e_signatures.request.signed',
      'e_signatures.request.completed',
    ]);

    // The signed PDF, read back by a PDF parser: every hash on its signature page is the document's.
    const pdf = await kit.call('alice', 'GET', `/api/e-signatures/requests/${request.id}/signed-pdf`);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Signature page');
    expect(text).toMatch(/1\. Alice Anders, signed at \d{4}-\d\d-\d\dT/);
    expect(text).toMatch(/2\. Bob Brown, signed at /);
    const printed = [...text.matchAll(/\b[0-9a-f]{64}\b/g)].map((m) => m[0]);
    expect(printed).toEqual([doc.sha256, doc.sha256, doc.sha256]);

    // And the audit records of the two signatures carry the same hash.
    await waitFor('the audit records of both signatures', async () => (await signAudits(request.id)).length === 2);
    const audited = (await signAudits(request.id)).map(
      (a) => (a.arguments as { body: { documentSha256: string } }).body.documentSha256,
    );
    expect(audited).toEqual([doc.sha256, doc.sha256]);

    // The workflow saw the completion and ended.
    const handle = kit.temporal.client.workflow.getHandle(eSignatureRequestWorkflowId(alice.tenantId, request.id));
    expect(await handle.result()).toEqual({ status: 'completed', reminders: 0 });
    expect((await handle.describe()).typedSearchAttributes.get(svcHrStatus)).toBe('COMPLETED');
  }, 60_000);

  it('leaves the signed document unchangeable: replacing or deleting it answers 409 naming the state', async () => {
    const doc = await upload(contractPdf(`signed once ${Date.now()}`));
    const request = await requestSignatures(doc.id, ['alice', 'bob']);
    // Before any signature, HR may still correct the file...
    const corrected = contractPdf(`corrected ${Date.now()}`);
    const early = await kit.call('hr', 'PUT', `/api/e-signatures/documents/${doc.id}/file`, corrected, {
      'content-type': 'application/pdf',
    });
    expect([early.statusCode, early.json().data.document.sha256]).toEqual([200, sha256Of(corrected)]);
    // ...but the pending request was made for the first file: its signers cannot sign the new one.
    const stale = await sign('alice', request.id, sha256Of(corrected));
    expect([stale.statusCode, stale.json().reason]).toEqual([409, expect.stringMatching(/document changed/)]);

    const fresh = await requestSignatures(doc.id, ['alice', 'bob']);
    expect((await sign('alice', fresh.id, sha256Of(corrected))).statusCode).toBe(200);
    const attachments = await db().agentAttachment.count();
    const replaced = await kit.call('hr', 'PUT', `/api/e-signatures/documents/${doc.id}/file`, contractPdf('other'), {
      'content-type': 'application/pdf',
    });
    expect([replaced.statusCode, replaced.json()]).toEqual([
      409,
      {
        error: 'conflict',
        reason: expect.stringMatching(
          /^The document is signed \(1 signature\(s\)\); a signed document cannot be replaced/,
        ),
      },
    ]);
    const deleted = await kit.call('hr', 'DELETE', `/api/e-signatures/documents/${doc.id}`);
    expect([deleted.statusCode, deleted.json().reason]).toEqual([
      409,
      expect.stringMatching(/is signed .* cannot be deleted/),
    ]);
    // Nothing changed: the same file, hash and attachments.
    const row = await db().eSignatureDocument.findUniqueOrThrow({ where: { id: doc.id } });
    expect([row.sha256, await db().agentAttachment.count()]).toEqual([sha256Of(corrected), attachments]);
    const download = await kit.call('bob', 'GET', `/api/e-signatures/documents/${doc.id}/file`);
    expect([download.statusCode, sha256Of(download.rawPayload), download.headers.etag]).toEqual([
      200,
      sha256Of(corrected),
      `"${sha256Of(corrected)}"`,
    ]);
  }, 30_000);
});

describe('the request’s workflow', () => {
  it('reminds the signer whose turn it is while it waits, and ends at a decline; its history replays', async () => {
    const doc = await upload(contractPdf(`remind ${Date.now()}`));
    const request = await requestSignatures(doc.id, ['carol'], 30);
    const carol = await employeeOf(db(), 'carol');
    const reminders = () =>
      db().notification.count({
        where: {
          userId: carol.userId!,
          title: { startsWith: 'Reminder: please sign' },
          data: { path: ['requestId'], equals: request.id },
        },
      });
    // Reminders come every 2 days of the turn: 3 s on this time scale.
    await waitFor('a reminder to Carol', async () => (await reminders()) >= 1, { timeoutMs: 20_000, intervalMs: 200 });
    const declined = await kit.call('carol', 'POST', `/api/e-signatures/requests/${request.id}/decline`, {
      reason: 'not yet',
    });
    expect(declined.statusCode).toBe(200);
    const handle = kit.temporal.client.workflow.getHandle(eSignatureRequestWorkflowId(carol.tenantId, request.id));
    const result = await handle.result();
    expect([result.status, result.reminders]).toEqual(['declined', await reminders()]);
    const history = await handle.fetchHistory();
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, history);
    // `SVC_HR_RECORD_HISTORIES=1` keeps the history as a fixture of the unit replay test (docs/temporal.md).
    if (process.env.SVC_HR_RECORD_HISTORIES === '1') {
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      await writeFile(
        path.join(__dirname, '../../fixtures/histories', `eSignatureRequest-remind-decline-${day}.json`),
        `${historyToJSON(history)}\n`,
      );
    }
  }, 30_000);

  it('expires the request at its expiry: it can no longer be signed, and the requester is told', async () => {
    const doc = await upload(contractPdf(`expire ${Date.now()}`));
    const request = await requestSignatures(doc.id, ['alice'], 1);
    const hook = await queuedWebhookOf(db(), 'hr', ['e_signatures.request.expired']);
    await waitFor(
      'the expiry',
      async () => (await db().eSignatureRequest.findUniqueOrThrow({ where: { id: request.id } })).status === 'expired',
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const late = await sign('alice', request.id, doc.sha256);
    expect([late.statusCode, late.json().reason]).toEqual([409, expect.stringMatching(/is expired/)]);
    expect(await db().eSignatureSigner.count({ where: { requestId: request.id, signedAt: { not: null } } })).toBe(0);
    expect((await hook.deliveries()).map((d) => d.eventType)).toEqual(['e_signatures.request.expired']);
    expect(
      await db().notification.count({
        where: { kind: 'e_signatures.request_expired', data: { path: ['requestId'], equals: request.id } },
      }),
    ).toBe(1);
  }, 30_000);

  it('refuses a signature after the expiry even when no workflow recorded it (the engine checks the time itself)', async () => {
    const doc = await upload(contractPdf(`no workflow ${Date.now()}`));
    const request = await requestSignatures(doc.id, ['alice'], 1);
    const alice = await employeeOf(db(), 'alice');
    await kit.temporal.client.workflow
      .getHandle(eSignatureRequestWorkflowId(alice.tenantId, request.id))
      .terminate('this test checks the engine alone');
    await waitFor(
      'the expiry as the API answers it',
      async () =>
        (await kit.call('alice', 'GET', `/api/e-signatures/requests/${request.id}`)).json().data.request.status ===
        'expired',
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    const late = await sign('alice', request.id, doc.sha256);
    expect([late.statusCode, late.json().reason]).toEqual([409, expect.stringMatching(/is expired/)]);
    // The row still says pending (nobody recorded the expiry), and nothing was signed.
    const row = await db().eSignatureRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect([
      row.status,
      await db().eSignatureSigner.count({ where: { requestId: request.id, signedAt: { not: null } } }),
    ]).toEqual(['pending', 0]);
  }, 30_000);

  it('is started by the worker’s reconciler for a request whose workflow did not start, and ends at its completion', async () => {
    // As if Temporal had been unreachable when the request committed: no workflow, no id.
    const made = await signatureRequestOf(db(), 'hr', ['alice']);
    const pass = await reconcileProcesses({
      prisma: db(),
      sources: [signatureRequestSource(kit.ports.signatureRequests)],
      graceMs: 0,
    });
    expect(pass).toEqual({ started: 1, failed: 0 });
    const alice = await employeeOf(db(), 'alice');
    const row = await db().eSignatureRequest.findUniqueOrThrow({ where: { id: made.id } });
    expect(row.workflowId).toBe(eSignatureRequestWorkflowId(alice.tenantId, made.id));
    expect((await sign('alice', made.id, made.sha256)).statusCode).toBe(200);
    expect(await kit.temporal.client.workflow.getHandle(row.workflowId!).result()).toEqual({
      status: 'completed',
      reminders: 0,
    });
  }, 30_000);
});
