import { companyChat, ok, planned } from './conversation';

/**
 * Payslips as conversations with the built-in model (issue 19, item 6): the month's payslip with its lines and
 * totals as money, HR's own only, plainly none; and the help that names the company requests.
 */
describe('payslips', () => {
  const eur = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });
  const payslip = (employeeName: string, period: string) => ({
    period,
    runStatus: 'PAID',
    employeeName,
    currency: 'EUR',
    gross: eur(520_000),
    deductions: eur(30_000),
    reimbursements: eur(4_250),
    total: eur(524_250),
    lines: [
      { kind: 'salary', description: 'Salary', quantity: '31 of 31 days', amount: eur(550_000) },
      { kind: 'unpaid_leave', description: 'Unpaid leave', quantity: '1.5 days', amount: eur(-30_000) },
      { kind: 'reimbursement', description: 'Expense claim: Taxi', quantity: null, amount: eur(4_250) },
    ],
  });
  const OCTOBER =
    'Your payslip for October 2026 (payroll run PAID):\n' +
    '- Salary (31 of 31 days): 5500.00 EUR\n' +
    '- Unpaid leave (1.5 days): -300.00 EUR\n' +
    '- Expense claim: Taxi: 42.50 EUR\n' +
    'Gross 5200.00 EUR (after 300.00 EUR of deductions), reimbursements 42.50 EUR, total 5242.50 EUR before tax.';

  it("tells the month's payslip, its lines and totals as money", () => {
    const c = companyChat();
    expect(planned(c.say('show my payslip for October'))).toEqual({
      tool: 'list_payslips',
      arguments: { period: '2026-10' },
    });
    expect(c.answer(ok({ payslips: [payslip('Alice Martin', '2026-10')], nextCursor: null }))).toEqual({
      type: 'reply',
      text: OCTOBER,
    });
  });

  it('tells HR only their own payslip, and the latest one when no month is named', () => {
    const c = companyChat('HR_MANAGER');
    expect(planned(c.say('show my latest payslip'))).toEqual({ tool: 'list_payslips', arguments: {} });
    const payslips = [
      payslip('Bob Stone', '2026-10'),
      payslip('Alice Martin', '2026-09'),
      payslip('Alice Martin', '2026-10'),
    ];
    expect(c.answer(ok({ payslips, nextCursor: null }))).toEqual({ type: 'reply', text: OCTOBER });
  });

  it('says plainly when there is none', () => {
    const c = companyChat();
    c.say('show my payslip for October');
    expect(c.answer(ok({ payslips: [], nextCursor: null }))).toEqual({
      type: 'reply',
      text: 'You have no payslip for October 2026 yet: a payslip shows here once its payroll run is paid.',
    });
  });
});

describe('help', () => {
  it('names the company requests the run may make', () => {
    const step = companyChat().say('help');
    expect(step.type).toBe('reply');
    const text = step.type === 'reply' ? step.text : '';
    for (const part of [
      'clock you in and out',
      'record time you forgot to clock',
      'submit an expense',
      'ask to work from abroad',
      'tell you who is abroad',
      'show your payslips',
    ]) {
      expect(text).toContain(part);
    }
  });
});
