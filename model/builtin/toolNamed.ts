/**
 * A request that says a read tool's name and nothing else ("show my expense claims", "my time entries"): the
 * classifier's margin over a neighbour sharing a word ("expense categories") is no doubt then, so the read runs
 * rather than being asked about. Reads only: a write is never started on its name alone.
 */

import { type ToolGuess, stems } from './nearestTool';
import type { AgentTool } from '../types';

/** True when the content words of `request` are exactly the words of the read `tool`'s name. */
function namesReadTool(said: ReadonlySet<string>, tool: AgentTool): boolean {
  if (tool.kind !== 'read') return false;
  const name = new Set(stems(tool.name.replace(/^(?:list|get)_/, '').replace(/_/g, ' ')));
  return name.size > 0 && said.size === name.size && [...said].every((term) => name.has(term));
}

// Words that may stand beside a tool's name and ask nothing more ("show me all my …"); a time word ("my timesheet
// for last week") asks for a period, which a name alone does not say.
const FILLER = new Set(
  'show list see view display get give me my our all the a an of please can could you i do have any what are is which'.split(
    ' ',
  ),
);

/** The one read of `tools` whose name `request` says and nothing else, as a sure guess; undefined for none or two. */
export function namedReadTool(request: string, tools: readonly AgentTool[]): ToolGuess | undefined {
  const words = request.toLowerCase().match(/[a-z]+/g) ?? [];
  const said = new Set(stems(request));
  if (words.some((word) => !FILLER.has(word) && !said.has(stems(word)[0] ?? ''))) return undefined;
  const named = tools.filter((tool) => namesReadTool(said, tool));
  return named.length === 1 ? { tool: named[0]!.name, score: 1 } : undefined;
}
