import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { addDays, dayOfWeek, todayIn } from '../../engines/leave/dates';
import { testClock } from '../support/clock';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { pngBytes } from '../support/expenses';
import { tokenFor, type DemoKey } from '../support/identity';
import { spawnSvcHr, waitUntilReady, type SvcHrProcess } from '../support/svcHrProcess';
import { testTemporalAddress, uniqueTaskQueue } from '../support/temporalServer';
import { waitFor } from '../support/waitFor';

/**
 * A month of Company API part 2 end to end, through the HTTP API of a real `svc-hr start` process only (issue 19):
 * HR hires Nina, who accepts her invitation; she clocks a week with an hour of overtime a day, takes two days of
 * unpaid leave, claims a taxi with its receipt and asks to work from Lisbon; her manager approves everything through
 * his Approval Flows inbox; HR runs payroll for the month, and her payslip shows the salary, the overtime, the
 * reimbursement and the unpaid-leave deduction, each equal to the hand computation below; the run is paid, its
 * period closes, and the export opens as CSV and XLSX with the run's totals.
 */
let db: TestDatabase;
let proc: SvcHrProcess;
const tokens = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  proc = await spawnSvcHr('start', {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    TEMPORAL_TASK_QUEUE: uniqueTaskQueue('payroll-month'),
    SVC_HR_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-payroll-month-')),
    SVC_HR_RATE_LIMIT_PER_MINUTE: '100000',
    SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
  });
  await waitUntilReady(proc);
  for (const who of ['hr', 'admin', 'manager'] as DemoKey[]) tokens.set(who, await tokenFor(db.prisma, who));
});
afterAll(async () => {
  proc?.killGroup('SIGKILL');
  await proc?.exited;
  await db?.drop();
});

/** Calls the running service as `who` (a demo person, or `nina` once she has her token). */
async function call(who: string, method: string, url: string, body?: object | Buffer, type = 'application/json') {
  const res = await fetch(`${proc.baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens.get(who)}`,
      ...(body ? { 'content-type': type } : {}),
    },
    ...(body ? { body: Buffer.isBuffer(body) ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
  return { status: res.status, json, text, headers: res.headers, bytes: Buffer.from(text, 'latin1') };
}
async function ok(who: string, method: string, url: string, body?: object | Buffer, type?: string) {
  const res = await call(who, method, url, body, type);
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${res.text}`);
  return res.json?.data;
}

/** The manager decides, from his inbox, the approval of `requestType` about Nina. */
async function managerApproves(requestType: string, employeeId: string) {
  let approvalId: string | undefined;
  await waitFor(`the manager’s inbox to hold Nina’s ${requestType}`, async () => {
    const inbox = await ok(
      'manager',
      'GET',
      `/api/approval-flows/approvals?assignee=me&status=PENDING&requestType=${requestType}`,
    );
    approvalId = inbox.approvals.find((a: { subjectEmployeeId: string }) => a.subjectEmployeeId === employeeId)?.id;
    return approvalId !== undefined;
  });
  const decided = await ok('manager', 'POST', `/api/approval-flows/approvals/${approvalId}/approve`, {});
  expect(decided.outcome).toBe('approved');
}

describe('a month of time, expenses, leave and payroll, through the HTTP API', () => {
  it('pays Nina’s month as computed by hand, closes it, and exports the same totals', async () => {
    // The month before the tests' today, in Acme's calendar (Europe/Berlin).
    const today = todayIn('Europe/Berlin', testClock().now());
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const [py, pm] = month === 1 ? [year - 1, 12] : [year, month - 1];
    const period = `${py}-${String(pm).padStart(2, '0')}`;
    const first = `${period}-01`;
    const days = new Date(Date.UTC(py, pm, 0)).getUTCDate();
    const last = `${period}-${String(days).padStart(2, '0')}`;
    const holidays = new Set<string>(
      (await ok('hr', 'GET', `/api/leave/holidays?year=${py}`)).holidays.map((h: { date: string }) => h.date),
    );
    const working = (d: string) => dayOfWeek(d) >= 1 && dayOfWeek(d) <= 5 && !holidays.has(d);

    // HR hires Nina (reporting to the engineering manager) a year before the month, with a salary of 60 000.00 EUR.
    const people = (await ok('hr', 'GET', '/api/people?limit=200')).people;
    const managerEmployee = people.find((p: { email: string }) => p.email === 'manager@acme.test');
    const hired = await ok('hr', 'POST', '/api/people', {
      name: 'Nina Nowak',
      email: 'nina@acme.test',
      jobTitle: 'Software Engineer',
      hireDate: `${py - 1}-${String(pm).padStart(2, '0')}-01`,
      managerId: managerEmployee.id,
    });
    const nina = hired.person.id;
    const invited = await ok('admin', 'POST', '/api/users/invitations', {
      email: 'nina@acme.test',
      name: 'Nina Nowak',
      employeeId: nina,
    });
    const accepted = await fetch(`${proc.baseUrl}/api/users/invitations/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invitation: invited.secret }),
    });
    tokens.set('nina', ((await accepted.json()) as { data: { secret: string } }).data.secret);
    await ok('hr', 'POST', '/api/compensation/salaries', {
      employeeId: nina,
      effectiveDate: hired.person.hireDate,
      annualMinor: 6_000_000,
      currency: 'EUR',
    });

    // A week wholly in the month, with no public holiday: nine hours a day with a 30-minute break, five days.
    let monday = first;
    while (!(dayOfWeek(monday) === 1 && [0, 1, 2, 3, 4].every((i) => working(addDays(monday, i))))) {
      monday = addDays(monday, 1);
    }
    expect(addDays(monday, 6) <= last).toBe(true);
    for (let i = 0; i < 5; i += 1) {
      const day = addDays(monday, i);
      await ok('nina', 'POST', '/api/time-tracking/entries', {
        startedAt: `${day}T06:30:00.000Z`,
        endedAt: `${day}T16:00:00.000Z`,
        breakMinutes: 30,
      });
    }
    const week = (await ok('nina', 'GET', `/api/time-tracking/timesheets/week?date=${monday}`)).week;
    expect(week).toMatchObject({ workedMinutes: 2_700, targetMinutes: 2_400, overtimeMinutes: 300 });
    await ok('nina', 'POST', '/api/time-tracking/timesheets', { weekStart: monday });
    await managerApproves('timesheet', nina);

    // Two working days of unpaid leave after that week (HR lets unpaid leave be recorded up to 90 days back).
    const policies = (await ok('hr', 'GET', '/api/leave/policies')).policies;
    const unpaid = policies.find((p: { name: string }) => p.name === 'Unpaid leave');
    await ok('hr', 'PATCH', `/api/leave/policies/${unpaid.id}`, { maxPastDays: 90 });
    let leaveDay = addDays(monday, 7);
    while (!(working(leaveDay) && working(addDays(leaveDay, 1)))) leaveDay = addDays(leaveDay, 1);
    expect(addDays(leaveDay, 1) <= last).toBe(true);
    await ok('nina', 'POST', '/api/leave/requests', {
      startDate: leaveDay,
      endDate: addDays(leaveDay, 1),
      policy: 'Unpaid leave',
      reason: 'Moving flat',
    });
    await managerApproves('leave', nina);

    // A taxi of 42.50 EUR with its receipt, and a fortnight in Lisbon next month.
    const receipt = (await ok('nina', 'POST', '/api/expenses/receipts?filename=taxi.png', pngBytes, 'image/png'))
      .attachment;
    await ok('nina', 'POST', '/api/expenses/claims', {
      title: 'Taxi to the client',
      lines: [
        {
          category: 'Taxi',
          date: addDays(today, -1),
          description: 'Taxi',
          amountMinor: 4_250,
          currency: 'EUR',
          receiptAttachmentId: receipt.id,
        },
      ],
      submit: true,
    });
    await managerApproves('expense_claim', nina);
    await ok('nina', 'POST', '/api/work-from-anywhere/requests', {
      country: 'PT',
      city: 'Lisbon',
      startDate: addDays(today, 30),
      endDate: addDays(today, 43),
    });
    await managerApproves('work_from_anywhere', nina);

    // HR runs payroll for the month.
    const started = (await ok('hr', 'POST', '/api/payroll/runs', { period })).run;
    await waitFor(
      'the run to be gathered',
      async () => (await ok('hr', 'GET', `/api/payroll/runs/${started.id}`)).run.status === 'IN_REVIEW',
      {
        timeoutMs: 60_000,
      },
    );
    const payslip = (await ok('hr', 'GET', `/api/payroll/payslips?runId=${started.id}&employeeId=${nina}`)).payslips[0];

    // By hand. The month's salary is the yearly one over twelve: 6 000 000 / 12 = 500 000. The hourly rate is the
    // yearly salary over 52 weeks of 40 hours; 300 minutes of overtime at 125 % is
    // 300 × 6 000 000 × 125 / (52 × 2 400 × 100) = 18 028.85 → 18 029. A day of unpaid leave costs the month's salary
    // over its working days (Monday to Friday, not a public holiday): two days, 2 × 500 000 / W. The taxi: 4 250.
    const workingDays = Array.from({ length: days }, (_, i) => addDays(first, i)).filter(working).length;
    const deduction = Math.round((2 * 500_000) / workingDays);
    const byKind = (kind: string) =>
      payslip.lines
        .filter((l: { kind: string }) => l.kind === kind)
        .map((l: { amount: { amountMinor: number } }) => l.amount.amountMinor);
    expect({
      salary: byKind('salary'),
      overtime: byKind('overtime'),
      unpaid: byKind('unpaid_leave'),
      reimbursement: byKind('reimbursement'),
    }).toEqual({ salary: [500_000], overtime: [18_029], unpaid: [-deduction], reimbursement: [4_250] });
    expect(payslip).toMatchObject({
      currency: 'EUR',
      gross: { amountMinor: 500_000 + 18_029 - deduction },
      deductions: { amountMinor: deduction },
      reimbursements: { amountMinor: 4_250 },
      total: { amountMinor: 500_000 + 18_029 - deduction + 4_250 },
    });

    // Approved and paid today: the period closes, and Nina reads her payslip.
    await ok('hr', 'POST', `/api/payroll/runs/${started.id}/approve`, {});
    await waitFor(
      'the run to be paid',
      async () => (await ok('hr', 'GET', `/api/payroll/runs/${started.id}`)).run.status === 'PAID',
      {
        timeoutMs: 60_000,
      },
    );
    const run = (await ok('hr', 'GET', `/api/payroll/runs/${started.id}`)).run;
    expect(run.periodStatus).toBe('CLOSED');
    const mine = (await ok('nina', 'GET', `/api/payroll/payslips?period=${period}`)).payslips;
    expect(mine.map((p: { id: string; total: object }) => [p.id, p.total])).toEqual([[payslip.id, payslip.total]]);
    const claims = (await ok('nina', 'GET', '/api/expenses/claims')).claims;
    expect(claims.map((c: { status: string }) => c.status)).toEqual(['REIMBURSED']);
    const late = await call('nina', 'POST', '/api/time-tracking/entries', {
      startedAt: `${addDays(monday, 5)}T08:00:00.000Z`,
      endedAt: `${addDays(monday, 5)}T10:00:00.000Z`,
    });
    expect([late.status, late.json.error]).toEqual([409, 'conflict']);

    // The export, as CSV and as XLSX: Nina's row and the totals are the run's.
    const csv = await call('hr', 'GET', `/api/payroll/runs/${started.id}/export?format=csv`);
    const rows = parse(csv.text, { columns: true }) as Array<Record<string, string>>;
    const ninaRow = rows.find((r) => r.employee === 'Nina Nowak')!;
    const cents = (text: string | undefined) => Math.round(Number(text) * 100);
    expect([ninaRow.salary, ninaRow.overtime, ninaRow.reimbursements].map(cents)).toEqual([500_000, 18_029, 4_250]);
    expect(cents(ninaRow.unpaid_leave)).toBe(-deduction);
    const csvTotal = rows.find((r) => r.employee === 'TOTAL')!;
    expect([cents(csvTotal.gross), cents(csvTotal.total)]).toEqual([
      run.totals[0].gross.amountMinor,
      run.totals[0].total.amountMinor,
    ]);
    const xlsx = await fetch(`${proc.baseUrl}/api/payroll/runs/${started.id}/export?format=xlsx`, {
      headers: { authorization: `Bearer ${tokens.get('hr')}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const total = sheet.getRow(sheet.rowCount);
    expect([
      total.getCell(2).value,
      cents(String(total.getCell(9).value)),
      cents(String(total.getCell(11).value)),
    ]).toEqual(['TOTAL', run.totals[0].gross.amountMinor, run.totals[0].total.amountMinor]);
  });
});
