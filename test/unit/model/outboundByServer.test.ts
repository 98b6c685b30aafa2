import { findExternalCall } from '../../../model/builtin/external';
import type { AgentTool } from '../../../model/types';

/**
 * An outbound tool asked of its server in everyday words (outboundByServer.ts): the server named as one, what the
 * tool's name names said without its verb, and a required month read as a pay period. Today is 10 March 2027.
 */
const PAYSLIP: AgentTool = {
  name: 'mcp__payroll__get_payslip',
  description: 'The payslip of a month',
  inputSchema: { type: 'object', properties: { month: { type: 'string' } }, required: ['month'] },
  kind: 'external',
};
const ECHO: AgentTool = {
  name: 'mcp__everything__echo',
  description: 'Echoes back the input string',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  kind: 'external',
};
const TOOLS = [PAYSLIP, ECHO];
const TODAY = '2027-03-10';

describe('an outbound tool asked of its server', () => {
  it.each([
    ['ask the payroll server for my payslip of last month', '2027-02'],
    ['get my October payslip from the payroll system', '2026-10'],
    ['payroll server: payslip for 2026-09', '2026-09'],
    ['call mcp__payroll__get_payslip for January', '2027-01'],
  ])('"%s" calls get_payslip for %s', (text, month) => {
    expect(findExternalCall(text, TOOLS, TODAY)).toEqual({
      tool: 'mcp__payroll__get_payslip',
      arguments: { month },
      missing: [],
    });
  });

  it('asks for the month when none is said', () => {
    expect(findExternalCall('the payroll server payslip', TOOLS, TODAY)?.missing).toEqual(['month']);
  });

  it('needs the server named as one: "my payslip for October" is no outbound call', () => {
    expect(findExternalCall('my payslip for October', TOOLS, TODAY)).toBeUndefined();
    expect(findExternalCall('start the payroll run for the payslips', TOOLS, TODAY)).toBeUndefined();
  });
});
