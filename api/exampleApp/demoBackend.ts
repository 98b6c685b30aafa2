import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../db/prismaClient';
import type { Scope } from '../../engines/access/scopes';
import { AppError } from '../../engines/appError';
import { authenticate } from '../../engines/tokens/authenticate';
import { issueCredential } from '../../engines/tokens/credentials';
import { exchangeForDelegatedCredential, type DelegatedCredential } from '../../engines/tokens/exchange';
import { assertDemoEmail, assertDemoRole, demoTenant } from './demoUsers';
import { assertLocalClient } from './exposure';

/**
 * The example app's backend, playing the part of a customer's HR product: it holds an integration credential of
 * the demo tenant (minted on first use by its admin, kept in this process's memory only, never sent anywhere) and
 * exchanges it, through the real exchange_agent_token engine, for a delegated credential of the demo user the page
 * signed in as. The browser only ever receives that delegated credential. With no password in the way, it signs in
 * only the demo employees and their manager (demoUsers.ts), only for clients on this machine (exposure.ts).
 */
const demoAdminEmail = 'admin@acme.test';
const grantedScopes: readonly Scope[] = [
  'agent:run',
  'agent:read',
  'agent:approve',
  'agent:artifacts',
  'leave:read',
  'leave:write',
  'reports:read',
];
const sessionSeconds = 30 * 60;

const held = new WeakMap<PrismaClient, Promise<string>>();

async function mintIntegrationCredential(prisma: PrismaClient): Promise<string> {
  const admin = await prisma.user.findUnique({ where: { email: demoAdminEmail }, include: { tenant: true } });
  if (!admin) throw new AppError('not_found', 'The example app needs the demo tenant: run `svc-hr seed`');
  if (admin.tenant.domain !== demoTenant.domain) {
    throw new AppError('forbidden', `The example app works in the demo tenant ${demoTenant.name} only`);
  }
  const { secret } = await issueCredential(prisma, {
    tenantId: admin.tenantId,
    userId: admin.id,
    kind: 'integration_credential',
    name: 'example app backend',
    scopes: grantedScopes,
    createdById: admin.id,
  });
  return secret;
}

/** The integration credential's actor; minted again if the stored one no longer authenticates (revoked). */
async function integrationActor(prisma: PrismaClient) {
  let secret = held.get(prisma);
  if (!secret) held.set(prisma, (secret = mintIntegrationCredential(prisma)));
  try {
    return await authenticate(prisma, await secret);
  } catch (err) {
    held.delete(prisma);
    if (!(err instanceof AppError) || err.code !== 'unauthorized') throw err;
    const fresh = mintIntegrationCredential(prisma);
    held.set(prisma, fresh);
    return authenticate(prisma, await fresh);
  }
}

export interface ExampleSession extends DelegatedCredential {
  email: string;
  name: string;
}

/**
 * Signs a demo user of the demo workspace in: their delegated credential, nothing more. 403 forbidden, before
 * anything is minted, for a client not on this machine, anyone but a demo employee or manager, or a demo user whose
 * role was raised since the seed.
 */
export async function openExampleSession(
  prisma: PrismaClient,
  email: string,
  client: { address: string | undefined; forwarded: readonly string[] },
): Promise<ExampleSession> {
  assertLocalClient(client.address, client.forwarded);
  assertDemoEmail(email);
  // The user and their live role first: a refusal must not mint even the backend's integration credential.
  const user = await prisma.user.findFirst({
    where: { email: email.toLowerCase(), tenant: { domain: demoTenant.domain } },
  });
  if (!user) throw new AppError('not_found', `No demo user ${email} in ${demoTenant.name}`);
  assertDemoRole(user);
  const actor = await integrationActor(prisma);
  if (actor.tenant.id !== user.tenantId) {
    throw new AppError('forbidden', `The example app works in the demo tenant ${demoTenant.name} only`);
  }
  const delegated = await exchangeForDelegatedCredential(prisma, actor, {
    userId: user.id,
    externalSessionId: `example-app:${randomUUID()}`,
    scopes: grantedScopes,
    expiresInSeconds: sessionSeconds,
  });
  return { ...delegated, email: user.email, name: user.name };
}
