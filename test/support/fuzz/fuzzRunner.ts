import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import type { z } from 'zod';
import type { Operation } from '../../../operations/defineOperation';
import { toJsonSchema } from '../../../operations/jsonSchema';
import type { PrismaClient } from '../../../db/prismaClient';
import type { ValueHints } from './arbitraries';
import { fuzzCases, type FuzzCase, type FuzzCredential } from './fuzzCase';
import { blobFiles, tableCounter, type Counts } from './tableCounts';
import type { Watchdog } from './watchdog';

/** An API under fuzzing: the app (answered in process), its database and blob store. */
export interface FuzzTarget {
  label: string;
  app: FastifyInstance;
  prisma: PrismaClient;
  blobDir: string;
  credentials: readonly FuzzCredential[];
  /** Today on the tests' calendar clock. */
  today: string;
  watchdog: Watchdog;
}

/** What one case answered, as the checks read it. */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  json: unknown;
}

/** How long one request may take before the watchdog calls it a hang. */
const ANSWER_BOUND_MS = 20_000;

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/**
 * A path parameter as a client would put it on the wire: percent-encoded UTF-8, and a lone surrogate (which
 * encodeURIComponent refuses) as the three bytes of its WTF-8 form, which the server must refuse as a bad URL.
 */
function encodePathValue(text: string): string {
  return text.replace(/[\uD800-\uDFFF]+|[^\uD800-\uDFFF]+/g, (run) => {
    try {
      return encodeURIComponent(run);
    } catch {
      return [...run]
        .map((char) => {
          const unit = char.charCodeAt(0);
          if (unit < 0xd800 || unit > 0xdfff || char.length > 1) return encodeURIComponent(char);
          const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
          return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
        })
        .join('');
    }
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send(target: FuzzTarget, op: Operation, c: FuzzCase): Promise<Answer> {
  const auth: Record<string, string> =
    c.credential.secret === undefined ? {} : { authorization: `Bearer ${c.credential.secret}` };
  if (c.surface === 'mcp') {
    const args =
      c.body && 'raw' in c.body
        ? c.body.raw
        : JSON.stringify({ ...c.params, ...c.query, ...((c.body?.value as object | undefined) ?? {}) });
    const payload = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(op.mcp!.tool)},"arguments":${args}}}`;
    const res = await target.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: {
        ...auth,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      payload,
    });
    return { status: res.statusCode, headers: res.headers, text: res.body, json: parseJson(res.body) };
  }
  const path = op.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodePathValue(asText(c.params[name])));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(c.query)) if (value !== undefined) query.append(key, asText(value));
  const url = query.size > 0 ? `${path}?${query.toString()}` : path;
  const headers: Record<string, string> = { ...auth };
  if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey;
  let payload: string | Buffer | undefined;
  if (c.upload) {
    payload = c.upload.bytes;
    headers['content-type'] = c.upload.contentType;
  } else if (c.body) {
    payload = 'raw' in c.body ? c.body.raw : JSON.stringify(c.body.value);
    headers['content-type'] = 'application/json';
  }
  const res = await target.app.inject({
    method: op.method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  return { status: res.statusCode, headers: res.headers, text: res.body, json: parseJson(res.body) };
}

interface ErrorBody {
  code?: unknown;
  message?: unknown;
  details?: { field?: unknown; issues?: Array<{ field?: unknown }> };
}

/** A refused input names what to fix: `start_date: ...`, `body: ...`, or a field in the details. */
function namesField(error: ErrorBody): boolean {
  if (typeof error.message === 'string' && /^[\w.[\]/-]+: /.test(error.message)) return true;
  return (
    typeof error.details?.field === 'string' || (error.details?.issues ?? []).some((i) => typeof i.field === 'string')
  );
}

const inputNames = new WeakMap<Operation, string[]>();

/** The names of an operation's path parameters, query and body fields (nested ones too), as a refusal may name them. */
function inputFieldsOf(op: Operation): string[] {
  let names = inputNames.get(op);
  if (!names) {
    names = [];
    const collect = (schema: Record<string, unknown>) => {
      for (const [name, child] of Object.entries(
        (schema.properties ?? {}) as Record<string, Record<string, unknown>>,
      )) {
        names!.push(name);
        collect(child);
        if (child.items && typeof child.items === 'object') collect(child.items as Record<string, unknown>);
      }
    };
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = op.input[part] as z.ZodType | undefined;
      if (schema) collect(toJsonSchema(schema, 'input'));
    }
    inputNames.set(op, names);
  }
  return names;
}

/**
 * A company API refusal names what to fix in its reason (the company shape has no details): a `field: ...`
 * prefix, or one of the operation's input names in the text ("startDate must not be after endDate").
 */
function reasonNamesField(op: Operation, reason: string): boolean {
  if (/^[\w.[\]/-]+: /.test(reason)) return true;
  return inputFieldsOf(op).some((name) => new RegExp(`\\b${name.replace(/[^\w]/g, '')}\\b`).test(reason));
}

/** The error of an answer in the contract's envelope, the company API's, or an MCP tool result's. */
function errorOf(
  op: Operation,
  c: FuzzCase,
  answer: Answer,
): { code: string; message: string; named?: boolean } | string | undefined {
  const body = answer.json as Record<string, unknown> | undefined;
  if (c.surface === 'mcp') {
    if (answer.status >= 400) {
      const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      return error ? { code: String(error.code), message: String(error.message) } : 'no JSON-RPC error body';
    }
    const rpcError = body?.error as { code?: number; message?: string } | undefined;
    if (rpcError) return { code: `jsonrpc ${rpcError.code}`, message: String(rpcError.message) };
    const result = body?.result as { isError?: boolean; content?: Array<{ text?: string }> } | undefined;
    if (!result) return 'neither a result nor an error';
    if (!result.isError) return undefined;
    const tool = parseJson(result.content?.[0]?.text ?? '') as { error?: ErrorBody } | undefined;
    return typeof tool?.error?.code === 'string'
      ? { code: tool.error.code, message: String(tool.error.message), named: namesField(tool.error) }
      : 'tool error not in envelope';
  }
  if (answer.status < 400) return undefined;
  if (op.errorStyle === 'company') {
    const company = body as { error?: unknown; reason?: unknown } | undefined;
    return typeof company?.error === 'string' && typeof company.reason === 'string'
      ? {
          code: company.error === 'bad_request' ? 'validation_error' : company.error,
          message: company.reason,
          named: reasonNamesField(op, company.reason),
        }
      : 'not the company API envelope';
  }
  const error = (body as { error?: ErrorBody } | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string'
    ? { code: error.code, message: error.message, named: namesField(error) }
    : 'not the error envelope';
}

/** What is wrong with one answer: empty when the answer keeps every property. */
function problemsOf(op: Operation, c: FuzzCase, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  if (answer.status >= 400 && answer.headers['x-request-id'] === undefined) problems.push('no X-Request-Id');
  const error = errorOf(op, c, answer);
  if (typeof error === 'string') problems.push(error);
  else if (error) {
    if (['internal_error', 'unavailable', 'jsonrpc -32603'].includes(error.code)) problems.push(error.code);
    if (error.code === 'validation_error' && error.named === false) {
      problems.push(`validation_error without a field: ${error.message}`);
    }
  }
  return problems;
}

function refused(op: Operation, c: FuzzCase, answer: Answer): boolean {
  if (answer.status >= 400) return true;
  return c.surface === 'mcp' && errorOf(op, c, answer) !== undefined;
}

/** Ids of rows in the tables an operation's path may name: the fuzzer picks them now and then. */
async function realIds(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.$queryRaw<Array<{ id: string }>>`
    (SELECT id::text FROM leave_requests ORDER BY created_at DESC LIMIT 15)
    UNION ALL (SELECT id::text FROM agent_threads ORDER BY created_at DESC LIMIT 10)
    UNION ALL (SELECT id::text FROM agent_runs ORDER BY created_at DESC LIMIT 10)
    UNION ALL (SELECT id::text FROM agent_actions ORDER BY created_at DESC LIMIT 10)
    UNION ALL (SELECT id::text FROM agent_artifacts ORDER BY created_at DESC LIMIT 5)
    UNION ALL (SELECT id::text FROM agent_attachments ORDER BY created_at DESC LIMIT 5)
    UNION ALL (SELECT id::text FROM agent_webhooks ORDER BY created_at DESC LIMIT 5)
    UNION ALL (SELECT id::text FROM webhook_deliveries ORDER BY created_at DESC LIMIT 5)
    UNION ALL (SELECT id::text FROM mcp_servers ORDER BY created_at DESC LIMIT 5)
    UNION ALL (SELECT id::text FROM mcp_connectors ORDER BY created_at DESC LIMIT 5)
    UNION ALL (SELECT id::text FROM credentials ORDER BY created_at DESC LIMIT 5)`;
  return rows.map((r) => r.id);
}

/** What ran for one operation: cases per surface, how many were refused, and the answers by error code or status. */
export interface FuzzCount {
  rest: number;
  mcp: number;
  refused: number;
  answers: Record<string, number>;
}

/** The operations whose path must never take a real id: the event stream of a live run does not end. */
const noRealIds = new Set(['stream_agent_run']);

/**
 * The notification stream follows forever when its input is valid: the fuzzer asks for its catch-up mode instead
 * (`follow=false`: what is stored, then the end) unless the case made `follow` itself invalid.
 */
function bounded<C extends { query: Record<string, unknown> }>(op: Operation, c: C): C {
  if (op.name !== 'stream_notifications') return c;
  const follow = c.query.follow;
  return follow === undefined || follow === 'true' ? { ...c, query: { ...c.query, follow: 'false' } } : c;
}

/**
 * Fuzzes one operation with `numRuns` cases from `seed`: every answer within the bound (else the watchdog ends
 * the process), never a 5xx or an internal error, every refusal in its surface's envelope naming the field of a
 * validation error, and a refused case leaves every table (but the audit trail) and the blob store as it found
 * them. Answers how many cases went to each surface.
 */
export async function fuzzOperation(
  target: FuzzTarget,
  op: Operation,
  opts: { numRuns: number; seed: number },
): Promise<FuzzCount> {
  const counted: FuzzCount = { rest: 0, mcp: 0, refused: 0, answers: {} };
  const countRows = await tableCounter(target.prisma);
  const hints: ValueHints = { ids: await realIds(target.prisma), today: target.today };
  const cases = fuzzCases(op, target.credentials, hints, { realIds: !noRealIds.has(op.name) });
  await fc.assert(
    fc.asyncProperty(cases, async (generated) => {
      const c = bounded(op, generated);
      const before: Counts = await countRows();
      const blobsBefore = blobFiles(target.blobDir);
      const label = `${target.label} ${c.surface} ${op.name} as ${c.credential.label}: ${c.mutation}`;
      target.watchdog.arm(label, ANSWER_BOUND_MS);
      const answer = await send(target, op, c);
      target.watchdog.disarm();
      counted[c.surface] += 1;
      const problems = problemsOf(op, c, answer);
      const error = errorOf(op, c, answer);
      const outcome = typeof error === 'object' ? error.code : String(answer.status);
      counted.answers[outcome] = (counted.answers[outcome] ?? 0) + 1;
      if (refused(op, c, answer)) {
        counted.refused += 1;
        const after = await countRows();
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length > 0) problems.push(`a refused request wrote to ${changed.join(', ')}`);
        if (blobFiles(target.blobDir).join('\n') !== blobsBefore.join('\n')) {
          problems.push('a refused request changed the blob store');
        }
      }
      if (problems.length > 0) {
        const input = JSON.stringify({ params: c.params, query: c.query, body: c.body, upload: c.upload?.contentType });
        throw new Error(
          `${label}\n  input: ${input.slice(0, 400)}\n  problems: ${problems.join('; ')}\n` +
            `  answer ${answer.status}: ${answer.text.slice(0, 600)}`,
        );
      }
    }),
    { numRuns: opts.numRuns, seed: opts.seed, endOnFailure: true },
  );
  return counted;
}
