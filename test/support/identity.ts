import type { PrismaClient } from '../../db/prismaClient';
import type { CredentialKind } from '../../engines/access/actor';
import { scopes as allScopes, type Scope } from '../../engines/access/scopes';
import { issueCredential, issueForEmail } from '../../engines/tokens/credentials';
import { demoPeople, seedDemo } from '../../prisma/seed';
import { testClock } from './clock';

export type DemoKey = keyof typeof demoPeople;
export { allScopes };

/** Seeds the demo tenants into a test database (idempotent). */
export async function seedDemoTenants(prisma: PrismaClient): Promise<void> {
  await seedDemo(prisma, { clock: testClock() });
}

/** A personal access token (or another kind) for a demo person, through the real credential engine. */
export async function tokenFor(
  prisma: PrismaClient,
  who: DemoKey,
  scopes: readonly Scope[] = allScopes,
  opts: { kind?: CredentialKind; expiresAt?: Date | null; name?: string } = {},
): Promise<string> {
  const kind = opts.kind ?? 'personal_access_token';
  if (kind !== 'personal_access_token') {
    // Issued directly, as if minted by exchange_agent_token or created by an admin (those paths have their own
    // tests), so that any role can hold any kind and the access rules can be checked against it.
    const user = await prisma.user.findUniqueOrThrow({ where: { email: demoPeople[who].email } });
    const fifteenMinutes = new Date(Date.now() + 15 * 60_000);
    const { secret } = await issueCredential(prisma, {
      tenantId: user.tenantId,
      userId: user.id,
      kind,
      name: opts.name ?? `test ${kind}`,
      scopes,
      expiresAt: opts.expiresAt ?? (kind === 'delegated_credential' ? fifteenMinutes : null),
    });
    return secret;
  }
  const { secret } = await issueForEmail(prisma, {
    email: demoPeople[who].email,
    kind,
    name: opts.name ?? `test token of ${who}`,
    scopes,
    expiresAt: opts.expiresAt ?? null,
  });
  return secret;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
