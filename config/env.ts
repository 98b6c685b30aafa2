import path from 'node:path';
import { z } from 'zod';
import type { S3BlobConfig } from '../engines/blobs/s3BlobStore';
import type { Clock } from '../engines/clock';
import { parseCalendarClock } from './calendarClock';
import { parseDuration } from './duration';
import { parseTrustProxy, type TrustProxy } from './trustProxy';
import { parseCorsOrigins } from './corsOrigins';
import { isLoopbackHost } from '../engines/network/privateAddress';

/**
 * The one validated configuration object. Only the CLI reads `process.env` (through `loadConfig`);
 * everything else receives the parts of `Config` it needs.
 */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * PUBLIC_BASE_URL: the address people and clients reach the service by, an http(s) URL with no query or fragment
 * (a path is kept: a service behind a proxy prefix). Refused at startup, naming the variable, rather than failing
 * later in `new URL` with a bare "Invalid URL".
 */
const publicBaseUrl = optionalString.transform((v, ctx) => {
  if (v === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: `PUBLIC_BASE_URL must be an http(s) URL such as https://hr.example.com` });
    return z.NEVER;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    ctx.addIssue({
      code: 'custom',
      message: 'PUBLIC_BASE_URL must be an http(s) URL without credentials, query or fragment',
    });
    return z.NEVER;
  }
  return v;
});

const port = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .min(0, `${name} must be between 0 and 65535`)
    .max(65535, `${name} must be between 0 and 65535`)
    .default(fallback);

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const duration = (name: string, fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const ms = parseDuration(v);
      if (ms === undefined || ms <= 0) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a positive duration like 30s, 15m, 4h or 2d` });
        return z.NEVER;
      }
      return ms;
    });

const EnvSchema = z.object({
  PORT: port('PORT', 3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_BASE_URL: publicBaseUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SVC_HR_DATA_DIR: z.string().default('.data'),
  SVC_HR_BODY_LIMIT_BYTES: z.coerce
    .number({ error: 'SVC_HR_BODY_LIMIT_BYTES must be a number' })
    .int()
    .positive()
    .default(1024 * 1024),
  SVC_HR_ATTACHMENT_MAX_BYTES: z.coerce
    .number({ error: 'SVC_HR_ATTACHMENT_MAX_BYTES must be a number' })
    .int('SVC_HR_ATTACHMENT_MAX_BYTES must be a whole number of bytes')
    .positive('SVC_HR_ATTACHMENT_MAX_BYTES must be at least 1')
    .default(25 * 1024 * 1024),
  SVC_HR_BLOB_DIR: optionalString,
  SVC_HR_BLOB_S3_BUCKET: optionalString,
  SVC_HR_BLOB_S3_PREFIX: z.string().default(''),
  SVC_HR_BLOB_S3_REGION: z.string().default('us-east-1'),
  SVC_HR_BLOB_S3_ENDPOINT: optionalString.pipe(z.url('SVC_HR_BLOB_S3_ENDPOINT must be a URL').optional()),
  SVC_HR_BLOB_S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true')),
  SVC_HR_BLOB_S3_ACCESS_KEY_ID: optionalString,
  SVC_HR_BLOB_S3_SECRET_ACCESS_KEY: optionalString,
  DATABASE_URL: optionalString,
  DATABASE_POOL_MAX: z.coerce.number({ error: 'DATABASE_POOL_MAX must be a number' }).int().positive().default(10),
  EMBEDDED_DB_PORT: port('EMBEDDED_DB_PORT', 5433),
  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('svc-hr'),
  TEMPORAL_CLI_PATH: optionalString,
  TEMPORAL_PORT: port('TEMPORAL_PORT', 7233),
  TEMPORAL_UI_PORT: port('TEMPORAL_UI_PORT', 8233),
  TEMPORAL_CLI_VERSION: z.string().default('v1.5.1'),
  SVC_HR_WORKER_HEARTBEAT_SECONDS: z.coerce.number().positive().default(5),
  SVC_HR_WORKER_STALE_SECONDS: z.coerce.number().positive().default(15),
  REDIS_URL: optionalString,
  SVC_HR_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'SVC_HR_RATE_LIMIT_PER_MINUTE must be a number' })
    .int('SVC_HR_RATE_LIMIT_PER_MINUTE must be an integer')
    .positive('SVC_HR_RATE_LIMIT_PER_MINUTE must be at least 1')
    .default(60),
  SVC_HR_RATE_LIMIT_REDIS_PREFIX: z
    .string()
    .min(1, 'SVC_HR_RATE_LIMIT_REDIS_PREFIX must not be empty')
    .default('svc-hr:rl:'),
  SVC_HR_ALLOW_PRIVATE_NETWORK: flag,
  SVC_HR_WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('0,5s,5m,30m,2h,5h,10h,10h')
    .transform((v, ctx) => {
      const delays = v.split(',').map((d) => (d.trim() === '0' ? 0 : parseDuration(d)));
      if (delays.some((d) => d === undefined) || delays.length > 50) {
        ctx.addIssue({
          code: 'custom',
          message: 'SVC_HR_WEBHOOK_RETRY_SCHEDULE must be 1 to 50 comma-separated delays like 0,5s,5m,30m,2h',
        });
        return z.NEVER;
      }
      return delays as number[];
    }),
  SVC_HR_WEBHOOK_TIMEOUT: duration('SVC_HR_WEBHOOK_TIMEOUT', '15s'),
  SVC_HR_WEBHOOK_DISPATCH_INTERVAL: duration('SVC_HR_WEBHOOK_DISPATCH_INTERVAL', '5s'),
  SVC_HR_WEBHOOK_SECRET_KEY: optionalString.refine(
    (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
    'SVC_HR_WEBHOOK_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
  ),
  SVC_HR_SECRETS_KEY: optionalString.refine(
    (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
    'SVC_HR_SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
  ),
  SVC_HR_MCP_TOOLS_TTL: duration('SVC_HR_MCP_TOOLS_TTL', '60s'),
  // Within the 1-minute timeout of the activity that makes the call, so a slow server is a failed attempt.
  SVC_HR_MCP_CALL_TIMEOUT: duration('SVC_HR_MCP_CALL_TIMEOUT', '30s').refine(
    (ms) => ms <= 50_000,
    'SVC_HR_MCP_CALL_TIMEOUT must be at most 50s',
  ),
  SVC_HR_CONNECTOR_CALL_TIMEOUT: duration('SVC_HR_CONNECTOR_CALL_TIMEOUT', '60s'),
  SVC_HR_LEAVE_REMIND_AFTER: duration('SVC_HR_LEAVE_REMIND_AFTER', '2d'),
  SVC_HR_LEAVE_ESCALATE_AFTER: duration('SVC_HR_LEAVE_ESCALATE_AFTER', '3d'),
  SVC_HR_LEAVE_DAY_MS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: 'SVC_HR_LEAVE_DAY_MS must be a number' })
      .int('SVC_HR_LEAVE_DAY_MS must be a whole number of milliseconds')
      .positive('SVC_HR_LEAVE_DAY_MS must be at least 1')
      .optional(),
  ),
  SVC_HR_APPROVAL_REMIND_AFTER: duration('SVC_HR_APPROVAL_REMIND_AFTER', '2d'),
  SVC_HR_APPROVAL_ESCALATE_AFTER: duration('SVC_HR_APPROVAL_ESCALATE_AFTER', '3d'),
  SVC_HR_APPROVAL_MINUTE_MS: z.coerce
    .number({ error: 'SVC_HR_APPROVAL_MINUTE_MS must be a number' })
    .int('SVC_HR_APPROVAL_MINUTE_MS must be a whole number of milliseconds')
    .min(1, 'SVC_HR_APPROVAL_MINUTE_MS must be at least 1')
    .max(60_000, 'SVC_HR_APPROVAL_MINUTE_MS is at most 60000 (a real minute)')
    .default(60_000),
  SVC_HR_TIME_TRACKING_MINUTE_MS: z.coerce
    .number({ error: 'SVC_HR_TIME_TRACKING_MINUTE_MS must be a number' })
    .int('SVC_HR_TIME_TRACKING_MINUTE_MS must be a whole number of milliseconds')
    .min(1, 'SVC_HR_TIME_TRACKING_MINUTE_MS must be at least 1')
    .max(60_000, 'SVC_HR_TIME_TRACKING_MINUTE_MS is at most 60000 (a real minute)')
    .default(60_000),
  SVC_HR_PAYROLL_PAGE_SIZE: z.coerce
    .number({ error: 'SVC_HR_PAYROLL_PAGE_SIZE must be a number' })
    .int('SVC_HR_PAYROLL_PAGE_SIZE must be a whole number of people')
    .min(1, 'SVC_HR_PAYROLL_PAGE_SIZE must be at least 1')
    .max(5_000, 'SVC_HR_PAYROLL_PAGE_SIZE is at most 5000')
    .default(500),
  SVC_HR_LEAVE_RECONCILE_SECONDS: z.coerce
    .number({ error: 'SVC_HR_LEAVE_RECONCILE_SECONDS must be a number' })
    .positive('SVC_HR_LEAVE_RECONCILE_SECONDS must be positive')
    .default(60),
  SVC_HR_AGENT_QUESTION_TIMEOUT: duration('SVC_HR_AGENT_QUESTION_TIMEOUT', '24h'),
  SVC_HR_AGENT_APPROVAL_TIMEOUT: duration('SVC_HR_AGENT_APPROVAL_TIMEOUT', '24h'),
  SVC_HR_AGENT_RECHECK_AFTER: duration('SVC_HR_AGENT_RECHECK_AFTER', '5m'),
  SVC_HR_AGENT_MAX_STEPS: z.coerce
    .number({ error: 'SVC_HR_AGENT_MAX_STEPS must be a number' })
    .int('SVC_HR_AGENT_MAX_STEPS must be an integer')
    .min(1, 'SVC_HR_AGENT_MAX_STEPS must be at least 1')
    .default(20),
  SVC_HR_MCP_ALLOWED_ORIGINS: optionalString,
  SVC_HR_CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseCorsOrigins(value);
      if (parsed !== undefined && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  SVC_HR_EXAMPLE_APP: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true')),
  SVC_HR_AUDIT_SIGNING_KEY: optionalString,
  SVC_HR_TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            'SVC_HR_TRUST_PROXY must be true, false, a number of proxies, or a comma-separated list of proxy ' +
            'addresses, CIDR ranges or loopback, linklocal, uniquelocal',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  SVC_HR_AUDIT_RETIRED_PUBLIC_KEYS: optionalString,
  SVC_HR_MODEL: optionalString,
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  SVC_HR_AUDIT_CHECKPOINT_EVERY: z.coerce
    .number({ error: 'SVC_HR_AUDIT_CHECKPOINT_EVERY must be a number' })
    .int('SVC_HR_AUDIT_CHECKPOINT_EVERY must be an integer')
    .min(0, 'SVC_HR_AUDIT_CHECKPOINT_EVERY must be 0 (off) or more')
    .default(1000),
  SVC_HR_CONNECTOR_HEARTBEAT_SECONDS: z.coerce
    .number({ error: 'SVC_HR_CONNECTOR_HEARTBEAT_SECONDS must be a number' })
    .positive('SVC_HR_CONNECTOR_HEARTBEAT_SECONDS must be positive')
    .default(15),
  SVC_HR_CONNECTOR_BASE_URL: optionalString,
  SVC_HR_CONNECTOR_PAIRING_TOKEN: optionalString,
  SVC_HR_CONNECTOR_ADAPTER_URL: optionalString,
  SVC_HR_TODAY: optionalString,
  SVC_HR_TODAY_SINCE: optionalString,
  NODE_ENV: optionalString,
});

export interface Config {
  /** HTTP port of the API. */
  port: number;
  host: string;
  /** Base address printed to users and used in absolute links (MCP resource metadata, reference). */
  publicBaseUrl: string;
  /**
   * The OpenAPI document's server: PUBLIC_BASE_URL when it is set; undefined when not, and the document then
   * names the origin each request was addressed to, so the reference's "Try it" calls the address the page was
   * opened on (127.0.0.1 or a LAN name alike), not the default localhost:PORT.
   */
  openApiServerUrl?: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Which proxies' X-Forwarded-For to believe for the client address (config/trustProxy.ts); false: none. */
  trustProxy: TrustProxy;
  /** Absolute path of the folder holding the embedded database, the Temporal db file and blobs. */
  dataDir: string;
  bodyLimitBytes: number;
  /** Attachments and artifacts (docs/artifacts.md). */
  blobs: {
    /** Absolute path of the local content-addressed blob store. */
    dir: string;
    /** Largest attachment accepted; larger uploads answer 413 `payload_too_large` and store nothing. */
    attachmentMaxBytes: number;
    /** An S3-compatible bucket instead of the local directory (which then only stages uploads). */
    s3: S3BlobConfig | undefined;
  };
  database: {
    /** A PostgreSQL URL; undefined means "run the embedded PGlite database under dataDir". */
    url: string | undefined;
    poolMax: number;
    embeddedPort: number;
  };
  temporal: {
    /** host:port of a Temporal frontend; undefined means "start the dev server". */
    address: string | undefined;
    namespace: string;
    taskQueue: string;
    cliPath: string | undefined;
    cliVersion: string;
    port: number;
    uiPort: number;
  };
  worker: { heartbeatSeconds: number; staleSeconds: number };
  /** Shared store of several API processes (rate limits); undefined means "each process keeps its own". */
  redisUrl: string | undefined;
  rateLimit: {
    /** Requests per token (or per client address without a token) per minute, REST and MCP together. */
    perMinute: number;
    /** Prefix of the counters' Redis keys, so several deployments (or test runs) can share one Redis. */
    redisKeyPrefix: string;
  };
  allowPrivateNetwork: boolean;
  /** Webhook deliveries (docs/webhooks.md). */
  webhooks: {
    /** Delay before each attempt, the first one included (0 = at once); the delivery fails after the last. */
    retryScheduleMs: number[];
    /** How long one attempt waits for the endpoint's answer. */
    timeoutMs: number;
    /** How often a worker looks for deliveries whose workflow is not started (besides Postgres notices). */
    dispatchIntervalMs: number;
  };
  /** The one key sealing the secrets svc-hr must use (engines/secrets/secretBox.ts). */
  secrets: {
    /** AES-256-GCM key (base64 of 32 bytes); unset: `<dataDir>/keys/secrets-aes256.key`, made on first use. */
    key: string | undefined;
    /** `SVC_HR_WEBHOOK_SECRET_KEY` of earlier versions: read (webhook secrets sealed under it), never sealed with. */
    retiredWebhookKey: string | undefined;
  };
  /** Outbound MCP servers (docs/outbound.md). */
  outbound: {
    /** How long a server's listed tools are trusted before the catalogue lists them again. */
    toolsTtlMs: number;
    /** How long one attempt of a direct (URL) tool call or tool listing may take. */
    callTimeoutMs: number;
    /** How long a call through a connector waits for the connector to take it (offline: the action fails). */
    connectorCallTimeoutMs: number;
  };
  /** Approval routing of leave requests: the leaveApproval workflow (docs/temporal.md). */
  leave: {
    /** How long a request waits for its approver before the approver is reminded. */
    remindAfterMs: number;
    /** How long after the reminder an undecided request is escalated to HR. */
    escalateAfterMs: number;
    /**
     * A test time scale: the length of one leave day in milliseconds, with the tenant's date at the instant the
     * workflow started as day 0 at that instant. Undefined means the real calendar: a leave starts at midnight
     * of its first day in the tenant's time zone and ends at midnight after its last day.
     */
    dayMs: number | undefined;
    /** How often a worker starts the approval workflows whose start failed when their request was made. */
    reconcileSeconds: number;
  };
  /** Approval Flows: the approvalFlow workflow (docs/approval-flows.md). */
  approvals: {
    /**
     * How long one minute of a flow's step timings (remindAfterMinutes, escalateAfterMinutes) lasts: 60 000, or
     * less as a test time scale.
     */
    minuteMs: number;
    /** Default reminder delay of a step without its own, for request types other than leave (leave: leave.*). */
    remindAfterMs: number;
    /** Default escalation delay after the reminder, likewise. */
    escalateAfterMs: number;
  };
  /** Time Tracking: the timeEntryWatch workflow of an open clock entry (docs/company-api.md, Time Tracking). */
  timeTracking: {
    /** How long one minute of the policy's `forgottenAfterMinutes` lasts: 60 000, or less as a test time scale. */
    minuteMs: number;
  };
  /** Payroll: the payrollRun workflow (docs/company-api.md, Payroll). */
  payroll: {
    /** People whose payslips one gathering activity writes, in one transaction. */
    pageSize: number;
  };
  /** Agent runs: the agentRun workflow (docs/agent.md). */
  agent: {
    /** How long a run waits for the answer to its question before it expires. */
    questionTimeoutMs: number;
    /** How long a run waits for the decisions on its actions before it expires. */
    approvalTimeoutMs: number;
    /** How often a waiting run reads its decisions and answer from the database, in case a signal was lost. */
    recheckMs: number;
    /** At most this many planning steps per run; the run fails after them. */
    maxSteps: number;
    /**
     * The model answers in milliseconds (the built-in one: SVC_HR_MODEL unset or `builtin`): new runs plan and read
     * in local activities, in the workflow task that needs them (workflows/agentRun, the `agent-local-plan` patch).
     */
    localPlanning: boolean;
  };
  /** Browser origins allowed to call the MCP endpoint (requests without Origin, from non-browser clients, pass). */
  mcpAllowedOrigins: string[];
  /**
   * Browser origins whose scripts may call the API cross-origin (api/cors.ts), serialized as browsers send
   * `Origin`: SVC_HR_CORS_ORIGINS, else the origin of `publicBaseUrl`. The origins the server itself listens on
   * are allowed besides these, found when it listens: its own reference page opened at http://127.0.0.1:PORT
   * sends "Try it" to PUBLIC_BASE_URL, which is another origin when that names localhost or a public name.
   */
  corsOrigins: string[];
  /**
   * The example app at /example/ (a demo backend minting delegated credentials for demo users): undefined lets
   * `svc-hr start` turn it on and leaves it off for `svc-hr api`; false or true when SVC_HR_EXAMPLE_APP says so,
   * and false when it does not and HOST is not a loopback address (exampleAppSetting).
   */
  exampleApp: boolean | undefined;
  /** The agent's model: unset or `builtin` for the built-in one, else an AI SDK provider spec (docs/model.md). */
  model: {
    spec: string | undefined;
    keys: { openai?: string; anthropic?: string; openaiCompatible?: string };
  };
  audit: {
    /** Ed25519 private key (PKCS#8 PEM) signing audit checkpoints; unset: `<dataDir>/keys/audit-ed25519.pem`. */
    signingKeyPem: string | undefined;
    /** SPKI PEM public keys of earlier signing keys, one after another: verification still trusts their checkpoints. */
    retiredPublicKeysPem: string | undefined;
    /** A signed checkpoint every this many records of a tenant, made as records are chained; 0 turns them off. */
    checkpointEvery: number;
  };
  /** The API's connector hub (docs/outbound.md, "Connector"). */
  connectorHub: {
    /** How often the hub pings each connector socket and records lastSeenAt; 3 missed beats mean offline. */
    heartbeatSeconds: number;
  };
  /** `svc-hr connector`'s settings; its command-line flags win over these. */
  connector: { baseUrl: string | undefined; pairingToken: string | undefined; adapterUrl: string | undefined };
  /** What day it is for the tenant calendars: the system clock, or a chosen day in tests (config/calendarClock.ts). */
  clock: Clock;
}

/**
 * The example app's demo backend signs people in without a password: unless SVC_HR_EXAMPLE_APP says otherwise it
 * may be served only while the API listens on a loopback address, so `npm start` on a laptop keeps it and an API
 * listening on 0.0.0.0 does not offer it by default (the API logs a line when it is on there anyway).
 */
function exampleAppSetting(explicit: boolean | undefined, host: string): boolean | undefined {
  if (explicit !== undefined) return explicit;
  return isLoopbackHost(host) ? undefined : false;
}

/**
 * SVC_HR_MODEL names the built-in model (unset or `builtin`, as model/resolveModel.ts reads it). A provider whose key
 * is missing also runs the built-in model, but its runs keep planning in activity tasks: slower, never wrong.
 */
function builtinModelNamed(spec: string | undefined): boolean {
  const value = spec?.trim() ?? '';
  return value === '' || value === 'builtin';
}

/** Parses the environment once; throws an Error listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.refine((e) => !e.SVC_HR_BLOB_S3_ACCESS_KEY_ID === !e.SVC_HR_BLOB_S3_SECRET_ACCESS_KEY, {
    path: ['SVC_HR_BLOB_S3_SECRET_ACCESS_KEY'],
    message: 'SVC_HR_BLOB_S3_ACCESS_KEY_ID and SVC_HR_BLOB_S3_SECRET_ACCESS_KEY go together: set both or neither',
  }).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const clock = parseCalendarClock({ today: e.SVC_HR_TODAY, since: e.SVC_HR_TODAY_SINCE, nodeEnv: e.NODE_ENV });
  if ('error' in clock) throw new Error(`Invalid configuration:\n  SVC_HR_TODAY: ${clock.error}`);
  const dataDir = path.resolve(cwd, e.SVC_HR_DATA_DIR);
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl,
    ...(e.PUBLIC_BASE_URL === undefined ? {} : { openApiServerUrl: publicBaseUrl }),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.SVC_HR_TRUST_PROXY,
    dataDir,
    bodyLimitBytes: e.SVC_HR_BODY_LIMIT_BYTES,
    blobs: {
      dir: e.SVC_HR_BLOB_DIR ? path.resolve(cwd, e.SVC_HR_BLOB_DIR) : path.join(dataDir, 'blobs'),
      attachmentMaxBytes: e.SVC_HR_ATTACHMENT_MAX_BYTES,
      s3: e.SVC_HR_BLOB_S3_BUCKET
        ? {
            bucket: e.SVC_HR_BLOB_S3_BUCKET,
            prefix: e.SVC_HR_BLOB_S3_PREFIX,
            region: e.SVC_HR_BLOB_S3_REGION,
            endpoint: e.SVC_HR_BLOB_S3_ENDPOINT,
            // S3-compatible servers (MinIO, Ceph) mostly need path-style URLs; AWS takes virtual-hosted ones.
            forcePathStyle: e.SVC_HR_BLOB_S3_FORCE_PATH_STYLE ?? e.SVC_HR_BLOB_S3_ENDPOINT !== undefined,
            credentials:
              e.SVC_HR_BLOB_S3_ACCESS_KEY_ID && e.SVC_HR_BLOB_S3_SECRET_ACCESS_KEY
                ? {
                    accessKeyId: e.SVC_HR_BLOB_S3_ACCESS_KEY_ID,
                    secretAccessKey: e.SVC_HR_BLOB_S3_SECRET_ACCESS_KEY,
                  }
                : undefined,
          }
        : undefined,
    },
    database: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX, embeddedPort: e.EMBEDDED_DB_PORT },
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      cliPath: e.TEMPORAL_CLI_PATH,
      cliVersion: e.TEMPORAL_CLI_VERSION,
      port: e.TEMPORAL_PORT,
      uiPort: e.TEMPORAL_UI_PORT,
    },
    worker: { heartbeatSeconds: e.SVC_HR_WORKER_HEARTBEAT_SECONDS, staleSeconds: e.SVC_HR_WORKER_STALE_SECONDS },
    redisUrl: e.REDIS_URL,
    rateLimit: { perMinute: e.SVC_HR_RATE_LIMIT_PER_MINUTE, redisKeyPrefix: e.SVC_HR_RATE_LIMIT_REDIS_PREFIX },
    allowPrivateNetwork: e.SVC_HR_ALLOW_PRIVATE_NETWORK,
    webhooks: {
      retryScheduleMs: e.SVC_HR_WEBHOOK_RETRY_SCHEDULE,
      timeoutMs: e.SVC_HR_WEBHOOK_TIMEOUT,
      dispatchIntervalMs: e.SVC_HR_WEBHOOK_DISPATCH_INTERVAL,
    },
    secrets: { key: e.SVC_HR_SECRETS_KEY, retiredWebhookKey: e.SVC_HR_WEBHOOK_SECRET_KEY },
    outbound: {
      toolsTtlMs: e.SVC_HR_MCP_TOOLS_TTL,
      callTimeoutMs: e.SVC_HR_MCP_CALL_TIMEOUT,
      connectorCallTimeoutMs: e.SVC_HR_CONNECTOR_CALL_TIMEOUT,
    },
    leave: {
      remindAfterMs: e.SVC_HR_LEAVE_REMIND_AFTER,
      escalateAfterMs: e.SVC_HR_LEAVE_ESCALATE_AFTER,
      dayMs: e.SVC_HR_LEAVE_DAY_MS,
      reconcileSeconds: e.SVC_HR_LEAVE_RECONCILE_SECONDS,
    },
    approvals: {
      minuteMs: e.SVC_HR_APPROVAL_MINUTE_MS,
      remindAfterMs: e.SVC_HR_APPROVAL_REMIND_AFTER,
      escalateAfterMs: e.SVC_HR_APPROVAL_ESCALATE_AFTER,
    },
    timeTracking: { minuteMs: e.SVC_HR_TIME_TRACKING_MINUTE_MS },
    payroll: { pageSize: e.SVC_HR_PAYROLL_PAGE_SIZE },
    agent: {
      questionTimeoutMs: e.SVC_HR_AGENT_QUESTION_TIMEOUT,
      approvalTimeoutMs: e.SVC_HR_AGENT_APPROVAL_TIMEOUT,
      recheckMs: e.SVC_HR_AGENT_RECHECK_AFTER,
      maxSteps: e.SVC_HR_AGENT_MAX_STEPS,
      localPlanning: builtinModelNamed(e.SVC_HR_MODEL),
    },
    exampleApp: exampleAppSetting(e.SVC_HR_EXAMPLE_APP, e.HOST),
    mcpAllowedOrigins: (e.SVC_HR_MCP_ALLOWED_ORIGINS ?? new URL(publicBaseUrl).origin)
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    corsOrigins: e.SVC_HR_CORS_ORIGINS ?? [new URL(publicBaseUrl).origin],
    model: {
      spec: e.SVC_HR_MODEL,
      keys: {
        ...(e.OPENAI_API_KEY ? { openai: e.OPENAI_API_KEY } : {}),
        ...(e.ANTHROPIC_API_KEY ? { anthropic: e.ANTHROPIC_API_KEY } : {}),
        ...(e.OPENAI_COMPATIBLE_API_KEY ? { openaiCompatible: e.OPENAI_COMPATIBLE_API_KEY } : {}),
      },
    },
    audit: {
      signingKeyPem: e.SVC_HR_AUDIT_SIGNING_KEY,
      retiredPublicKeysPem: e.SVC_HR_AUDIT_RETIRED_PUBLIC_KEYS,
      checkpointEvery: e.SVC_HR_AUDIT_CHECKPOINT_EVERY,
    },
    connectorHub: { heartbeatSeconds: e.SVC_HR_CONNECTOR_HEARTBEAT_SECONDS },
    connector: {
      baseUrl: e.SVC_HR_CONNECTOR_BASE_URL,
      pairingToken: e.SVC_HR_CONNECTOR_PAIRING_TOKEN,
      adapterUrl: e.SVC_HR_CONNECTOR_ADAPTER_URL,
    },
    clock,
  };
}
