import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

/**
 * "Payslips 2026" answers with that year's payslips (payslipYear.ts), where the year was dropped and the latest
 * payslip told.
 */
const TOOLS = registryTools([...AGENT_OPERATIONS, 'list_payslips']);
const EUR = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });
const slip = (period: string, amountMinor: number) => ({
  period,
  runStatus: 'PAID',
  employeeName: 'Alice Anders',
  gross: EUR(amountMinor),
  deductions: EUR(0),
  reimbursements: EUR(0),
  total: EUR(amountMinor),
  lines: [],
});
const PAYSLIPS = { payslips: [slip('2025-12', 500000), slip('2026-01', 550000), slip('2026-02', 560000)] };

function replyTo(text: string): string {
  const chat = new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' });
  expect(chat.say(text)).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'list_payslips', arguments: {} }] });
  const step = chat.answer({ ok: true, result: PAYSLIPS });
  return step.type === 'reply' ? step.text : '';
}

describe("a year's payslips", () => {
  it('"payslips 2026" tells the payslips of 2026', () => {
    const text = replyTo('payslips 2026');
    expect(text).toContain('January 2026');
    expect(text).toContain('February 2026');
    expect(text).not.toContain('December 2025');
  });

  it('"my payslips for 2025" tells those of 2025', () => {
    const text = replyTo('my payslips for 2025');
    expect(text).toContain('December 2025');
    expect(text).not.toContain('2026');
  });

  it('with no year, still the latest payslip', () => {
    expect(replyTo('show my payslips')).toContain('Your payslip for February 2026');
  });
});
