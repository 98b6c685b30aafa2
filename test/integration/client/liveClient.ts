import type { AddressInfo } from 'node:net';
import { createClient, type ClientOptions, type SvcHrClient } from '../../../client/src';
import type { AgentKit } from '../agent/agentKit';
import type { DemoKey } from '../../support/identity';

/** Makes the kit's app listen on a free local port: the client talks real HTTP, as a browser or backend would. */
export async function listen(kit: AgentKit): Promise<string> {
  await kit.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = kit.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A client acting as a demo person (their personal access token with every scope). */
export async function clientFor(
  kit: AgentKit,
  baseUrl: string,
  who: DemoKey,
  extra: Partial<ClientOptions> = {},
): Promise<SvcHrClient> {
  return createClient({ baseUrl, credential: await kit.token(who), ...extra });
}

/** Resolves once `predicate` holds for a state the subscriber sees (or already holds). */
export function until<S>(
  subscribe: (listener: (state: S) => void) => () => void,
  current: () => S,
  predicate: (state: S) => boolean,
): Promise<S> {
  if (predicate(current())) return Promise.resolve(current());
  return new Promise((resolve) => {
    const stop = subscribe((state) => {
      if (!predicate(state)) return;
      stop();
      resolve(state);
    });
  });
}
