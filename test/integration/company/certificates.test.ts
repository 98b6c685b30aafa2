import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testBlobDir } from '../../support/blobs';
import { pdfBytes, pngBytes } from '../../support/expenses';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';

/**
 * Certificates (company-api.md) through the HTTP API: certifications and licences recorded by their holder or HR,
 * seen by the holder, their managers up the line and HR; their documents; employment certificates issued as PDFs,
 * read back with poppler's pdftotext. The expiry reminders' workflow has its own tests
 * (test/integration/certificates/).
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

const scopes = ['certificates:read', 'certificates:write'] as const;
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, scopes as never));
const send = async (who: DemoKey, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers: await as(who), ...(payload ? { payload } : {}) });
const idOf = async (who: DemoKey) =>
  (await h.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;
const certifications = () => h.db.prisma.certification.count();

let today: string;
beforeAll(async () => {
  today = await todayOf(h.db.prisma, 'alice');
});

async function record(who: DemoKey, holder: DemoKey, extra: object = {}) {
  const res = await send(who, 'POST', '/api/certificates/certifications', {
    employeeId: await idOf(holder),
    kind: 'certification',
    name: 'First aid',
    issuer: 'Red Cross',
    issueDate: addDays(today, -300),
    expiryDate: addDays(today, 400),
    ...extra,
  });
  return res;
}

describe('certifications and licences', () => {
  it('are recorded by their holder or by HR, and read back with their expiry', async () => {
    const own = await record('alice', 'alice', { number: 'FA-1234' });
    expect(own.statusCode).toBe(201);
    expect(own.json().data.certification).toMatchObject({
      employeeName: 'Alice Anders',
      kind: 'certification',
      name: 'First aid',
      number: 'FA-1234',
      expiryDate: addDays(today, 400),
      required: false,
      expired: false,
      document: null,
    });
    const byHr = await record('hr', 'bob', { kind: 'licence', name: 'Forklift', required: true });
    expect([byHr.statusCode, byHr.json().data.certification.required]).toEqual([201, true]);
    const id = own.json().data.certification.id;
    expect((await send('alice', 'GET', `/api/certificates/certifications/${id}`)).json().data.certification.id).toBe(
      id,
    );
  });

  it('refuses someone else’s to a non-HR caller (403 when seen, 404 when not) and `required` to all but HR', async () => {
    const before = await certifications();
    expect((await record('manager', 'alice')).statusCode).toBe(403);
    expect((await record('alice', 'bob')).statusCode).toBe(404);
    const required = await record('alice', 'alice', { required: true });
    expect([required.statusCode, required.json().error]).toEqual([403, 'forbidden']);
    expect(await certifications()).toBe(before);
  });

  it.each([
    ['kind', { kind: 'diploma' }],
    ['name', { name: '' }],
    ['issuer', { issuer: 'x'.repeat(201) }],
    ['number', { number: 'a\u0000b' }],
    ['issueDate', { issueDate: '2026-02-30' }],
    ['expiryDate', { expiryDate: '9999-01-01' }],
    ['expiryDate', { issueDate: '2026-06-01', expiryDate: '2026-05-31' }],
    ['issueDate', { issueDate: '2099-01-01', expiryDate: '2099-12-31' }],
    ['employeeId', { employeeId: 'not-a-uuid' }],
    ['required', { required: 'yes' }],
    ['colour', { colour: 'red' }],
  ])('answers 400 naming %s for a bad value, and writes nothing', async (field, bad) => {
    const before = await certifications();
    const res = await record('hr', 'alice', bad);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
    expect(await certifications()).toBe(before);
  });

  it('are seen by the holder, their managers up the line and HR; not by a peer, another line or another workspace', async () => {
    const made = (await record('hr', 'alice', { name: 'Cloud architect' })).json().data.certification;
    const url = `/api/certificates/certifications/${made.id}`;
    for (const who of ['alice', 'manager', 'director', 'owner', 'hr'] as const) {
      expect([who, (await send(who, 'GET', url)).statusCode]).toEqual([who, 200]);
    }
    for (const who of ['bob', 'salesManager', 'carol', 'globexHr'] as const) {
      expect([who, (await send(who, 'GET', url)).statusCode]).toEqual([who, 404]);
    }
    const listed = async (who: DemoKey) =>
      (await send(who, 'GET', '/api/certificates/certifications?limit=200')).json().data.certifications as Array<{
        employeeName: string;
      }>;
    expect(new Set((await listed('alice')).map((c) => c.employeeName))).toEqual(new Set(['Alice Anders']));
    expect((await listed('salesManager')).some((c) => c.employeeName === 'Alice Anders')).toBe(false);
    expect((await listed('manager')).some((c) => c.employeeName === 'Bob Brown')).toBe(true);
  });

  it('filters by holder, by expiry before a day and by expired, a page at a time', async () => {
    const carol = await idOf('carol');
    const mk = (name: string, expiryDate: string | undefined) =>
      record('hr', 'carol', { name, issueDate: addDays(today, -900), ...(expiryDate ? { expiryDate } : {}) });
    await mk('Old licence', addDays(today, -10));
    await mk('Expires today', today);
    await mk('Soon', addDays(today, 20));
    await mk('Later', addDays(today, 200));
    await mk('Forever', undefined);
    const names = async (query: string) =>
      (
        (await send('hr', 'GET', `/api/certificates/certifications?employeeId=${carol}&${query}`)).json().data
          .certifications as Array<{ name: string }>
      )
        .map((c) => c.name)
        .sort();
    expect(await names(`expiresBefore=${addDays(today, 30)}`)).toEqual(['Expires today', 'Old licence', 'Soon']);
    expect(await names('expired=true')).toEqual(['Expires today', 'Old licence']);
    expect(await names('expired=false')).toEqual(['Forever', 'Later', 'Soon']);
    const first = (await send('hr', 'GET', `/api/certificates/certifications?employeeId=${carol}&limit=2`)).json().data;
    expect(first.certifications).toHaveLength(2);
    const second = (
      await send(
        'hr',
        'GET',
        `/api/certificates/certifications?employeeId=${carol}&limit=200&cursor=${first.nextCursor}`,
      )
    ).json().data;
    expect([second.certifications.length, second.nextCursor]).toEqual([3, null]);
    const bad = await send('hr', 'GET', '/api/certificates/certifications?expiresBefore=tomorrow');
    expect([bad.statusCode, bad.json().reason]).toEqual([400, expect.stringContaining('expiresBefore')]);
  });

  it('are renewed by their holder, and deleted by HR only', async () => {
    const made = (await record('alice', 'alice', { name: 'Scrum master' })).json().data.certification;
    const url = `/api/certificates/certifications/${made.id}`;
    const renewed = await send('alice', 'PATCH', url, { expiryDate: addDays(today, 800), number: 'SM-2' });
    expect(renewed.json().data.certification).toMatchObject({ expiryDate: addDays(today, 800), number: 'SM-2' });
    expect((await send('manager', 'PATCH', url, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await send('alice', 'PATCH', url, { required: true })).statusCode).toBe(403);
    const before = await send('alice', 'PATCH', url, { expiryDate: addDays(made.issueDate, -1) });
    expect([before.statusCode, before.json().reason]).toEqual([400, expect.stringContaining('expiryDate')]);
    expect((await send('alice', 'DELETE', url)).statusCode).toBe(403);
    expect((await send('hr', 'DELETE', url)).json().data).toEqual({ id: made.id });
    expect((await send('alice', 'GET', url)).statusCode).toBe(404);
  });
});

describe('a certification’s document', () => {
  it('is uploaded by the holder, downloaded by who sees it with its ETag, refused to others', async () => {
    const made = (await record('alice', 'alice', { name: 'AWS' })).json().data.certification;
    const url = `/api/certificates/certifications/${made.id}/document`;
    expect((await send('manager', 'GET', url)).statusCode).toBe(404);
    const put = await h.app.inject({
      method: 'PUT',
      url: `${url}?filename=aws.pdf`,
      headers: { ...(await as('alice')), 'content-type': 'application/pdf' },
      payload: pdfBytes,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.certification.document).toMatchObject({ filename: 'aws.pdf', size: pdfBytes.length });
    const got = await send('manager', 'GET', url);
    expect([got.statusCode, got.headers['content-type'], got.rawPayload.equals(pdfBytes)]).toEqual([
      200,
      'application/pdf',
      true,
    ]);
    const etag = got.headers.etag as string;
    const again = await h.app.inject({
      method: 'GET',
      url,
      headers: { ...(await as('alice')), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // A PNG declared as a PDF, and an upload by a manager, store nothing.
    const attachments = await h.db.prisma.agentAttachment.count();
    const mistyped = await h.app.inject({
      method: 'PUT',
      url,
      headers: { ...(await as('alice')), 'content-type': 'application/pdf' },
      payload: pngBytes,
    });
    expect(mistyped.statusCode).toBe(400);
    const byManager = await h.app.inject({
      method: 'PUT',
      url,
      headers: { ...(await as('manager')), 'content-type': 'image/png' },
      payload: pngBytes,
    });
    expect(byManager.statusCode).toBe(403);
    expect(await h.db.prisma.agentAttachment.count()).toBe(attachments);
  });
});

const run = promisify(execFile);
/** The text of a PDF as poppler reads it (poppler-utils, installed by .ci/run). */
async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(os.tmpdir(), `svc-hr-certificate-${process.pid}-${Date.now()}.pdf`);
  await writeFile(file, pdf);
  try {
    return (await run('pdftotext', ['-layout', file, '-'])).stdout;
  } finally {
    await rm(file, { force: true });
  }
}

describe('employment certificates', () => {
  it('are issued as a PDF stating the name, number, job, hire date and employment, read back by a PDF parser', async () => {
    const alice = await idOf('alice');
    // Her position belongs to a legal entity: the certificate names it as the employer.
    const { tenantId } = await h.db.prisma.employee.findUniqueOrThrow({ where: { id: alice } });
    const entity = await h.db.prisma.legalEntity.create({
      data: { tenantId, name: 'Acme Engineering GmbH', countryCode: 'DE' },
    });
    await h.db.prisma.position.update({ where: { holderEmployeeId: alice }, data: { legalEntityId: entity.id } });
    const res = await send('alice', 'POST', '/api/certificates/employment-certificates', {
      employeeId: alice,
      purpose: 'Apartment rental',
    });
    expect(res.statusCode).toBe(201);
    const cert = res.json().data.employmentCertificate;
    expect(cert).toMatchObject({ employeeName: 'Alice Anders', includeSalary: false, purpose: 'Apartment rental' });
    const pdf = await send('alice', 'GET', `/api/certificates/employment-certificates/${cert.id}/pdf`);
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.headers.etag]).toEqual([
      200,
      'application/pdf',
      `"${cert.sha256}"`,
    ]);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'Alice Anders',
      '2020-07-15',
      'Software Engineer',
      'Engineering',
      'is employed',
      'Apartment rental',
      'Acme Engineering GmbH',
      `Issued on ${today}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('salary');
    const listed = (
      await send('manager', 'GET', `/api/certificates/employment-certificates?employeeId=${alice}`)
    ).json().data.employmentCertificates;
    expect(listed.map((c: { id: string }) => c.id)).toEqual([cert.id]);
  });

  it('state the salary when asked by who may read it, and hide that certificate from a manager', async () => {
    const alice = await idOf('alice');
    const res = await send('hr', 'POST', '/api/certificates/employment-certificates', {
      employeeId: alice,
      includeSalary: true,
    });
    expect(res.statusCode).toBe(201);
    const cert = res.json().data.employmentCertificate;
    const text = await pdfText(
      (await send('alice', 'GET', `/api/certificates/employment-certificates/${cert.id}/pdf`)).rawPayload,
    );
    expect(text).toContain('66000.00 EUR a year');
    expect((await send('manager', 'GET', `/api/certificates/employment-certificates/${cert.id}`)).statusCode).toBe(404);
    const told = await h.db.prisma.notification.count({
      where: {
        kind: 'certificates.employment_certificate_issued',
        data: { path: ['employmentCertificateId'], equals: cert.id },
      },
    });
    expect(told).toBe(1);
  });

  it('transliterates a name outside Latin-1 rather than failing, and refuses others’ to a non-HR caller', async () => {
    const bob = await idOf('bob');
    await h.db.prisma.employee.update({ where: { id: bob }, data: { name: 'Bożena Łukasiewicz 王' } });
    const res = await send('hr', 'POST', '/api/certificates/employment-certificates', { employeeId: bob });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.employmentCertificate.id;
    const text = await pdfText(
      (await send('hr', 'GET', `/api/certificates/employment-certificates/${id}/pdf`)).rawPayload,
    );
    expect(text).toContain('Bozena Lukasiewicz ?');
    const before = await h.db.prisma.employmentCertificate.count();
    expect(
      (await send('manager', 'POST', '/api/certificates/employment-certificates', { employeeId: bob })).statusCode,
    ).toBe(403);
    expect(
      (await send('carol', 'POST', '/api/certificates/employment-certificates', { employeeId: bob })).statusCode,
    ).toBe(404);
    const bad = await send('hr', 'POST', '/api/certificates/employment-certificates', {
      employeeId: bob,
      purpose: 'x'.repeat(301),
    });
    expect([bad.statusCode, bad.json().reason]).toEqual([400, expect.stringContaining('purpose')]);
    expect(await h.db.prisma.employmentCertificate.count()).toBe(before);
  });
});
