import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testBlobDir } from '../../support/blobs';
import { contractPdf, employeeOf, signatureDocumentOf, signatureRequestOf } from '../../support/eSignatures';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';

/**
 * E-Signatures (company-api.md) through the HTTP API on the real PostgreSQL, without Temporal (the engine works
 * without its workflow): bad input answers 400 naming the field with nothing written; who may see and do what
 * (401, 403, 404); the three credential kinds; idempotency; declining. The signing itself, the workflow and the
 * signed PDF are in eSignatures.test.ts.
 */
let h: ApiHarness;
const blobDir = testBlobDir();
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000', SVC_HR_BLOB_DIR: blobDir });
});
afterAll(async () => {
  await h?.close();
  await rm(blobDir, { recursive: true, force: true });
});

const scopes = ['e-signatures:read', 'e-signatures:write'] as const;
const as = async (who: DemoKey, only: readonly string[] = scopes) =>
  bearer(await tokenFor(h.db.prisma, who, only as never));
const send = async (who: DemoKey, method: string, url: string, payload?: object, headers: object = {}) =>
  h.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(await as(who)), ...headers },
    ...(payload ? { payload } : {}),
  });
const rows = async () => ({
  documents: await h.db.prisma.eSignatureDocument.count(),
  requests: await h.db.prisma.eSignatureRequest.count(),
  signers: await h.db.prisma.eSignatureSigner.count(),
  attachments: await h.db.prisma.agentAttachment.count(),
});
const idOf = async (who: DemoKey) => (await employeeOf(h.db.prisma, who)).id;

async function validRequestBody() {
  return {
    documentId: (await signatureDocumentOf(h.db.prisma)).id,
    title: 'Please sign',
    signerEmployeeIds: [await idOf('alice'), await idOf('bob')],
    expiresInDays: 14,
  };
}

describe('bad input', () => {
  it.each([
    ['title', { title: '' }],
    ['title', { title: 'x'.repeat(201) }],
    ['title', { title: 'a\u0000b' }],
    ['message', { message: 'x'.repeat(2001) }],
    ['documentId', { documentId: 'not-a-uuid' }],
    ['signerEmployeeIds', { signerEmployeeIds: [] }],
    ['signerEmployeeIds', { signerEmployeeIds: Array.from({ length: 21 }, () => randomUUID()) }],
    ['signerEmployeeIds', { duplicate: true }],
    ['signerEmployeeIds[0]', { signerEmployeeIds: [randomUUID()] }],
    ['expiresInDays', { expiresInDays: 0 }],
    ['expiresInDays', { expiresInDays: 91 }],
    ['expiresInDays', { expiresInDays: 1.5 }],
    ['body', { extra: 'field' }],
  ])('answers 400 naming %s, and writes nothing', async (field, change) => {
    const body: Record<string, unknown> = { ...(await validRequestBody()), ...change };
    if ('duplicate' in change) {
      delete body.duplicate;
      body.signerEmployeeIds = [await idOf('alice'), await idOf('alice')];
    }
    const before = await rows();
    const res = await send('hr', 'POST', '/api/e-signatures/requests', body);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    if (field !== 'body') expect(res.json().reason).toContain(field);
    expect(await rows()).toEqual(before);
  });

  it('answers 400 for a signer without a user account, naming their place in the list', async () => {
    const hr = await employeeOf(h.db.prisma, 'hr');
    const last = await h.db.prisma.employee.aggregate({
      where: { tenantId: hr.tenantId },
      _max: { employeeNumber: true },
    });
    // A person recorded without an account (no invitation yet).
    const noAccount = await h.db.prisma.employee.create({
      data: {
        tenantId: hr.tenantId,
        employeeNumber: (last._max.employeeNumber ?? 0) + 1,
        name: 'Nadia Noaccount',
        email: `nadia-${process.pid}@acme.test`,
        jobTitle: 'Contractor',
        hireDate: new Date('2020-01-01'),
      },
    });
    const body = await validRequestBody();
    const before = await rows();
    const res = await send('hr', 'POST', '/api/e-signatures/requests', {
      ...body,
      signerEmployeeIds: [await idOf('alice'), noAccount.id],
    });
    expect([res.statusCode, res.json().reason]).toEqual([
      400,
      expect.stringMatching(/^signerEmployeeIds\[1\]: .* no user account/),
    ]);
    expect(await rows()).toEqual(before);
  });

  it('answers 400 for a bad hash or reason, and a mistyped upload, and signs or stores nothing', async () => {
    const made = await signatureRequestOf(h.db.prisma, 'hr', ['alice']);
    const before = await rows();
    for (const documentSha256 of ['', 'ABC', 'g'.repeat(64), made.sha256.toUpperCase(), `${made.sha256}0`]) {
      const res = await send('alice', 'POST', `/api/e-signatures/requests/${made.id}/sign`, { documentSha256 });
      expect([res.statusCode, res.json().reason]).toEqual([400, expect.stringContaining('documentSha256')]);
    }
    for (const reason of ['', ' ', 'x'.repeat(2001)]) {
      const res = await send('alice', 'POST', `/api/e-signatures/requests/${made.id}/decline`, { reason });
      expect([res.statusCode, res.json().reason]).toEqual([400, expect.stringContaining('reason')]);
    }
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('x')]);
    const mistyped = await send('hr', 'POST', '/api/e-signatures/documents?title=X', png as never, {
      'content-type': 'application/pdf',
    });
    expect(mistyped.statusCode).toBe(400);
    const untitled = await send(
      'hr',
      'POST',
      `/api/e-signatures/documents?title=${'x'.repeat(201)}`,
      contractPdf() as never,
      {
        'content-type': 'application/pdf',
      },
    );
    expect([untitled.statusCode, untitled.json().reason]).toEqual([400, expect.stringContaining('title')]);
    expect(await rows()).toEqual(before);
    expect(await h.db.prisma.eSignatureSigner.count({ where: { requestId: made.id, signedAt: { not: null } } })).toBe(
      0,
    );
  });
});

describe('who sees and does what', () => {
  it('shows a request to its requester and signers only: anyone else, HR included, gets 404', async () => {
    const made = await signatureRequestOf(h.db.prisma, 'hr', ['alice', 'bob']);
    for (const who of ['hr', 'alice', 'bob'] as const) {
      const res = await send(who, 'GET', `/api/e-signatures/requests/${made.id}`);
      expect([who, res.statusCode]).toEqual([who, 200]);
      const listed = await send(who, 'GET', '/api/e-signatures/requests?limit=200');
      expect(listed.json().data.requests.map((r: { id: string }) => r.id)).toContain(made.id);
    }
    for (const who of ['admin', 'owner', 'manager', 'carol', 'globexHr'] as const) {
      const res = await send(who, 'GET', `/api/e-signatures/requests/${made.id}`);
      expect([who, res.statusCode, res.json().error]).toEqual([who, 404, 'not_found']);
      const listed = await send(who, 'GET', '/api/e-signatures/requests?limit=200');
      expect(listed.json().data.requests.map((r: { id: string }) => r.id)).not.toContain(made.id);
      const sign = await send(who, 'POST', `/api/e-signatures/requests/${made.id}/sign`, {
        documentSha256: made.sha256,
      });
      expect([who, sign.statusCode]).toEqual([who, 404]);
    }
    // The signers read the document they are asked to sign; another employee does not.
    expect((await send('bob', 'GET', `/api/e-signatures/documents/${made.documentId}`)).statusCode).toBe(200);
    expect((await send('carol', 'GET', `/api/e-signatures/documents/${made.documentId}/file`)).statusCode).toBe(404);
    // toSign=me lists where it is the caller's turn: Alice's, not yet Bob's.
    const turn = async (who: DemoKey) =>
      (await send(who, 'GET', '/api/e-signatures/requests?toSign=me&limit=200'))
        .json()
        .data.requests.map((r: { id: string }) => r.id);
    expect([(await turn('alice')).includes(made.id), (await turn('bob')).includes(made.id)]).toEqual([true, false]);
  });

  it('lets HR_MANAGER, ADMIN and OWNER prepare signatures, and nobody else (403, nothing written)', async () => {
    const body = await validRequestBody();
    const before = await rows();
    for (const who of ['alice', 'manager', 'director'] as const) {
      const made = await send(who, 'POST', '/api/e-signatures/requests', body);
      expect([who, made.statusCode, made.json().error]).toEqual([who, 403, 'forbidden']);
      const uploaded = await send(who, 'POST', '/api/e-signatures/documents?title=Mine', contractPdf() as never, {
        'content-type': 'application/pdf',
      });
      expect([who, uploaded.statusCode]).toEqual([who, 403]);
    }
    expect(await rows()).toEqual(before);
    for (const who of ['admin', 'owner'] as const) {
      const made = await send(who, 'POST', '/api/e-signatures/requests', body);
      expect([who, made.statusCode]).toEqual([who, 201]);
    }
  });

  it('lets a requester who is no signer neither sign nor decline (403)', async () => {
    const made = await signatureRequestOf(h.db.prisma, 'hr', ['alice']);
    const res = await send('hr', 'POST', `/api/e-signatures/requests/${made.id}/sign`, { documentSha256: made.sha256 });
    expect([res.statusCode, res.json().error]).toEqual([403, 'forbidden']);
  });

  it('ends a request declined by the signer whose turn it is, with the reason, and then nothing more is signed', async () => {
    const made = await signatureRequestOf(h.db.prisma, 'hr', ['alice', 'bob']);
    const early = await send('bob', 'POST', `/api/e-signatures/requests/${made.id}/decline`, {
      reason: 'not yet mine',
    });
    expect(early.statusCode).toBe(409);
    const declined = await send('alice', 'POST', `/api/e-signatures/requests/${made.id}/decline`, {
      reason: '  wrong salary  ',
    });
    expect(declined.statusCode).toBe(200);
    const request = declined.json().data.request;
    expect([request.status, request.signers[0].state, request.signers[0].declineReason]).toEqual([
      'declined',
      'declined',
      'wrong salary',
    ]);
    const hr = await h.db.prisma.user.findUniqueOrThrow({ where: { email: 'hr@acme.test' } });
    expect(
      await h.db.prisma.notification.count({
        where: { userId: hr.id, kind: 'e_signatures.request_declined', data: { path: ['requestId'], equals: made.id } },
      }),
    ).toBe(1);
    const late = await send('alice', 'POST', `/api/e-signatures/requests/${made.id}/sign`, {
      documentSha256: made.sha256,
    });
    expect([late.statusCode, late.json().reason]).toEqual([409, expect.stringMatching(/is declined/)]);
    // A document whose requests ended without a signature may go; the signed PDF of a declined one does not exist.
    expect((await send('hr', 'GET', `/api/e-signatures/requests/${made.id}/signed-pdf`)).statusCode).toBe(404);
    expect((await send('hr', 'DELETE', `/api/e-signatures/documents/${made.documentId}`)).statusCode).toBe(200);
    expect(await h.db.prisma.eSignatureRequest.count({ where: { id: made.id } })).toBe(0);
  });

  it('keeps a document a pending request asks to sign (409 on delete)', async () => {
    const made = await signatureRequestOf(h.db.prisma, 'hr', ['alice']);
    const res = await send('hr', 'DELETE', `/api/e-signatures/documents/${made.documentId}`);
    expect([res.statusCode, res.json().reason]).toEqual([409, expect.stringMatching(/awaiting signatures/)]);
  });
});

describe('credentials and scopes', () => {
  it('takes a personal access token, a delegated credential and a company API key alike', async () => {
    for (const kind of ['personal_access_token', 'delegated_credential', 'company_api_key'] as const) {
      const token = bearer(await tokenFor(h.db.prisma, 'hr', [...scopes], { kind }));
      const made = await h.app.inject({
        method: 'POST',
        url: '/api/e-signatures/requests',
        headers: token,
        payload: await validRequestBody(),
      });
      expect([kind, made.statusCode]).toEqual([kind, 201]);
      const read = await h.app.inject({
        method: 'GET',
        url: `/api/e-signatures/requests/${made.json().data.request.id}`,
        headers: token,
      });
      expect([kind, read.statusCode]).toEqual([kind, 200]);
    }
  });

  it('answers 401 without a credential and 403 without the scope, writing nothing', async () => {
    const body = await validRequestBody();
    const before = await rows();
    const none = await h.app.inject({ method: 'POST', url: '/api/e-signatures/requests', payload: body });
    expect([none.statusCode, none.json().error]).toEqual([401, 'unauthorized']);
    const readOnly = await h.app.inject({
      method: 'POST',
      url: '/api/e-signatures/requests',
      headers: await as('hr', ['e-signatures:read']),
      payload: body,
    });
    expect([readOnly.statusCode, readOnly.json().error]).toEqual([403, 'forbidden']);
    const noRead = await h.app.inject({
      method: 'GET',
      url: '/api/e-signatures/requests',
      headers: await as('hr', ['e-signatures:write']),
    });
    expect(noRead.statusCode).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it('makes one request of a create sent twice with one Idempotency-Key; another body with it answers 422', async () => {
    const headers = { ...(await as('hr')), 'idempotency-key': `esign-once-${process.pid}` };
    const payload = await validRequestBody();
    const post = (body: object) =>
      h.app.inject({ method: 'POST', url: '/api/e-signatures/requests', headers, payload: body });
    const before = await rows();
    const first = await post(payload);
    const second = await post(payload);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const other = await post({ ...payload, title: 'Another' });
    expect([other.statusCode, other.json().error]).toEqual([422, 'idempotency_key_reused']);
    expect((await rows()).requests).toBe(before.requests + 1);
  });
});
