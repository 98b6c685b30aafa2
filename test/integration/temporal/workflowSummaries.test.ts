import { randomUUID } from 'node:crypto';
import { createRequest } from '../../../engines/leave/createRequest';
import { toDbDate } from '../../../engines/leave/dates';
import { leaveDaysText } from '../../../engines/leave/leaveSummary';
import { leaveRequestWords } from '../../../engines/leave/requestWords';
import { agentRunWords } from '../../../engines/agent/runSummary';
import {
  approvalWords,
  certificationWords,
  compensationChangeWords,
  dayText,
  lifecycleProcessWords,
  payrollRunWords,
  reviewCycleWords,
  timeEntryWords,
} from '../../../engines/workflowSummaries';
import { demoPeople } from '../../../prisma/seed';
import { certificationOf } from '../../support/certificates';
import { testClock } from '../../support/clock';
import { payrollRunOf, pendingChangeOf } from '../../support/compensationPayroll';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { seedDemoTenants } from '../../support/identity';
import { cleanWeek, recordingPort } from '../../support/leave';
import { reviewCycleOf } from '../../support/performance';
import { actorOf, timeEntryOf } from '../../support/timeTracking';

/**
 * The readers behind the workflows' summaries in words (engines/workflowSummaries.ts and the agent and leave
 * ones) against a real database: each names the person and the days of a real record, says its status, and answers
 * undefined for a record that is not there. The ports swallow a reader's failure (a summary never fails a start),
 * so a query that no longer fits the schema would only show as ids in the Temporal UI: this is where it fails.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
});
afterAll(async () => {
  await db?.drop();
});

const acmeId = async () => (await db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } })).id;
const missing = async () => ({ tenantId: await acmeId(), id: randomUUID() });

describe('the summaries in words of the workflows', () => {
  it('says a compensation change (who, from when, never the amount) and its approval (what, by whom)', async () => {
    const changeId = await pendingChangeOf(db.prisma, 'alice');
    const tenantId = await acmeId();
    const change = await db.prisma.compensationChange.findUniqueOrThrow({ where: { id: changeId } });
    const effective = dayText(change.effectiveDate.toISOString().slice(0, 10));
    expect(await compensationChangeWords(db.prisma, { tenantId, changeId })).toEqual({
      summary: `Compensation change: Alice Anders, effective ${effective}`,
      status: 'PENDING',
    });
    const approval = await db.prisma.approvalInstance.findFirstOrThrow({
      where: { requestType: 'compensation_change', subjectId: changeId },
    });
    expect(await approvalWords(db.prisma, { tenantId, instanceId: approval.id })).toEqual({
      summary: `Approval of a compensation change by ${demoPeople.manager.name}: ${approval.summary}`,
      status: 'PENDING',
    });
  });

  it('says a payroll run by its period and days, and who started it', async () => {
    const { runId } = await payrollRunOf(db.prisma, 'IN_REVIEW');
    const words = await payrollRunWords(db.prisma, { tenantId: await acmeId(), runId });
    expect(words).toEqual({
      summary: expect.stringMatching(
        new RegExp(
          `^Payroll run \\d{4}-\\d{2} \\(\\w{3} 1 – \\w{3} \\d{2} \\w{3} \\d{4}\\), started by ${demoPeople.hr.name}$`,
        ),
      ),
      status: 'IN_REVIEW',
    });
  });

  it('says an offboarding by the leaver and the last day', async () => {
    const tenantId = await acmeId();
    const bob = await db.prisma.employee.findFirstOrThrow({ where: { email: demoPeople.bob.email } });
    const process = await db.prisma.lifecycleProcess.create({
      data: {
        tenantId,
        kind: 'offboarding',
        employeeId: bob.id,
        anchorDate: toDbDate('2027-12-10'),
        status: 'ACTIVE',
        source: 'manual',
      },
    });
    expect(await lifecycleProcessWords(db.prisma, { tenantId, processId: process.id })).toEqual({
      summary: 'Offboarding: Bob Brown, last day Fri 10 Dec 2027',
      status: 'ACTIVE',
    });
  });

  it('says a review cycle by its name and days', async () => {
    const cycleId = await reviewCycleOf(db.prisma, 'SCHEDULED');
    const cycle = await db.prisma.reviewCycle.findUniqueOrThrow({ where: { id: cycleId } });
    const days = leaveDaysText(cycle.opensOn.toISOString().slice(0, 10), cycle.closesOn.toISOString().slice(0, 10));
    expect(await reviewCycleWords(db.prisma, { tenantId: await acmeId(), cycleId })).toEqual({
      summary: `Review cycle: Matrix cycle SCHEDULED, open ${days}`,
      status: 'SCHEDULED',
    });
  });

  it('says a clock entry by the person and the instant they clocked in, in the tenant’s zone', async () => {
    const entryId = await timeEntryOf(db.prisma, 'carol');
    const words = await timeEntryWords(db.prisma, { tenantId: await acmeId(), entryId });
    expect(words).toEqual({
      summary: expect.stringMatching(
        /^Clock-out watch: Carol Chen, clocked in \w{3} \d{1,2} \w{3} \d{4} \d{2}:\d{2} \(Europe\/Berlin\)$/,
      ),
      status: 'OPEN',
    });
  });

  it('says a certification by its holder and name', async () => {
    const certificationId = await certificationOf(db.prisma, 'alice');
    expect(await certificationWords(db.prisma, { tenantId: await acmeId(), certificationId })).toEqual({
      summary: 'Expiry reminders: Alice Anders, First aid (certification)',
    });
  });

  it('says a pending leave request and whom it waits for', async () => {
    const alice = await actorOf(db.prisma, 'alice');
    const { monday, friday } = await cleanWeek(db.prisma, 'alice', 90);
    const { request } = await createRequest(
      db.prisma,
      alice,
      { start_date: monday, end_date: friday },
      { port: recordingPort().port, clock: testClock() },
    );
    const approval = await db.prisma.approvalInstance.findUnique({
      where: { requestType_subjectId: { requestType: 'leave', subjectId: request.id } },
      select: { id: true, currentStep: true, status: true },
    });
    expect(await leaveRequestWords(db.prisma, { tenantId: alice.tenant.id, requestId: request.id }, approval)).toEqual({
      employee: 'Alice Anders',
      policy: 'Annual leave',
      days: leaveDaysText(monday, friday),
      waitingFor: [demoPeople.manager.name],
    });
  });

  it('says an agent run by its person, its day and its thread’s title', async () => {
    const alice = await actorOf(db.prisma, 'alice');
    const thread = await db.prisma.agentThread.create({
      data: {
        tenantId: alice.tenant.id,
        userId: alice.user.id,
        title: 'Book annual leave from 2027-12-06 to 2027-12-10 for a family trip',
      },
    });
    const words = await agentRunWords(
      db.prisma,
      { tenantId: alice.tenant.id, threadId: thread.id, createdAt: new Date('2027-12-01T23:30:00Z') },
      alice.user.name,
    );
    // 23:30 UTC is already the next day in Acme's calendar (Europe/Berlin).
    expect(words).toEqual({
      summary:
        'Agent run for Alice Anders on Thu 2 Dec 2027, thread “Book annual leave from 2027-12-06 to 2027-12-10 for a…”',
      userName: 'Alice Anders',
      threadTitle: 'Book annual leave from 2027-12-06 to 2027-12-10 for a family trip',
    });
  });

  it('answers nothing for a record that is not there', async () => {
    const { tenantId, id } = await missing();
    expect(await approvalWords(db.prisma, { tenantId, instanceId: id })).toBeUndefined();
    expect(await payrollRunWords(db.prisma, { tenantId, runId: id })).toBeUndefined();
    expect(await compensationChangeWords(db.prisma, { tenantId, changeId: id })).toBeUndefined();
    expect(await lifecycleProcessWords(db.prisma, { tenantId, processId: id })).toBeUndefined();
    expect(await reviewCycleWords(db.prisma, { tenantId, cycleId: id })).toBeUndefined();
    expect(await timeEntryWords(db.prisma, { tenantId, entryId: id })).toBeUndefined();
    expect(await certificationWords(db.prisma, { tenantId, certificationId: id })).toBeUndefined();
    expect(await leaveRequestWords(db.prisma, { tenantId, requestId: id }, null)).toBeUndefined();
  });

  it('keeps a record of another tenant out', async () => {
    const changeId = await pendingChangeOf(db.prisma, 'bob');
    const globex = await db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'globex.test' } });
    expect(await compensationChangeWords(db.prisma, { tenantId: globex.id, changeId })).toBeUndefined();
  });
});
