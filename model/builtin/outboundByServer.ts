/**
 * An outbound tool asked of its server in everyday words: "ask the payroll server for my payslip of last month",
 * "get my October payslip from the payroll system". The request names the server as one ("the payroll server",
 * "the payroll system") and says what the tool's name names without its verb ("payslip" of get_payslip): when one
 * tool of that server fits, it is the one (the registry's own list_payslips is not what was asked for). A month the
 * tool requires is read from the request as a pay period, looking back ("October" in November is this October).
 */

import type { IsoDate } from './calendar';
import { normalise } from './keywords';
import { findPayPeriod } from './payPeriods';
import type { AgentTool } from '../types';

const VERBS = new Set(['get', 'list', 'fetch', 'read', 'show', 'find', 'search', 'lookup']);

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The tool of a server `text` names as a server or system, by the words of its name; where those words end. */
export function toolOfNamedServer(
  text: string,
  tools: readonly AgentTool[],
): { tool: AgentTool; end: number } | undefined {
  const found = tools.flatMap((tool) => {
    const m = /^mcp__(.+?)__(.+)$/i.exec(tool.name);
    if (tool.kind !== 'external' || !m) return [];
    const server = m[1]!.split(/[-_]+/).map(escaped).join('[-_\\s]+');
    if (!new RegExp(`(?<![\\w-])${server}(?:'s)?\\s+(?:mcp\\s+)?(?:server|system)\\b`, 'i').test(text)) return [];
    const words = m[2]!.split(/[-_]+/).filter((word) => word && !VERBS.has(word.toLowerCase()));
    if (words.length === 0) return [];
    let end = 0;
    for (const word of words) {
      const said = new RegExp(`(?<![\\w-])${escaped(word)}s?(?![\\w-])`, 'i').exec(text);
      if (!said) return [];
      end = Math.max(end, said.index + said[0].length);
    }
    return [{ tool, end }];
  });
  return found.length === 1 ? found[0] : undefined;
}

/** The month a tool requires (a `month` or `period` string), read from `text` as a pay period, when it says one. */
export function monthArgument(text: string, tool: AgentTool, today: IsoDate): Record<string, string> {
  const required = tool.inputSchema.required ?? [];
  const name = ['month', 'period'].find((key) => required.includes(key));
  if (name === undefined) return {};
  const type = (tool.inputSchema.properties?.[name] as { type?: unknown } | undefined)?.type;
  const period = type === 'string' ? findPayPeriod(normalise(text), today) : undefined;
  return period ? { [name]: period } : {};
}
