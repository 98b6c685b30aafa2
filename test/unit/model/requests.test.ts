import { builtinStep } from '../../../model/builtin/builtinModel';
import type { AgentTool, ModelInput, ModelStep } from '../../../model/types';
import { registryErrors, registryTools } from './catalogue';
import { REQUESTS, type RequestCase } from './requests.table';

const PAYSLIP: AgentTool = {
  name: 'mcp__payroll__get_payslip',
  description: 'The payslip of a month (payroll system)',
  inputSchema: { type: 'object', properties: { month: { type: 'string' } }, required: ['month'] },
  kind: 'external',
};

/** The echo tool of @modelcontextprotocol/server-everything, allow-listed as the server `everything`. */
const ECHO: AgentTool = {
  name: 'mcp__everything__echo',
  description: 'Echoes back the input string (MCP server everything)',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  kind: 'external',
};

function inputFor(c: RequestCase): ModelInput {
  return {
    messages: [{ role: 'user', text: c.text }],
    tools: [...registryTools(c.tools), ...(c.external ? [PAYSLIP, ECHO] : [])],
    today: c.today ?? '2026-11-23',
    timeZone: 'Europe/Paris',
    user: { name: 'Alice Martin', role: 'EMPLOYEE' },
  };
}

function registryCallErrors(step: ModelStep): string[] {
  if (step.type !== 'tool_calls') return [];
  return step.calls.filter((call) => !call.tool.startsWith('mcp__')).flatMap(registryErrors);
}

describe('the built-in model on the table of requests', () => {
  const outcomes = REQUESTS.map((c) => ({ c, actual: builtinStep(inputFor(c)) }));

  it('holds at least 70 requests, each written once', () => {
    expect(REQUESTS.length).toBeGreaterThanOrEqual(70);
    const keys = REQUESTS.map((c) => `${c.text}|${c.today ?? ''}|${(c.tools ?? []).join()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(outcomes.map((o) => [o.c.text + (o.c.today ? ` (today ${o.c.today})` : ''), o] as const))(
    'answers "%s" with the expected step',
    (_name, { c, actual }) => {
      expect(actual).toEqual(c.expected);
    },
  );

  it('plans only arguments the registry accepts', () => {
    const invalid = outcomes.flatMap(({ c, actual }) => registryCallErrors(actual).map((e) => `${c.text}: ${e}`));
    expect(invalid).toEqual([]);
  });

  it('gets every request of the table right (the accuracy the docs state)', () => {
    const passed = outcomes.filter(({ c, actual }) => JSON.stringify(actual) === JSON.stringify(c.expected)).length;
    const accuracy = `${passed}/${REQUESTS.length}`;
    // Printed so the figure in docs/model.md can be checked against a run.
    process.stdout.write(`built-in model accuracy on the request table: ${accuracy}\n`);
    expect(accuracy).toBe(`${REQUESTS.length}/${REQUESTS.length}`);
  });

  it('plans the same step twice for the same input (replay gives identical plans)', () => {
    for (const { c, actual } of outcomes) expect(builtinStep(inputFor(c))).toEqual(actual);
  });
});
