/**
 * External tools (`mcp__<server>__<tool>`, from allow-listed MCP servers) are open-ended: the built-in model cannot
 * know what each one means. It calls one only when the user names it, with the arguments they give as `key=value`
 * pairs or a JSON object; a real provider model (SVC_HR_MODEL) is the way to use them from plain language.
 */

import type { IsoDate } from './calendar';
import { monthArgument, toolOfNamedServer } from './outboundByServer';
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

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A name as the user may write it in words: `get_payslip` as "get_payslip" or "get payslip". */
function wordsPattern(name: string): string {
  return name.split(/[-_]+/).filter(Boolean).map(escaped).join('[-_\\s]+');
}

/** The server and tool of `mcp__<server>__<tool>`, or undefined. */
function partsOf(name: string): { server: string; tool: string } | undefined {
  const m = /^mcp__(.+?)__(.+)$/i.exec(name);
  return m ? { server: m[1]!, tool: m[2]! } : undefined;
}

/**
 * An external tool named in plain words: its tool name and its server's name both as whole words ("call echo with
 * hello on the everything server"), or its tool name alone when no other server has a tool of that name and the
 * request says it is a tool ("run the echo tool with hello world"). Answers the tool and where its name ends in `text`.
 */
function namedInWords(text: string, tools: AgentTool[]): { tool: AgentTool; end: number } | undefined {
  const external = tools.filter((tool) => tool.kind === 'external' && partsOf(tool.name));
  const found = external.flatMap((tool) => {
    const parts = partsOf(tool.name)!;
    const server = new RegExp(`(?<![\\w-])${wordsPattern(parts.server)}(?![\\w-])`, 'i');
    const name = new RegExp(`(?<![\\w-])${wordsPattern(parts.tool)}(?![\\w-])`, 'i').exec(text);
    if (!name) return [];
    const end = name.index + name[0].length;
    if (!server.test(text)) {
      const alone = external.filter((other) => partsOf(other.name)!.tool.toLowerCase() === parts.tool.toLowerCase());
      const before = text.slice(0, name.index);
      const saysTool =
        /^\s+tool\b/i.test(text.slice(end)) ||
        /\b(?:call|run|use|invoke)\s+(?:the\s+)?$/i.test(before) ||
        /^\s*(?:please\s+|can you\s+|could you\s+)?$/i.test(before);
      // A request that names a server ("… on the everything server") means that server's tool, never another's of
      // the same name (the named server may be offline, its tools gone from the catalogue).
      const namesAServer = /\bservers?\b/i.test(text);
      if (alone.length !== 1 || !saysTool || namesAServer) return [];
    }
    return [{ tool, end, length: parts.server.length + parts.tool.length }];
  });
  return found.sort((a, b) => b.length - a.length)[0];
}

/**
 * The value of a tool's single required string argument, as said in words: quoted anywhere after the tool's name
 * ('echo "good morning"'), or after "with" ("with the message hello", "with hello world"), without a trailing "on
 * the <server> server" and without quotes.
 */
function withValue(rest: string, server: string, argument: string): string | undefined {
  const quoted = /["“]([^"”]+)["”]|(?:^|\s)['‘]([^'’]+)['’](?=[\s.!?]*$|\s)/.exec(rest);
  if (quoted) return (quoted[1] ?? quoted[2])!.trim() || undefined;
  const names = `${wordsPattern(argument)}|message|text|input|value|string`;
  const m = new RegExp(
    `\\b(?:with|saying|that says|to say|say)\\s+(?:the\\s+)?(?:(?:${names})\\s+)?(?:[:=]\\s*)?([\\s\\S]+)$`,
    'i',
  ).exec(rest);
  // "echo hello world on the everything server": the words right after the tool's name, when they start no phrase.
  // "Echo back ping": "back" says what echo does, the words after it are the value.
  const bare = /^\s+(?:back\s+)?(?!(?:tool|of|on|in|at|via|using|from|the|to|with|back)\b)([\s\S]{1,500})$/i.exec(rest);
  const said = m?.[1] ?? bare?.[1];
  if (said === undefined) return undefined;
  const where = new RegExp(
    `\\s+(?:on|in|at|via|using|from|of)\\s+(?:the\\s+)?${wordsPattern(server)}(?:\\s+(?:mcp\\s+)?server)?\\s*[.!?]*\\s*$`,
    'i',
  );
  const value = said
    .replace(where, '')
    .replace(/[.!?]+$/, '')
    .trim();
  return value === '' ? undefined : value;
}

/** The required string argument a tool has, when it has exactly one required argument and it is a string. */
function singleRequiredString(schema: JsonSchemaObject): string | undefined {
  const required = schema.required ?? [];
  if (required.length !== 1) return undefined;
  const type = (schema.properties?.[required[0]!] as { type?: unknown } | undefined)?.type;
  return type === 'string' ? required[0] : undefined;
}

/**
 * The external tool `text` names, with the arguments given: by its full name (case-insensitive), or in plain
 * words by its tool and server names. Arguments come as `key=value` pairs or a JSON object; a tool whose only
 * required argument is a string also takes it as "with <text>".
 */
export function findExternalCall(text: string, tools: AgentTool[], today?: IsoDate): ExternalCall | undefined {
  const lower = text.toLowerCase();
  const byName = tools
    .filter((t) => t.kind === 'external' && lower.includes(t.name.toLowerCase()))
    .sort((a, b) => b.name.length - a.name.length)[0];
  const named = byName
    ? { tool: byName, end: lower.indexOf(byName.name.toLowerCase()) + byName.name.length }
    : (namedInWords(text, tools) ?? toolOfNamedServer(text, tools));
  if (!named) return undefined;
  const { tool } = named;
  const rest = text.slice(named.end);
  const args = argumentsOf(rest, tool.inputSchema);
  // A month the tool requires, said in words ("my payslip of last month", "October"), anywhere in the request.
  if (today !== undefined) Object.assign(args, { ...monthArgument(text, tool, today), ...args });
  const single = singleRequiredString(tool.inputSchema);
  if (single && !(single in args)) {
    const value = withValue(rest, partsOf(tool.name)?.server ?? '', single);
    if (value !== undefined) args[single] = value;
  }
  const missing = (tool.inputSchema.required ?? []).filter((name) => !(name in args));
  return { tool: tool.name, arguments: args, missing };
}
