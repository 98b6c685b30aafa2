import { rm } from 'node:fs/promises';
import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { filesUnder, multipartBody, testBlobDir } from '../../support/blobs';
import { pdfBytes, pngBytes } from '../../support/expenses';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';

/**
 * Receipts (company-api.md, Expenses) through the HTTP API: uploaded with the attachment machinery, required above
 * a category's amount when a claim is submitted, only the claimant's (or the writer's) own, downloaded by whoever
 * may see the claim.
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

const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, ['expenses:read', 'expenses:write']));
const send = async (who: DemoKey, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers: await as(who), ...(payload ? { payload } : {}) });
async function upload(who: DemoKey, content: Buffer, contentType: string, filename = 'receipt') {
  return h.app.inject({
    method: 'POST',
    url: `/api/expenses/receipts?filename=${filename}`,
    headers: { ...(await as(who)), 'content-type': contentType },
    payload: content,
  });
}
const receipt = async (who: DemoKey) =>
  (await upload(who, pngBytes, 'image/png', 'taxi.png')).json().data.attachment.id;

let date: string;
beforeAll(async () => {
  date = addDays(await todayOf(h.db.prisma, 'alice'), -1);
});
const taxi = (amountMinor: number, receiptAttachmentId?: string) => ({
  category: 'Taxi',
  date,
  description: 'Taxi to the station',
  amountMinor,
  ...(receiptAttachmentId ? { receiptAttachmentId } : {}),
});

describe('expense receipts', () => {
  it('take a PNG, JPEG, WebP or PDF, raw or as a form; anything else is refused and nothing kept', async () => {
    const raw = await upload('alice', pngBytes, 'image/png', 'taxi.png');
    expect([raw.statusCode, raw.json().data.attachment]).toEqual([
      201,
      expect.objectContaining({ filename: 'taxi.png', contentType: 'image/png', size: pngBytes.length }),
    ]);
    const form = multipartBody({ filename: 'hotel.pdf', contentType: 'application/pdf', content: pdfBytes });
    const multipart = await h.app.inject({
      method: 'POST',
      url: '/api/expenses/receipts',
      headers: { ...(await as('alice')), 'content-type': form.contentType },
      payload: form.body,
    });
    expect(multipart.json().data.attachment).toMatchObject({ filename: 'hotel.pdf', contentType: 'application/pdf' });

    const before = [await h.db.prisma.agentAttachment.count(), await filesUnder(blobDir)];
    for (const [content, type, said] of [
      [Buffer.from('date,amount\n'), 'text/csv', 'Content-Type: text/csv is not accepted'],
      [pdfBytes, 'image/png', 'not a image/png file'],
      [Buffer.alloc(0), 'image/jpeg', ''],
    ] as Array<[Buffer, string, string]>) {
      const res = await upload('alice', content, type);
      expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
      expect(res.json().reason).toContain(said);
    }
    expect([await h.db.prisma.agentAttachment.count(), await filesUnder(blobDir)]).toEqual(before);
    const noScope = await h.app.inject({
      method: 'POST',
      url: '/api/expenses/receipts',
      headers: { ...bearer(await tokenFor(h.db.prisma, 'alice', ['expenses:read'])), 'content-type': 'image/png' },
      payload: pngBytes,
    });
    expect(noScope.statusCode).toBe(403);
  });

  it('are required above the category’s amount when the claim is submitted, never before', async () => {
    const claims = () => h.db.prisma.expenseClaim.count();
    const count = await claims();
    const atOnce = await send('alice', 'POST', '/api/expenses/claims', {
      title: 'Taxis',
      lines: [taxi(5_000), taxi(6_200)],
      submit: true,
    });
    expect([atOnce.statusCode, atOnce.json().reason]).toEqual([
      409,
      `This expense claim stays DRAFT: lines.1 (Taxi, ${date}, 62.00 EUR): a receipt is required (Taxi: above 50.00 EUR); set receiptAttachmentId`,
    ]);
    expect(await claims()).toBe(count);

    const draft = (
      await send('alice', 'POST', '/api/expenses/claims', { title: 'Taxis', lines: [taxi(5_000), taxi(6_200)] })
    ).json().data.claim;
    expect(draft.lines.map((l: { receiptRequired: boolean }) => l.receiptRequired)).toEqual([false, true]);
    expect((await send('alice', 'POST', `/api/expenses/claims/${draft.id}/submit`)).statusCode).toBe(409);
    // In another currency it is measured on what it claims: 60.00 USD at 0.90 is 54.00 EUR, above 50.00.
    const foreign = (
      await send('alice', 'POST', '/api/expenses/claims', {
        title: 'Taxi in New York',
        lines: [{ ...taxi(6_000), currency: 'USD', exchangeRate: '0.90' }],
      })
    ).json().data.claim;
    expect(foreign.lines[0]).toMatchObject({
      claimAmount: { amountMinor: 5_400, currency: 'EUR' },
      receiptRequired: true,
    });

    const id = await receipt('alice');
    const fixed = await send('alice', 'PATCH', `/api/expenses/claims/${draft.id}`, {
      lines: [taxi(5_000), taxi(6_200, id)],
    });
    expect(fixed.json().data.claim.lines[1].receipt).toMatchObject({ attachmentId: id, filename: 'taxi.png' });
    const submitted = await send('alice', 'POST', `/api/expenses/claims/${draft.id}/submit`);
    expect([submitted.statusCode, submitted.json().data.claim.status]).toEqual([200, 'SUBMITTED']);

    const always = await send('alice', 'POST', '/api/expenses/claims', {
      title: 'Hotel',
      lines: [{ category: 'Accommodation', date, description: 'One night', amountMinor: 1 }],
      submit: true,
    });
    expect([always.statusCode, always.json().reason]).toEqual([
      409,
      expect.stringContaining('(Accommodation: always)'),
    ]);
  });

  it('must be the claimant’s own upload, or that of whoever writes the claim for them', async () => {
    const bobs = await receipt('bob');
    const hrs = await receipt('hr');
    const csv = await h.db.prisma.agentAttachment.create({
      data: {
        tenantId: (await h.db.prisma.tenant.findFirstOrThrow({ where: { domain: 'acme.test' } })).id,
        userId: (await h.db.prisma.user.findFirstOrThrow({ where: { email: 'alice@acme.test' } })).id,
        filename: 'bookings.csv',
        contentType: 'text/csv',
        size: 3,
        sha256: '0'.repeat(64),
      },
    });
    for (const [id, said] of [
      [bobs, `lines.0.receiptAttachmentId: no receipt ${bobs} of the claimant's`],
      [hrs, `lines.0.receiptAttachmentId: no receipt ${hrs}`],
      [csv.id, 'lines.0.receiptAttachmentId: bookings.csv is text/csv; a receipt is a PDF, PNG, JPEG or WebP file'],
    ]) {
      const res = await send('alice', 'POST', '/api/expenses/claims', { title: 'Taxi', lines: [taxi(6_000, id)] });
      expect([res.statusCode, res.json().reason]).toEqual([400, expect.stringContaining(said)]);
    }
    const draft = (await send('alice', 'POST', '/api/expenses/claims', { title: 'Taxi', lines: [taxi(6_000)] })).json()
      .data.claim;
    const byHr = await send('hr', 'PATCH', `/api/expenses/claims/${draft.id}`, { lines: [taxi(6_000, hrs)] });
    expect(byHr.json().data.claim.lines[0].receipt.attachmentId).toBe(hrs);
    const bobsByHr = await send('hr', 'PATCH', `/api/expenses/claims/${draft.id}`, { lines: [taxi(6_000, bobs)] });
    expect(bobsByHr.statusCode).toBe(400);
  });

  it('are downloaded by whoever may see the claim, and by nobody else', async () => {
    const id = await receipt('alice');
    const c = (
      await send('alice', 'POST', '/api/expenses/claims', { title: 'Taxi', lines: [taxi(6_000, id), taxi(1_000)] })
    ).json().data.claim;
    const url = `/api/expenses/claims/${c.id}/lines/${c.lines[0].id}/receipt`;
    for (const who of ['alice', 'manager', 'director', 'hr'] as DemoKey[]) {
      const res = await send(who, 'GET', url);
      expect({ who, status: res.statusCode, type: res.headers['content-type'] }).toEqual({
        who,
        status: 200,
        type: 'image/png',
      });
      expect(res.rawPayload.equals(pngBytes)).toBe(true);
      expect(res.headers['content-disposition']).toContain('taxi.png');
    }
    const etag = (await send('alice', 'GET', url)).headers.etag as string;
    const cached = await h.app.inject({
      method: 'GET',
      url,
      headers: { ...(await as('alice')), 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    for (const who of ['bob', 'carol', 'globexHr'] as DemoKey[]) {
      const res = await send(who, 'GET', url);
      expect({ who, status: res.statusCode, error: res.json().error }).toEqual({
        who,
        status: 404,
        error: 'not_found',
      });
    }
    const none = await send('alice', 'GET', `/api/expenses/claims/${c.id}/lines/${c.lines[1].id}/receipt`);
    expect([none.statusCode, none.json().reason]).toEqual([404, `Line 1 of expense claim ${c.id} has no receipt`]);
    const otherLine = await send('alice', 'GET', `/api/expenses/claims/${c.id}/lines/${c.id}/receipt`);
    expect(otherLine.statusCode).toBe(404);
  });
});
