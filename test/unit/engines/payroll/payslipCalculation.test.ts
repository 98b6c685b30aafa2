import { calculatePayslip, workingDaysIn, type PayslipInputs } from '../../../../engines/payroll/payslipCalculation';

/**
 * Payslip arithmetic, each expected amount computed by hand in the comment beside it. October 2026 has 31 days and
 * 22 working days (it begins on a Thursday; its public holiday, the 3rd, is a Saturday).
 */
const october = { start: '2026-10-01', end: '2026-10-31' };
const holidays = new Map([['2026-10-03', 'Day of German Unity']]);

function inputs(overrides: Partial<PayslipInputs> = {}): PayslipInputs {
  return {
    period: october,
    holidays,
    employment: { hireDate: '2020-03-01', terminationDate: null },
    salaries: [{ from: '2020-03-01', annualMinor: 6_600_000n, currency: 'EUR' }],
    allowances: [],
    bonuses: [],
    overtime: [],
    policy: { dailyTargetMinutes: 480, overtimeRatePercent: 125 },
    unpaidLeave: [],
    claims: [],
    ...overrides,
  };
}

const amounts = (draft: ReturnType<typeof calculatePayslip>) =>
  draft?.lines.map((l) => [l.kind, l.description, l.quantity, Number(l.amountMinor)]);

describe('calculatePayslip', () => {
  it('counts October 2026’s working days: 22', () => {
    expect(workingDaysIn(october.start, october.end, holidays)).toBe(22);
    expect(workingDaysIn('2026-12-01', '2026-12-31', new Map([['2026-12-25', 'Christmas Day']]))).toBe(22);
  });

  it('pays a full month with overtime, an allowance, a bonus, unpaid leave and a reimbursement', () => {
    const draft = calculatePayslip(
      inputs({
        allowances: [
          { id: 'a', name: 'Home office', monthlyMinor: 5_000n, currency: 'EUR', start: '2026-01-01', end: null },
        ],
        bonuses: [
          { id: 'b', name: 'Q3', amountMinor: 100_000n, currency: 'EUR', date: '2026-10-20' },
          { id: 'c', name: 'Next month', amountMinor: 999n, currency: 'EUR', date: '2026-11-02' },
        ],
        overtime: [{ timesheetId: 't', weekStart: '2026-10-05', weekEnd: '2026-10-11', minutes: 300 }],
        unpaidLeave: [{ requestId: 'l', startDate: '2026-10-22', endDate: '2026-10-23', halfDay: false }],
        claims: [{ id: 'x', title: 'Taxi', currency: 'EUR', totalMinor: 4_250n }],
      }),
    );
    expect(amounts(draft)).toEqual([
      // 6 600 000 × 31 / (12 × 31) = 550 000
      ['salary', 'Salary', '31 of 31 days', 550_000],
      // 300 × 6 600 000 × 125 / (52 × 2400 × 100) = 19 831.73 → 19 832
      ['overtime', 'Overtime, week of 2026-10-05', '300 minutes at 125%', 19_832],
      ['allowance', 'Allowance: Home office', '31 of 31 days', 5_000],
      ['bonus', 'Bonus: Q3', null, 100_000],
      // 2 days × 6 600 000 / (12 × 22) = 50 000
      ['unpaid_leave', 'Unpaid leave 2026-10-22 to 2026-10-23', '2 of 22 working days', -50_000],
      ['reimbursement', 'Expense claim: Taxi', null, 4_250],
    ]);
    expect(draft).toMatchObject({
      currency: 'EUR',
      grossMinor: 550_000n + 19_832n + 5_000n + 100_000n - 50_000n,
      deductionsMinor: 50_000n,
      reimbursementsMinor: 4_250n,
      totalMinor: 624_832n + 4_250n,
    });
  });

  it('pays a joiner and a leaver pro rata by calendar days', () => {
    const joiner = calculatePayslip(
      inputs({
        employment: { hireDate: '2026-10-15', terminationDate: null },
        salaries: [{ from: '2026-10-15', annualMinor: 6_000_000n, currency: 'EUR' }],
      }),
    );
    // 6 000 000 × 17 / 372 = 274 193.55 → 274 194
    expect(amounts(joiner)).toEqual([['salary', 'Salary 2026-10-15 to 2026-10-31', '17 of 31 days', 274_194]]);
    const leaver = calculatePayslip(
      inputs({
        employment: { hireDate: '2020-01-01', terminationDate: '2026-10-10' },
        salaries: [{ from: '2020-01-01', annualMinor: 6_000_000n, currency: 'EUR' }],
        unpaidLeave: [{ requestId: 'l', startDate: '2026-10-09', endDate: '2026-10-13', halfDay: false }],
      }),
    );
    expect(amounts(leaver)).toEqual([
      // 6 000 000 × 10 / 372 = 161 290.32 → 161 290
      ['salary', 'Salary 2026-10-01 to 2026-10-10', '10 of 31 days', 161_290],
      // Only the 9th is a working day while employed: 6 000 000 / 264 = 22 727.27 → 22 727
      ['unpaid_leave', 'Unpaid leave 2026-10-09 to 2026-10-13', '1 of 22 working days', -22_727],
    ]);
  });

  it('splits the salary at a raise, and deducts a half day at the salary of its day', () => {
    const draft = calculatePayslip(
      inputs({
        salaries: [
          { from: '2026-01-01', annualMinor: 6_000_000n, currency: 'EUR' },
          { from: '2026-10-16', annualMinor: 7_200_000n, currency: 'EUR' },
        ],
        unpaidLeave: [{ requestId: 'h', startDate: '2026-10-20', endDate: '2026-10-20', halfDay: true }],
      }),
    );
    expect(amounts(draft)).toEqual([
      // 6 000 000 × 15 / 372 = 241 935.48 → 241 935
      ['salary', 'Salary 2026-10-01 to 2026-10-15', '15 of 31 days', 241_935],
      // 7 200 000 × 16 / 372 = 309 677.42 → 309 677
      ['salary', 'Salary 2026-10-16 to 2026-10-31', '16 of 31 days', 309_677],
      // ½ × 7 200 000 / 264 = 13 636.36 → 13 636
      ['unpaid_leave', 'Unpaid leave 2026-10-20 to 2026-10-20', '0.5 of 22 working days', -13_636],
    ]);
  });

  it('pays nothing to someone neither employed with a salary nor owed a claim; leaves out other currencies', () => {
    expect(calculatePayslip(inputs({ salaries: [] }))).toBeNull();
    expect(calculatePayslip(inputs({ employment: { hireDate: '2026-11-01', terminationDate: null } }))).toBeNull();
    const mixed = calculatePayslip(
      inputs({ claims: [{ id: 'x', title: 'Hotel in New York', currency: 'USD', totalMinor: 20_000n }] }),
    );
    expect(mixed?.lines.map((l) => l.kind)).toEqual(['salary']);
    expect(mixed?.leftOut).toEqual(['Expense claim: Hotel in New York (200.00 USD)']);
  });
});
