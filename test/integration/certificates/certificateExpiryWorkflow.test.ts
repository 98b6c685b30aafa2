import { addDays, fromDbDate, toDbDate } from '../../../engines/leave/dates';
import { certificationExpirySource, reconcileProcesses } from '../../../temporal/worker/processReconciler';
import { certificateExpiryWorkflowId } from '../../../workflows/certificateExpiry/messages';
import { startCompanyKit, type CompanyKit } from '../../support/companyKit';
import type { DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { waitFor } from '../../support/waitFor';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * The certificateExpiry workflow on the real dev server with a worker in this process, on a test time scale of
 * DAY_MS per calendar day: a certification expiring 8 days after it is recorded gets its 7-day reminder on day 1 and
 * its expiry reminder on day 8, never the 60- and 30-day ones (already past when recorded), each once; a renewal
 * plans the new date's reminders and drops the old one's; a deletion ends it; the reconciler starts a missed one.
 */
const DAY_MS = 1_000;
let kit: CompanyKit;
let today: string;

beforeAll(async () => {
  kit = await startCompanyKit({ dayMs: DAY_MS });
  today = await todayOf(kit.db.prisma, 'alice');
});
afterAll(async () => {
  await kit?.close();
});

const employeeOf = (who: DemoKey) => kit.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } });
const handleOf = (tenantId: string, id: string) =>
  kit.temporal.client.workflow.getHandle(certificateExpiryWorkflowId(tenantId, id));

async function record(holder: DemoKey, expiryDate: string, extra: object = {}) {
  const res = await kit.call('hr', 'POST', '/api/certificates/certifications', {
    employeeId: (await employeeOf(holder)).id,
    kind: 'licence',
    name: 'Forklift',
    issuer: 'Safety Board',
    issueDate: addDays(today, -700),
    expiryDate,
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.certification as { id: string; employeeId: string };
}

/** The reminders recorded as sent: `<expiry date> <kind>`, in the order sent. */
async function remindersOf(id: string): Promise<string[]> {
  const rows = await kit.db.prisma.certificationReminder.findMany({
    where: { certificationId: id },
    orderBy: { sentAt: 'asc' },
  });
  return rows.map((r) => `${fromDbDate(r.expiryDate)} ${r.kind}`);
}

const notificationsOf = (id: string, kind: string) =>
  kit.db.prisma.notification.findMany({
    where: { kind, data: { path: ['certificationId'], equals: id } },
    select: { userId: true, data: true },
  });

describe('the certificateExpiry workflow', () => {
  it('sends the 7-day and the expiry reminders on their days, once each, and flags an expired required licence to the manager', async () => {
    const hook = await queuedWebhookOf(kit.db.prisma, 'hr', [
      'certificates.certification.expiring',
      'certificates.certification.expired',
    ]);
    const expiry = addDays(today, 8);
    const recordedAt = Date.now();
    const cert = await record('alice', expiry, { required: true });
    const alice = await employeeOf('alice');
    const manager = await employeeOf('manager');

    await waitFor('the 7-day reminder', async () => (await remindersOf(cert.id)).length > 0, { timeoutMs: 20_000 });
    expect(Date.now() - recordedAt).toBeGreaterThanOrEqual(DAY_MS - 250);
    expect(await remindersOf(cert.id)).toEqual([`${expiry} 7d`]);

    const handle = handleOf(alice.tenantId, cert.id);
    expect(await handle.result()).toEqual({ expiryDate: expiry, sent: ['7d', 'expired'] });
    expect(Date.now() - recordedAt).toBeGreaterThanOrEqual(8 * DAY_MS - 250);
    expect(await remindersOf(cert.id)).toEqual([`${expiry} 7d`, `${expiry} expired`]);
    expect((await notificationsOf(cert.id, 'certificates.expiring')).map((n) => n.userId)).toEqual([alice.userId]);
    expect((await notificationsOf(cert.id, 'certificates.expired')).map((n) => n.userId)).toEqual([alice.userId]);
    const flagged = await notificationsOf(cert.id, 'certificates.required_expired');
    expect(flagged).toEqual([{ userId: manager.userId, data: expect.objectContaining({ flagged: true }) }]);
    const deliveries = (await hook.deliveries()).filter(
      (d) => (d.payload as { data: { certificationId?: string } }).data.certificationId === cert.id,
    );
    expect(deliveries.map((d) => d.eventType)).toEqual([
      'certificates.certification.expiring',
      'certificates.certification.expired',
    ]);
  });

  it('flags an expired required certification of someone without a manager to HR_MANAGER, ADMIN and OWNER', async () => {
    const expiry = addDays(today, 1);
    const cert = await record('owner', expiry, { required: true });
    const owner = await employeeOf('owner');
    expect(owner.managerId).toBeNull();
    expect(await handleOf(owner.tenantId, cert.id).result()).toEqual({ expiryDate: expiry, sent: ['expired'] });
    const hrUsers = await kit.db.prisma.user.findMany({
      where: { tenantId: owner.tenantId, role: { in: ['HR_MANAGER', 'ADMIN', 'OWNER'] }, deactivatedAt: null },
      select: { id: true },
    });
    const flagged = (await notificationsOf(cert.id, 'certificates.required_expired')).map((n) => n.userId).sort();
    // The holder is told as the holder, not flagged about themself.
    expect(flagged).toEqual(
      hrUsers
        .map((u) => u.id)
        .filter((id) => id !== owner.userId)
        .sort(),
    );
    expect(flagged.length).toBeGreaterThan(0);
    expect((await notificationsOf(cert.id, 'certificates.expired')).map((n) => n.userId)).toEqual([owner.userId]);
  });

  it('plans a renewed expiry date afresh and never sends the old date’s remaining reminder', async () => {
    const first = addDays(today, 8);
    const cert = await record('bob', first);
    await waitFor('the first date’s 7-day reminder', async () => (await remindersOf(cert.id)).length > 0, {
      timeoutMs: 20_000,
    });
    const renewed = addDays(today, 10);
    const res = await kit.call('bob', 'PATCH', `/api/certificates/certifications/${cert.id}`, { expiryDate: renewed });
    expect(res.statusCode).toBe(200);
    const handle = handleOf((await employeeOf('bob')).tenantId, cert.id);
    expect(await handle.result()).toEqual({ expiryDate: renewed, sent: ['7d', '7d', 'expired'] });
    // Day 8 (the first date's expiry) passed before day 10: its reminder was dropped with the date.
    expect(await remindersOf(cert.id)).toEqual([`${first} 7d`, `${renewed} 7d`, `${renewed} expired`]);
  });

  it('ends when its certification is deleted, sending nothing', async () => {
    const cert = await record('carol', addDays(today, 30));
    const handle = handleOf((await employeeOf('carol')).tenantId, cert.id);
    await waitFor('the workflow to wait for its first reminder', async () => {
      const { memo, status } = await handle.describe();
      return status.name === 'RUNNING' && memo !== undefined;
    });
    expect((await kit.call('hr', 'DELETE', `/api/certificates/certifications/${cert.id}`)).statusCode).toBe(200);
    expect(await handle.result()).toEqual({ expiryDate: null, sent: [] });
  });

  it('is started by the process reconciler for a certification whose workflow never started', async () => {
    const carol = await employeeOf('carol');
    const hr = await employeeOf('hr');
    // As if Temporal had been unreachable when the row committed: no workflow, no id.
    const row = await kit.db.prisma.certification.create({
      data: {
        tenantId: carol.tenantId,
        employeeId: carol.id,
        kind: 'certification',
        name: 'Negotiation',
        issuer: 'Sales Academy',
        issueDate: toDbDate(addDays(today, -10)),
        expiryDate: toDbDate(addDays(today, 1)),
        createdByUserId: hr.userId!,
      },
    });
    const pass = await reconcileProcesses({
      prisma: kit.db.prisma,
      sources: [certificationExpirySource(kit.ports.certificationExpiry)],
      graceMs: 0,
    });
    expect(pass).toEqual({ started: 1, failed: 0 });
    const after = await kit.db.prisma.certification.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.workflowId).toBe(certificateExpiryWorkflowId(carol.tenantId, row.id));
    // Expiring tomorrow: the 7-day moment had passed when the workflow first read it; only the expiry remains.
    expect(await handleOf(carol.tenantId, row.id).result()).toEqual({
      expiryDate: addDays(today, 1),
      sent: ['expired'],
    });
  });
});
