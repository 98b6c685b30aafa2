import { approvalFlowWorkflowId } from '../../../workflows/approvalFlow/messages';
import { lifecycleProcessWorkflowId } from '../../../workflows/lifecycleProcess/messages';
import { atsApplicationOf, atsOfferOf, atsOpeningOf, employeeIdOf } from '../../support/ats';
import { startCompanyKit, type CompanyKit } from '../../support/companyKit';
import { addDays } from '../../../engines/leave/dates';
import { todayOf } from '../../support/leave';
import { queuedWebhookOf } from '../../support/webhooks';
import { waitFor } from '../../support/waitFor';

/**
 * ATS offers (company-api.md, Recruiting) through the HTTP API with a real Temporal worker: an offer goes through
 * Approval Flows (its approval workflow runs; HR approves from the inbox), a recruiter records the candidate's
 * acceptance once (one employee through People's rules, the application hired, onboarding begun, the opening
 * closed when filled), concurrent acceptances hire once; withdrawal and decline.
 */
let kit: CompanyKit;
beforeAll(async () => {
  kit = await startCompanyKit();
});
afterAll(() => kit?.close());

const prisma = () => kit.db.prisma;
const offerBody = async () => ({
  startDate: addDays(await todayOf(prisma(), 'hr'), 21),
  annualMinor: 7_250_000,
  currency: 'EUR',
});

describe('an offer through Approval Flows, and the hire', () => {
  it('is approved from HR’s inbox, then accepted once: one employee, onboarding, the opening closed', async () => {
    const openingId = await atsOpeningOf(prisma(), { openings: 1 });
    const applicationId = await atsApplicationOf(prisma(), 'offer', { openingId });
    const early = await atsApplicationOf(prisma(), 'interview', { openingId });
    const notYet = await kit.call(
      'operationsManager',
      'POST',
      `/api/ats/applications/${early}/offers`,
      await offerBody(),
    );
    expect([notYet.statusCode, notYet.json().reason]).toEqual([
      409,
      'The application is at stage interview: offers are made at stage offer',
    ]);

    const made = await kit.call('operationsManager', 'POST', `/api/ats/applications/${applicationId}/offers`, {
      ...(await offerBody()),
      jobTitle: 'Senior Backend Engineer',
    });
    expect(made.statusCode).toBe(201);
    const offer = made.json().data.offer;
    expect(offer).toMatchObject({
      status: 'PENDING',
      jobTitle: 'Senior Backend Engineer',
      salary: { amountMinor: 7_250_000, currency: 'EUR' },
      managerId: await employeeIdOf(prisma(), 'manager'),
      approvalId: expect.any(String),
    });
    const events = ['ats.offer.approved', 'ats.offer.accepted'];
    const hrHook = await queuedWebhookOf(prisma(), 'hr', events);
    const managerHook = await queuedWebhookOf(prisma(), 'manager', events);
    const second = await kit.call('hr', 'POST', `/api/ats/applications/${applicationId}/offers`, await offerBody());
    expect([second.statusCode, second.json().reason]).toEqual([
      409,
      `The application has offer ${offer.id}, PENDING: one at a time`,
    ]);
    const early409 = await kit.call('operationsManager', 'POST', `/api/ats/offers/${offer.id}/accept`);
    expect([early409.statusCode, early409.json().reason]).toEqual([
      409,
      'The offer is PENDING: only an APPROVED offer is accepted',
    ]);

    const tenantId = (await prisma().tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } })).id;
    const workflow = kit.temporal.client.workflow.getHandle(approvalFlowWorkflowId(tenantId, offer.approvalId));
    await waitFor('the offer’s approval workflow to run', async () => {
      try {
        return (await workflow.describe()).status.name === 'RUNNING';
      } catch {
        return false;
      }
    });
    // The director sees Marcus, the hiring manager, but neither the offer nor its approval.
    expect((await kit.call('director', 'GET', `/api/approval-flows/approvals/${offer.approvalId}`)).statusCode).toBe(
      404,
    );
    expect((await kit.call('director', 'GET', `/api/ats/offers/${offer.id}`)).statusCode).toBe(404);
    const inbox = (await kit.call('hr', 'GET', '/api/approval-flows/approvals?assignee=me')).json().data.approvals;
    const waiting = inbox.find((a: { id: string }) => a.id === offer.approvalId);
    expect(waiting).toMatchObject({ requestType: 'offer', status: 'PENDING', flowName: 'HR' });
    expect(waiting.summary).toMatch(
      /^Offer to Casey Candidate \d+: Senior Backend Engineer, starting \d{4}-\d{2}-\d{2}$/,
    );
    const approved = await kit.call('hr', 'POST', `/api/approval-flows/approvals/${offer.approvalId}/approve`, {});
    expect(approved.json().data.outcome).toBe('approved');
    await waitFor('the approval workflow to end', async () => (await workflow.describe()).status.name === 'COMPLETED');
    expect((await kit.call('operationsManager', 'GET', `/api/ats/offers/${offer.id}`)).json().data.offer.status).toBe(
      'APPROVED',
    );
    const oscar = await prisma().user.findFirstOrThrow({ where: { email: 'operations.manager@acme.test' } });
    expect(await prisma().notification.count({ where: { userId: oscar.id, kind: 'ats.offer_approved' } })).toBe(1);

    // The hiring manager does not record the candidate's answer: a recruiter or HR does.
    expect((await kit.call('manager', 'POST', `/api/ats/offers/${offer.id}/accept`)).statusCode).toBe(403);
    const top = await prisma().employee.aggregate({ where: { tenantId }, _max: { employeeNumber: true } });
    const key = { 'idempotency-key': `accept-${offer.id}` };
    const accepted = await kit.call('operationsManager', 'POST', `/api/ats/offers/${offer.id}/accept`, undefined, key);
    expect(accepted.statusCode).toBe(200);
    const hire = accepted.json().data;
    expect(hire.offer).toMatchObject({ status: 'ACCEPTED', employeeId: hire.employeeId });
    const candidate = (await prisma().application.findUniqueOrThrow({ where: { id: applicationId } })).candidateId;
    const { email } = await prisma().candidate.findUniqueOrThrow({ where: { id: candidate } });
    const employees = await prisma().employee.findMany({ where: { tenantId, email } });
    expect(employees).toHaveLength(1);
    expect(employees[0]).toMatchObject({
      id: hire.employeeId,
      employeeNumber: top._max.employeeNumber! + 1,
      jobTitle: 'Senior Backend Engineer',
      managerId: await employeeIdOf(prisma(), 'manager'),
      hireDate: new Date(`${offer.startDate}T00:00:00.000Z`),
    });
    const application = (await kit.call('hr', 'GET', `/api/ats/applications/${applicationId}`)).json().data.application;
    expect(application).toMatchObject({ stage: 'hired', employeeId: hire.employeeId });
    expect(application.history.at(-1)).toMatchObject({ fromStage: 'offer', toStage: 'hired' });
    expect(await prisma().lifecycleProcess.findUnique({ where: { offerId: offer.id } })).toMatchObject({
      id: hire.onboardingProcessId,
      kind: 'onboarding',
      employeeId: hire.employeeId,
      source: 'hire',
    });
    const salaries = await prisma().salary.findMany({ where: { employeeId: hire.employeeId } });
    expect(salaries.map((r) => [r.effectiveDate, r.annualMinor, r.currency])).toEqual([
      [new Date(`${offer.startDate}T00:00:00.000Z`), 7_250_000n, 'EUR'],
    ]);
    // Its onboarding's workflow was started after the commit, and runs.
    const onboarding = kit.temporal.client.workflow.getHandle(
      lifecycleProcessWorkflowId('onboarding', tenantId, hire.onboardingProcessId),
    );
    expect((await onboarding.describe()).status.name).toBe('RUNNING');
    expect((await kit.call('hr', 'GET', `/api/ats/openings/${openingId}`)).json().data.opening).toMatchObject({
      status: 'CLOSED',
      hired: 1,
    });
    // The other candidates stay where they were: their recruiters reject them; an offer still out hires nobody.
    expect((await prisma().application.findUniqueOrThrow({ where: { id: early } })).stage).toBe('interview');
    const late = await atsOfferOf(prisma(), 'APPROVED', { openingId });
    const filled = await kit.call('hr', 'POST', `/api/ats/offers/${late}/accept`);
    expect([filled.statusCode, filled.json().reason]).toEqual([
      409,
      'The opening is CLOSED: all 1 of its positions are filled',
    ]);

    const listed = (
      await kit.call('operationsManager', 'GET', `/api/ats/offers?openingId=${openingId}&status=ACCEPTED`)
    ).json().data;
    expect(listed.offers.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
      [offer.id, 'ACCEPTED'],
    ]);
    expect((await kit.call('director', 'GET', '/api/ats/offers')).json().data.offers).toEqual([]);

    // Candidates and pay are not for every webhook: HR's hears of the hire, without the salary; the hiring
    // manager's (a MANAGER's role) does not.
    const delivered = await hrHook.deliveries();
    expect(delivered.map((d) => d.eventType)).toEqual(events);
    expect(delivered[1]!.payload).toMatchObject({ data: { offerId: offer.id, employeeId: hire.employeeId } });
    expect(JSON.stringify(delivered.map((d) => d.payload))).not.toContain('7250000');
    expect(await managerHook.deliveries()).toEqual([]);

    const replay = await kit.call('operationsManager', 'POST', `/api/ats/offers/${offer.id}/accept`, undefined, key);
    expect([replay.statusCode, replay.json().data.employeeId]).toEqual([200, hire.employeeId]);
    const again = await kit.call('hr', 'POST', `/api/ats/offers/${offer.id}/accept`, undefined, {
      'idempotency-key': `again-${offer.id}`,
    });
    expect([again.statusCode, again.json().reason]).toEqual([
      409,
      `The offer is ACCEPTED already: employee ${hire.employeeId}`,
    ]);
    expect(await prisma().employee.count({ where: { tenantId, email } })).toBe(1);
  });

  it('hires once when two acceptances race', async () => {
    const offerId = await atsOfferOf(prisma(), 'APPROVED');
    const answers = await Promise.all(
      ['a', 'b'].map((k) =>
        kit.call('hr', 'POST', `/api/ats/offers/${offerId}/accept`, undefined, { 'idempotency-key': `race-${k}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const offer = await prisma().offer.findUniqueOrThrow({ where: { id: offerId } });
    const application = await prisma().application.findUniqueOrThrow({ where: { id: offer.applicationId } });
    const { email } = await prisma().candidate.findUniqueOrThrow({ where: { id: application.candidateId } });
    expect(await prisma().employee.count({ where: { email } })).toBe(1);
    expect(await prisma().lifecycleProcess.count({ where: { offerId } })).toBe(1);
  });

  it('refuses a hire when an employee already has the candidate’s e-mail address, and writes nothing', async () => {
    const offerId = await atsOfferOf(prisma(), 'APPROVED');
    const offer = await prisma().offer.findUniqueOrThrow({ where: { id: offerId } });
    const application = await prisma().application.findUniqueOrThrow({ where: { id: offer.applicationId } });
    await prisma().candidate.update({ where: { id: application.candidateId }, data: { email: 'bob@acme.test' } });
    const employees = await prisma().employee.count();
    const res = await kit.call('hr', 'POST', `/api/ats/offers/${offerId}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toMatch(/^email: employee 7 already has the address bob@acme.test/);
    expect(await prisma().employee.count()).toBe(employees);
    expect((await prisma().offer.findUniqueOrThrow({ where: { id: offerId } })).status).toBe('APPROVED');
  });
});

describe('withdrawing and declining', () => {
  it('withdraws a pending offer (its approval ends), records a decline, and rejects once no offer binds', async () => {
    const applicationId = await atsApplicationOf(prisma(), 'offer');
    const first = (
      await kit.call('hr', 'POST', `/api/ats/applications/${applicationId}/offers`, await offerBody())
    ).json().data.offer;
    const reject = () =>
      kit.call('hr', 'POST', `/api/ats/applications/${applicationId}/reject`, { reason: 'position_filled' });
    const bound = await reject();
    expect([bound.statusCode, bound.json().reason]).toEqual([
      409,
      `Its offer ${first.id} is PENDING: withdraw the offer first`,
    ]);
    const withdrawn = await kit.call('manager', 'POST', `/api/ats/offers/${first.id}/withdraw`);
    expect(withdrawn.json().data.offer.status).toBe('WITHDRAWN');
    expect((await prisma().approvalInstance.findUniqueOrThrow({ where: { id: first.approvalId } })).status).toBe(
      'CANCELLED',
    );
    const twice = await kit.call('manager', 'POST', `/api/ats/offers/${first.id}/withdraw`);
    expect([twice.statusCode, twice.json().reason]).toEqual([
      409,
      'The offer is WITHDRAWN: only a PENDING or APPROVED offer is withdrawn',
    ]);

    const second = (
      await kit.call('hr', 'POST', `/api/ats/applications/${applicationId}/offers`, await offerBody())
    ).json().data.offer;
    await kit.call('hr', 'POST', `/api/approval-flows/approvals/${second.approvalId}/approve`, {});
    const declined = await kit.call('operationsManager', 'POST', `/api/ats/offers/${second.id}/decline`);
    expect(declined.json().data.offer).toMatchObject({ status: 'DECLINED', respondedAt: expect.any(String) });
    const late = await kit.call('hr', 'POST', `/api/ats/offers/${second.id}/accept`);
    expect([late.statusCode, late.json().reason]).toEqual([
      409,
      'The offer is DECLINED: only an APPROVED offer is accepted',
    ]);
    expect((await reject()).json().data.application.stage).toBe('rejected');
  });
});
