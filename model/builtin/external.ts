/**
 * External tools (`mcp__<server>__<tool>`, from allow-listed MCP servers) are open-ended: the built-in model cannot
 * know what each one means. It calls one only when the user names it, with the arguments they give as `key=value`
 * pairs or a JSON object; a real provider model (SVC_HR_MODEL) is the way to use them from plain language.
 */

import type { AgentTool, JsonSchemaObject } from '../types';

/** A call of an external tool the user named, with what they gave and what is still missing. */
export interface ExternalCall {
  tool: string;
  arguments: Record<string, unknown>;
  /** Required arguments the user did not give. */
  missing: string[];
}

/** A value typed as the tool's schema says: "3" is 3 for a number, "true" is true for a boolean. */
function typed(value: string, schema: unknown): unknown {
  const type = (schema as { type?: unknown } | undefined)?.type;
  if ((type === 'number' || type === 'integer') && /^-?\d+(?:\.\d+)?$/.test(value)) return Number(value);
  if (type === 'boolean' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return value;
}

function argumentsOf(text: string, schema: JsonSchemaObject): Record<string, unknown> {
  const properties = schema.properties ?? {};
  const json = /\{[\s\S]*\}/.exec(text);
  if (json) {
    try {
      const parsed: unknown = JSON.parse(json[0]);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // Not JSON after all: read key=value pairs below; the tool's own validation reports what is wrong.
    }
  }
  const args: Record<string, unknown> = {};
  for (const m of text.matchAll(/\b([A-Za-z_][\w-]*)\s*[=:]\s*("([^"]*)"|'([^']*)'|[^\s,;]+)/g)) {
    const key = m[1]!;
    if (!(key in properties)) continue;
    args[key] = typed(m[3] ?? m[4] ?? m[2]!, properties[key]);
  }
  return args;
}

/** The external tool `text` names (its full name, case-insensitive) with the arguments given, if any. */
export function findExternalCall(text: string, tools: AgentTool[]): ExternalCall | undefined {
  const lower = text.toLowerCase();
  const tool = tools
    .filter((t) => t.kind === 'external' && lower.includes(t.name.toLowerCase()))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!tool) return undefined;
  const rest = text.slice(lower.indexOf(tool.name.toLowerCase()) + tool.name.length);
  const args = argumentsOf(rest, tool.inputSchema);
  const missing = (tool.inputSchema.required ?? []).filter((name) => !(name in args));
  return { tool: tool.name, arguments: args, missing };
}
