import { findExternalCall } from '../../../model/builtin/external';
import type { AgentTool } from '../../../model/types';

const ECHO: AgentTool = {
  name: 'mcp__everything__echo',
  description: 'Echoes back the input string',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  kind: 'external',
};
const PAYSLIP: AgentTool = {
  name: 'mcp__payroll__get_payslip',
  description: 'The payslip of a month',
  inputSchema: { type: 'object', properties: { month: { type: 'string' } }, required: ['month'] },
  kind: 'external',
};
const TOOLS = [ECHO, PAYSLIP];

describe('external tools named in plain words', () => {
  it.each([
    ['call the echo tool of the everything server with the message hello', 'hello'],
    ['use the everything server to echo "good morning"', 'good morning'],
    ['run the echo tool with hello world', 'hello world'],
    ['echo hi there on the everything server', 'hi there'],
    ['call echo with hello on the everything server', 'hello'],
    ["use everything's echo to say hi there", 'hi there'],
    ['have the everything server echo back ping', 'ping'],
  ])('"%s" calls echo with its message', (text, message) => {
    expect(findExternalCall(text, TOOLS)).toEqual({
      tool: 'mcp__everything__echo',
      arguments: { message },
      missing: [],
    });
  });

  it('asks for the message when none is given', () => {
    expect(findExternalCall('call the echo tool of the everything server', TOOLS)?.missing).toEqual(['message']);
  });

  it('never takes a tool name alone from an ordinary sentence', () => {
    expect(findExternalCall('I heard an echo in the office', TOOLS)).toBeUndefined();
  });
});

describe('an outbound tool of a server that is gone', () => {
  it('never takes the same tool of another server when the request names its server', () => {
    const RECORDS_ECHO: AgentTool = { ...ECHO, name: 'mcp__records__echo' };
    // The everything server went offline: its tools left the catalogue; the records server has an echo too.
    expect(
      findExternalCall('call echo with offline on the everything server', [RECORDS_ECHO, PAYSLIP]),
    ).toBeUndefined();
    expect(findExternalCall('run the echo tool with hi', [RECORDS_ECHO, PAYSLIP])?.tool).toBe('mcp__records__echo');
  });
});
