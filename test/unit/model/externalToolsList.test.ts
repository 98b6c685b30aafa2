import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';
import type { AgentTool, ModelStep } from '../../../model/types';

/** Which outbound tools a run offers, asked in words: told from the catalogue, nothing called (externalToolsList.ts). */
const PAYSLIP: AgentTool = {
  name: 'mcp__payroll__get_payslip',
  description: 'The payslip of a month. Asks the payroll system.',
  inputSchema: { type: 'object', properties: { month: { type: 'string' } }, required: ['month'] },
  kind: 'external',
};
const ECHO: AgentTool = {
  name: 'mcp__everything__echo',
  description: 'Echoes back the input string',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  kind: 'external',
};

function say(text: string, outbound: AgentTool[] = [PAYSLIP, ECHO]): ModelStep {
  const tools = [...registryTools(AGENT_OPERATIONS), ...outbound];
  return new Conversation(tools, { name: 'Marcus Miller', role: 'MANAGER' }).say(text);
}

describe('the outbound tools a run offers, asked in words', () => {
  it.each(['what tools does the everything server have', 'what can the everything system do'])(
    'lists the named server’s tools for "%s", calling none',
    (text) => {
      expect(say(text)).toEqual({
        type: 'reply',
        text: 'The everything server offers (each call waits for your approval):\n- mcp__everything__echo: Echoes back the input string',
      });
    },
  );

  it.each(['list the external tools', 'which mcp servers are connected'])(
    'lists every server’s tools for "%s"',
    (text) => {
      expect(say(text)).toEqual({
        type: 'reply',
        text:
          'External tools of the allow-listed servers (each call waits for your approval):\n' +
          'payroll:\n- mcp__payroll__get_payslip: The payslip of a month.\n' +
          'everything:\n- mcp__everything__echo: Echoes back the input string',
      });
    },
  );

  it('says a server offers nothing here rather than not understanding', () => {
    expect(say('tools of the github server')).toMatchObject({
      type: 'reply',
      text: expect.stringMatching(/^No tools of a "github" server/),
    });
    expect(say('list the external tools', [])).toMatchObject({
      type: 'reply',
      text: expect.stringMatching(/^No external tools/),
    });
  });

  it('still calls a tool asked for by its server', () => {
    expect(say('call the echo tool of the everything server with the message hello')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'mcp__everything__echo', arguments: { message: 'hello' } }],
    });
  });
});
