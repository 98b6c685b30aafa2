import type { PrismaClient } from '../../db/prismaClient';
import { blobStoreFor } from '../../engines/blobs/blobStores';
import { createCertification } from '../../engines/certificates/certifications';
import { issueEmploymentCertificate } from '../../engines/certificates/employmentCertificates';
import { addDays } from '../../engines/leave/dates';
import { authenticate } from '../../engines/tokens/authenticate';
import { testClock } from './clock';
import type { CompanySample } from './companySamples';
import { testConfig } from './config';
import { pdfBytes } from './expenses';
import { tokenFor, type DemoKey } from './identity';
import { todayOf } from './leave';

const actorOf = async (prisma: PrismaClient, who: DemoKey) =>
  authenticate(prisma, await tokenFor(prisma, who, ['certificates:write'], { name: 'certificates' }));

/**
 * A certification of `holder` recorded by HR through the engine (no workflow: the matrix has no Temporal), expiring
 * in a year, optionally with a PDF document stored in the tests' blob store. Answers its id.
 */
export async function certificationOf(
  prisma: PrismaClient,
  holder: DemoKey,
  opts: { document?: boolean } = {},
): Promise<string> {
  const hr = await actorOf(prisma, 'hr');
  const employee = await prisma.employee.findFirstOrThrow({
    where: { userId: (await actorOf(prisma, holder)).user.id },
  });
  const today = await todayOf(prisma, holder);
  const made = await createCertification(
    prisma,
    hr,
    {
      employeeId: employee.id,
      kind: 'certification',
      name: 'First aid',
      issuer: 'Red Cross',
      issueDate: addDays(today, -30),
      expiryDate: addDays(today, 365),
    },
    { clock: testClock() },
  );
  if (opts.document) {
    const blob = await blobStoreFor(testConfig()).put(pdfBytes);
    const attachment = await prisma.agentAttachment.create({
      data: {
        tenantId: hr.tenant.id,
        userId: hr.user.id,
        filename: 'first-aid.pdf',
        contentType: 'application/pdf',
        size: blob.size,
        sha256: blob.sha256,
      },
    });
    await prisma.certification.update({ where: { id: made.id }, data: { documentAttachmentId: attachment.id } });
  }
  return made.id;
}

/** An employment certificate of `holder` (no salary) issued by themself through the engine. Answers its id. */
export async function employmentCertificateOf(prisma: PrismaClient, holder: DemoKey): Promise<string> {
  const actor = await actorOf(prisma, holder);
  const issued = await issueEmploymentCertificate(
    prisma,
    actor,
    { employeeId: actor.employee!.id },
    { clock: testClock(), blobs: blobStoreFor(testConfig()) },
  );
  return issued.id;
}

/**
 * The matrix samples of Certificates: the caller's own record or certificate where they write one, Alice's where
 * they read or change one (seen by her, her manager, the director above him and HR).
 */
export function certificatesSamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  const own = async (who: DemoKey) =>
    (await db().employee.findFirstOrThrow({ where: { userId: (await actorOf(db(), who)).user.id } })).id;
  return {
    list_certifications: async () => ({ method: 'GET', url: '/api/certificates/certifications' }),
    create_certification: async (who) => ({
      method: 'POST',
      url: '/api/certificates/certifications',
      payload: {
        employeeId: await own(who),
        kind: 'licence',
        name: 'Driving licence',
        issuer: 'Road authority',
        issueDate: '2020-01-15',
      },
    }),
    get_certification: async () => ({
      method: 'GET',
      url: `/api/certificates/certifications/${await certificationOf(db(), 'alice')}`,
    }),
    update_certification: async () => ({
      method: 'PATCH',
      url: `/api/certificates/certifications/${await certificationOf(db(), 'alice')}`,
      payload: { number: 'FA-2' },
    }),
    delete_certification: async () => ({
      method: 'DELETE',
      url: `/api/certificates/certifications/${await certificationOf(db(), 'alice')}`,
    }),
    attach_certification_document: async () => ({
      method: 'PUT',
      url: `/api/certificates/certifications/${await certificationOf(db(), 'alice')}/document?filename=scan.pdf`,
      payload: pdfBytes,
      headers: { 'content-type': 'application/pdf' },
    }),
    download_certification_document: async () => ({
      method: 'GET',
      url: `/api/certificates/certifications/${await certificationOf(db(), 'alice', { document: true })}/document`,
    }),
    issue_employment_certificate: async (who) => ({
      method: 'POST',
      url: '/api/certificates/employment-certificates',
      payload: { employeeId: await own(who), purpose: 'Bank' },
    }),
    list_employment_certificates: async () => ({ method: 'GET', url: '/api/certificates/employment-certificates' }),
    get_employment_certificate: async () => ({
      method: 'GET',
      url: `/api/certificates/employment-certificates/${await employmentCertificateOf(db(), 'alice')}`,
    }),
    download_employment_certificate: async () => ({
      method: 'GET',
      url: `/api/certificates/employment-certificates/${await employmentCertificateOf(db(), 'alice')}/pdf`,
    }),
  };
}
