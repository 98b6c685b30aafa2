import { z } from 'zod';
import { openExampleSession } from '../demoBackend';
import { forwardedAddresses } from '../exposure';
import { defineOperation } from '../../../operations/defineOperation';

export const createExampleSession = defineOperation({
  name: 'create_example_session',
  method: 'POST',
  path: '/example/api/session',
  access: 'public',
  tag: 'Example app',
  summary: "The example app's backend: a delegated credential for the demo user the page signs in as",
  description:
    'Plays the part of your backend: it exchanges an integration credential it holds (and never sends) for a ' +
    "30-minute delegated credential of a demo user of Acme. Demo only: it trusts the page's choice of user, so it " +
    'signs in only the demo employees and their manager (alice@, bob@, carol@, manager@acme.test), only for ' +
    'requests from this machine; anything else answers 403 and mints nothing. Off unless the example app is on ' +
    '(SVC_HR_EXAMPLE_APP).',
  input: {
    body: z.strictObject({
      email: z
        .email()
        .max(200)
        .describe('the demo user to act as: alice@acme.test, bob@acme.test, carol@acme.test or manager@acme.test'),
    }),
    // Read so that a client a proxy on this machine forwards from elsewhere is not taken for a local one.
    headers: z.object({
      'x-forwarded-for': z.string().optional().describe('set by proxies: every address it names must be loopback'),
      'x-real-ip': z.string().optional().describe('set by proxies: must be a loopback address'),
      forwarded: z.string().optional().describe('set by proxies (RFC 7239): every `for=` must be loopback'),
    }),
  },
  output: z.object({
    accessToken: z.string().describe('the delegated credential the page sends as Authorization: Bearer'),
    tokenType: z.literal('Bearer'),
    expiresAt: z.string().describe('ISO 8601 UTC'),
    scopes: z.array(z.string()).describe('the scopes granted'),
    userId: z.uuid(),
    email: z.string().describe("the user's email"),
    name: z.string().describe("the user's name"),
  }),
  successStatus: 201,
  handler: async (ctx, { body, headers }) => {
    const client = { address: ctx.clientAddress, forwarded: forwardedAddresses(headers) };
    return openExampleSession(ctx.deps.prisma, body.email, client);
  },
});
