import type { Config } from '../../config/env';
import { AppError } from '../../engines/appError';
import { isLoopbackHost } from '../../engines/network/privateAddress';

/**
 * Where the example app may be used. Its demo backend signs people in without a password, so by default it is
 * served only while the API listens on a loopback address (config/env.ts), and its sign-in always answers only
 * clients on this machine: the request's client address (behind a trusted proxy, SVC_HR_TRUST_PROXY, the forwarded
 * one), and every address a proxy's forwarding headers name, trusted or not: a reverse proxy on this machine
 * connects from loopback, but the client it forwards is not local.
 */

/** The line the API logs at start when the example app is on while it listens beyond loopback; else undefined. */
export function exampleAppNotice(config: Pick<Config, 'exampleApp' | 'host'>): string | undefined {
  if (!config.exampleApp || isLoopbackHost(config.host)) return undefined;
  return (
    `The example app is on (SVC_HR_EXAMPLE_APP=true) while the API listens on ${config.host}, not a loopback ` +
    'address: its page is served to every client; its demo sign-in still answers only requests from this machine'
  );
}

/** The forwarding headers a proxy adds, as the operation declares them. */
export interface ForwardingHeaders {
  'x-forwarded-for'?: string | undefined;
  'x-real-ip'?: string | undefined;
  forwarded?: string | undefined;
}

/** An address as proxies write it, without quotes, brackets or port: `"[::1]:4711"` → `::1`, `10.0.0.1:80` → `10.0.0.1`. */
function bareAddress(entry: string): string {
  const text = entry.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^([\d.]+):\d+$/.exec(text);
  return v4WithPort ? v4WithPort[1]! : text;
}

/** Every client address the forwarding headers name (`Forwarded: for=…`, `X-Forwarded-For`, `X-Real-IP`). */
export function forwardedAddresses(headers: ForwardingHeaders | undefined): string[] {
  const list = (value: string | undefined) => (value ?? '').split(',').filter((e) => e.trim() !== '');
  const fromForwarded = list(headers?.forwarded).flatMap((element) =>
    element
      .split(';')
      .map((pair) => /^\s*for\s*=\s*(.*)$/i.exec(pair)?.[1])
      .filter((v): v is string => v !== undefined),
  );
  return [...list(headers?.['x-forwarded-for']), ...list(headers?.['x-real-ip']), ...fromForwarded].map(bareAddress);
}

/**
 * Throws 403 forbidden unless the request came from this machine: a loopback client address, and only loopback
 * addresses in its forwarding headers. An address that cannot be read counts as not local.
 */
export function assertLocalClient(clientAddress: string | undefined, forwarded: readonly string[] = []): void {
  const refuse = (from: string) =>
    new AppError(
      'forbidden',
      'The example app signs demo users in only for requests from this machine (a loopback address); this ' +
        `request came from ${from}`,
    );
  if (clientAddress === undefined) throw refuse('an unknown address');
  const outside = [clientAddress, ...forwarded].find((address) => !isLoopbackHost(address));
  if (outside !== undefined) throw refuse(outside);
}
