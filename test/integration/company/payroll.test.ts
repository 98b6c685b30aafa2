import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { addDays } from '../../../engines/leave/dates';
import { periodLabel, periodOf } from '../../../engines/payroll/periodLock';
import { startCompanyKit, type CompanyKit } from '../../support/companyKit';
import { todayOf } from '../../support/leave';
import { waitFor } from '../../support/waitFor';

/**
 * Payroll (company-api.md) through the HTTP API with the real workflow on a real worker: a run of last month gathers
 * every Acme payslip, waits for review, is approved and paid (today), closes its period, which then refuses changes;
 * the export's totals are the run's; who reads which payslip. The hand-computed payslip is the end-to-end test's
 * (test/e2e/companyPart2.test.ts); the arithmetic is unit-tested (test/unit/engines/payroll).
 */
let kit: CompanyKit;
let period: string;
let today: string;
beforeAll(async () => {
  kit = await startCompanyKit({ dayMs: 2_000 });
  today = await todayOf(kit.db.prisma, 'hr');
  const { year, month } = periodOf(today);
  period = periodLabel(month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });
});
afterAll(() => kit?.close());

type Money = { amountMinor: number; currency: string };
interface Payslip {
  id: string;
  employeeId: string;
  employeeName: string;
  currency: string;
  gross: Money;
  deductions: Money;
  reimbursements: Money;
  total: Money;
  lines: Array<{ kind: string; amount: Money }>;
}

const runOf = async (id: string) => (await kit.call('hr', 'GET', `/api/payroll/runs/${id}`)).json().data.run;
async function waitForRun(id: string, status: string) {
  await waitFor(`run ${id} to be ${status}`, async () => (await runOf(id)).status === status, { timeoutMs: 60_000 });
  return runOf(id);
}
async function allPayslips(runId: string): Promise<Payslip[]> {
  const out: Payslip[] = [];
  let cursor = '';
  do {
    const page = (await kit.call('hr', 'GET', `/api/payroll/payslips?runId=${runId}&limit=200${cursor}`)).json().data;
    out.push(...page.payslips);
    cursor = page.nextCursor ? `&cursor=${page.nextCursor}` : '';
  } while (cursor);
  return out;
}
const idOf = async (email: string) => (await kit.db.prisma.employee.findFirstOrThrow({ where: { email } })).id;

describe('a payroll run of last month', () => {
  let runId: string;

  it('gathers every payslip, each the sum of its lines, the run the sum of its payslips', async () => {
    const started = await kit.call('hr', 'POST', '/api/payroll/runs', { period });
    expect(started.statusCode).toBe(201);
    runId = started.json().data.run.id;
    const acme = await kit.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    expect(started.json().data.run).toMatchObject({
      period,
      status: 'GATHERING',
      workflowId: `payroll-run/${acme.id}/${runId}`,
    });
    const again = await kit.call('hr', 'POST', '/api/payroll/runs', { period });
    expect(again.statusCode).toBe(409);

    const run = await waitForRun(runId, 'IN_REVIEW');
    const employed = await kit.db.prisma.employee.count({ where: { tenantId: acme.id } });
    expect(run.payslips).toBe(employed);
    const payslips = await allPayslips(runId);
    expect(payslips).toHaveLength(employed);
    for (const p of payslips) {
      const lines = p.lines.reduce((sum, l) => sum + l.amount.amountMinor, 0);
      expect({ name: p.employeeName, total: p.total.amountMinor }).toEqual({ name: p.employeeName, total: lines });
      expect(p.total.amountMinor).toBe(p.gross.amountMinor + p.reimbursements.amountMinor);
    }
    expect(run.totals).toEqual([
      {
        currency: 'EUR',
        payslips: employed,
        gross: { amountMinor: payslips.reduce((s, p) => s + p.gross.amountMinor, 0), currency: 'EUR' },
        deductions: { amountMinor: payslips.reduce((s, p) => s + p.deductions.amountMinor, 0), currency: 'EUR' },
        reimbursements: {
          amountMinor: payslips.reduce((s, p) => s + p.reimbursements.amountMinor, 0),
          currency: 'EUR',
        },
        total: { amountMinor: payslips.reduce((s, p) => s + p.total.amountMinor, 0), currency: 'EUR' },
      },
    ]);
  });

  it('exports the run as CSV and XLSX with the run’s totals', async () => {
    const run = await runOf(runId);
    const csv = await kit.call('hr', 'GET', `/api/payroll/runs/${runId}/export?format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`payroll-${period}-`);
    const rows = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
    const total = rows.find((r) => r.employee === 'TOTAL')!;
    expect(rows.filter((r) => r.employee !== 'TOTAL')).toHaveLength(run.payslips);
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect([cents(total.gross!), cents(total.reimbursements!), cents(total.total!)]).toEqual([
      run.totals[0].gross.amountMinor,
      run.totals[0].reimbursements.amountMinor,
      run.totals[0].total.amountMinor,
    ]);
    const xlsx = await kit.call('hr', 'GET', `/api/payroll/runs/${runId}/export?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet(`Payroll ${period}`)!;
    const last = sheet.getRow(sheet.rowCount);
    expect([last.getCell(2).value, Math.round(Number(last.getCell(11).value) * 100)]).toEqual([
      'TOTAL',
      run.totals[0].total.amountMinor,
    ]);
    expect(sheet.rowCount).toBe(run.payslips + 2);
  });

  it('shows payslips in review to HR only; a person reads their own once paid, never another’s', async () => {
    const alice = await idOf('alice@acme.test');
    const mine = await kit.call('alice', 'GET', `/api/payroll/payslips?period=${period}`);
    expect(mine.json().data.payslips).toEqual([]);
    const hrView = (await allPayslips(runId)).find((p) => p.employeeId === alice)!;
    expect((await kit.call('alice', 'GET', `/api/payroll/payslips/${hrView.id}`)).statusCode).toBe(404);
    for (const who of ['manager', 'director', 'alice'] as const) {
      expect((await kit.call(who, 'GET', `/api/payroll/runs/${runId}`)).statusCode).toBe(403);
    }
  });

  it('is approved, paid on its pay date, and closes its period; the payslips reach their people', async () => {
    const bad = await kit.call('hr', 'POST', `/api/payroll/runs/${runId}/approve`, { payDate: addDays(today, -1) });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'bad_request']);
    expect(bad.json().reason).toContain('payDate');
    expect((await kit.call('manager', 'POST', `/api/payroll/runs/${runId}/approve`, {})).statusCode).toBe(403);
    const approved = await kit.call('hr', 'POST', `/api/payroll/runs/${runId}/approve`, {});
    expect(approved.json().data.run).toMatchObject({
      status: 'APPROVED',
      payDate: today,
      approvedBy: { name: 'Hannah Reyes' },
    });
    const paid = await waitForRun(runId, 'PAID');
    expect(paid.periodStatus).toBe('CLOSED');
    const periods = (await kit.call('alice', 'GET', `/api/payroll/periods?year=${period.slice(0, 4)}`)).json().data;
    expect(periods.periods.find((p: { period: string }) => p.period === period).status).toBe('CLOSED');

    const alice = await idOf('alice@acme.test');
    const mine = (await kit.call('alice', 'GET', `/api/payroll/payslips?period=${period}`)).json().data.payslips;
    expect(mine.map((p: Payslip) => p.employeeId)).toEqual([alice]);
    expect((await kit.call('alice', 'GET', `/api/payroll/payslips/${mine[0].id}`)).statusCode).toBe(200);
    const bobs = (await allPayslips(runId)).find((p) => p.employeeName === 'Bob Brown')!;
    for (const who of ['alice', 'manager', 'director'] as const) {
      expect((await kit.call(who, 'GET', `/api/payroll/payslips/${bobs.id}`)).statusCode).toBe(404);
    }
    await waitFor(
      'every payslip announced',
      async () => (await kit.db.prisma.payslip.count({ where: { runId, announcedAt: null } })) === 0,
    );
    const told = await kit.db.prisma.notification.count({ where: { kind: 'payroll.payslip_ready' } });
    expect(told).toBe(paid.payslips);
  });

  it('refuses, with 409, every change dated in the closed period, and a second run of it', async () => {
    const alice = await idOf('alice@acme.test');
    const day = `${period}-15`;
    const counts = async () => ({
      salaries: await kit.db.prisma.salary.count(),
      items: await kit.db.prisma.compensationItem.count(),
      runs: await kit.db.prisma.payrollRun.count(),
      entries: await kit.db.prisma.timeEntry.count(),
    });
    const before = await counts();
    const refusals = [
      await kit.call('hr', 'POST', '/api/payroll/runs', { period }),
      await kit.call('hr', 'POST', '/api/compensation/salaries', {
        employeeId: alice,
        effectiveDate: day,
        annualMinor: 7_000_000,
        currency: 'EUR',
      }),
      await kit.call('hr', 'POST', '/api/compensation/items', {
        employeeId: alice,
        kind: 'bonus',
        name: 'Late bonus',
        amountMinor: 1_000,
        currency: 'EUR',
        startDate: day,
      }),
      await kit.call('alice', 'POST', '/api/time-tracking/entries', {
        startedAt: `${day}T08:00:00.000Z`,
        endedAt: `${day}T12:00:00.000Z`,
      }),
    ];
    for (const res of refusals) {
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 409, error: 'conflict' });
      expect(res.json().reason).toContain(period);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('starting and cancelling runs', () => {
  it('refuses bad input and other roles, writing nothing', async () => {
    const next = periodOf(addDays(today, 40));
    const before = await kit.db.prisma.payrollRun.count();
    // Each 400 names what to fix: the field, or the unknown one.
    for (const [who, body, status, names] of [
      ['hr', { period: '2026-13' }, 400, 'period'],
      ['hr', { period: '26-10' }, 400, 'period'],
      ['hr', { period: periodLabel(next) }, 400, 'period'],
      ['hr', { period, extra: 1 }, 400, 'extra'],
      ['manager', { period: '2020-01' }, 403, undefined],
      ['alice', { period: '2020-01' }, 403, undefined],
    ] as const) {
      const res = await kit.call(who, 'POST', '/api/payroll/runs', body);
      expect({ who, body, status: res.statusCode }).toEqual({ who, body, status });
      if (names) expect({ body, reason: res.json().reason }).toEqual({ body, reason: expect.stringContaining(names) });
    }
    expect(await kit.db.prisma.payrollRun.count()).toBe(before);
  });

  it('cancels a run in review: its payslips go, and the month can be run again', async () => {
    const started = (await kit.call('hr', 'POST', '/api/payroll/runs', { period: '2020-03' })).json().data.run;
    await waitForRun(started.id, 'IN_REVIEW');
    expect(await kit.db.prisma.payslip.count({ where: { runId: started.id } })).toBeGreaterThan(0);
    const cancelled = await kit.call('hr', 'POST', `/api/payroll/runs/${started.id}/cancel`);
    expect(cancelled.json().data.run).toMatchObject({ status: 'CANCELLED', payslips: 0 });
    expect(await kit.db.prisma.payslip.count({ where: { runId: started.id } })).toBe(0);
    const again = await kit.call('hr', 'POST', `/api/payroll/runs/${started.id}/cancel`);
    expect([again.statusCode, again.json().reason]).toEqual([409, 'This payroll run is already CANCELLED']);
    const rerun = await kit.call('hr', 'POST', '/api/payroll/runs', { period: '2020-03' });
    expect(rerun.statusCode).toBe(201);
    const handle = kit.temporal.client.workflow.getHandle(cancelled.json().data.run.workflowId);
    expect(await handle.result()).toEqual({ status: 'CANCELLED', payslips: 0 });
  });
});
