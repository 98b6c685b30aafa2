import { parseArgs } from 'node:util';
import type { Config } from '../../config/env';
import { runMigrations } from '../../db/migrate';
import { createPrismaClient, type PrismaClient } from '../../db/prismaClient';
import type { CredentialKind } from '../../engines/access/actor';
import { companyKeyScopes, isScope, scopes as allScopes } from '../../engines/access/scopes';
import { issueCompanyApiKey } from '../../engines/companyApiKeys/companyApiKeys';
import { AppError } from '../../engines/appError';
import { issueForEmail } from '../../engines/tokens/credentials';
import { sendToControlSocket } from '../runtime/controlSocket';
import { resolveDatabase } from '../runtime/database';

const units: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `30d`, `12h`, `90m` to milliseconds; undefined when malformed. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)([mhd])$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * units[match[2]!]!;
  return ms > 0 ? ms : undefined;
}

export const credentialNouns = {
  token: { kind: 'personal_access_token', needsScopes: true },
  credential: { kind: 'integration_credential', needsScopes: true },
  apikey: { kind: 'company_api_key', needsScopes: true },
} as const satisfies Record<string, { kind: CredentialKind; needsScopes: boolean }>;

export type CredentialNoun = keyof typeof credentialNouns;

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `token|credential|apikey create --email E --name N [--scopes a,b] [--expires-in 30d]` against a database
 * client: the secret goes to stdout alone (so a script can capture it), everything else to stderr.
 */
export async function createCredentialFromArgs(
  prisma: PrismaClient,
  noun: CredentialNoun,
  argv: string[],
): Promise<CommandResult> {
  const fail = (stderr: string, code = 2): CommandResult => ({ code, stdout: '', stderr: `${stderr}\n` });
  const [verb, ...rest] = argv;
  let values: { email?: string; name?: string; scopes?: string; 'expires-in'?: string };
  try {
    values = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        scopes: { type: 'string' },
        'expires-in': { type: 'string' },
      },
    }).values;
  } catch (err) {
    return fail((err as Error).message);
  }
  const { kind, needsScopes } = credentialNouns[noun];
  const known = kind === 'company_api_key' ? companyKeyScopes : allScopes;
  if (verb !== 'create' || !values.email || !values.name || (needsScopes && !values.scopes)) {
    return fail(
      `usage: svc-hr ${noun} create --email E --name N${needsScopes ? ' --scopes a,b' : ''} [--expires-in 30d]` +
        (needsScopes ? `\nscopes: ${known.join(', ')}` : ''),
    );
  }
  const scopes = (values.scopes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) return fail(`unknown scope(s): ${unknown.join(', ')}; known: ${known.join(', ')}`);
  let expiresAt: Date | null = null;
  if (values['expires-in']) {
    const ms = parseDuration(values['expires-in']);
    if (!ms) return fail(`--expires-in must look like 30d, 12h or 90m, not "${values['expires-in']}"`);
    expiresAt = new Date(Date.now() + ms);
  }
  try {
    const input = { name: values.name, scopes, expiresAt };
    const { secret } =
      kind === 'company_api_key'
        ? await issueCompanyApiKey(prisma, await creatorOf(prisma, values.email), input)
        : await issueForEmail(prisma, { email: values.email, kind, ...input });
    return { code: 0, stdout: `${secret}\n`, stderr: '' };
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err), 1);
  }
}

/** The user a company API key made from the CLI acts as: the operator names them by e-mail address. */
async function creatorOf(prisma: PrismaClient, email: string) {
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new AppError('not_found', `No user with e-mail ${email}`);
  return { tenantId: user.tenantId, userId: user.id, role: user.role };
}

/**
 * The CLI entry: with the embedded database held by a running `svc-hr start`, the command is sent to that
 * process over its control socket; otherwise it opens the database itself.
 */
export async function runCredentialCommand(config: Config, noun: CredentialNoun, argv: string[]): Promise<number> {
  let result: CommandResult | undefined;
  if (!config.database.url) result = await sendToControlSocket(config.dataDir, { command: noun, argv });
  if (!result) {
    const database = await resolveDatabase(config, (line) => process.stderr.write(`${line}\n`));
    try {
      await runMigrations(database.url);
      const prisma = createPrismaClient(database.url, { poolMax: 1 });
      try {
        result = await createCredentialFromArgs(prisma, noun, argv);
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await database.stop();
    }
  }
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.code;
}
