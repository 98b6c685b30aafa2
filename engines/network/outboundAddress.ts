import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { canonicalAddress, classifyAddress } from './privateAddress';

/**
 * The one rule for where svc-hr's outbound calls (webhook deliveries, MCP servers) may connect, applied when a URL
 * is stored and again at every connection, after DNS resolution: forbidden addresses and cloud metadata names
 * never; private addresses only where the operator allows private networks (privateAddress.ts).
 */
export interface OutboundPolicy {
  /** `SVC_HR_ALLOW_PRIVATE_NETWORK=1`: loopback and private addresses are allowed (development, tests). */
  allowPrivateNetwork: boolean;
}

/** Why an outbound host or address was refused; the message names both and says which rule refused it. */
export class RefusedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    /** True when no setting allows it (metadata, link-local, unspecified, multicast, broadcast). */
    readonly always: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

const never = 'which svc-hr never calls, even where private networks are allowed';

function refusal(host: string, address: string, always: boolean, label: string): RefusedAddressError {
  const literal = canonicalAddress(host) !== undefined;
  const what = literal ? `${host} is` : `${host} resolves to ${address},`;
  const article = /^(unspecified|IETF)/.test(label) ? 'an' : 'a';
  return new RefusedAddressError(
    host,
    address,
    always,
    always
      ? `${what} ${article} ${label} address, ${never}`
      : `${what} a private, loopback or otherwise internal address (${label})`,
  );
}

// Names of cloud metadata services (Google Cloud, AWS, Tencent Cloud). They resolve to link-local addresses (refused anyway), but only inside the
// cloud; refusing the names too keeps a URL stored elsewhere from becoming a metadata URL after a move.
const metadataNames = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
]);

/** True when `host` names a cloud metadata service (any case, trailing dots ignored). */
export function isMetadataName(host: string): boolean {
  return metadataNames.has(host.trim().toLowerCase().replace(/\.+$/, ''));
}

/**
 * Throws RefusedAddressError when `address` (what `host` resolved to, or `host` itself for a literal) may not be
 * reached under `policy`.
 */
export function assertAllowedAddress(host: string, address: string, policy: OutboundPolicy): void {
  const { kind, label } = classifyAddress(address);
  const canonical = canonicalAddress(address) ?? address;
  if (kind === 'forbidden') throw refusal(host, canonical, true, label);
  if (kind === 'private' && !policy.allowPrivateNetwork) throw refusal(host, canonical, false, label);
}

/**
 * Checks a host without resolving it: a literal in any form is judged at once, a metadata name is refused.
 * Answers the literal's canonical address, or undefined for a name (to be judged when it resolves).
 */
export function checkHostLiteral(host: string, policy: OutboundPolicy): string | undefined {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isMetadataName(bare)) {
    throw new RefusedAddressError(host, host, true, `${host} is the name of a cloud metadata service, ${never}`);
  }
  const literal = canonicalAddress(host);
  if (literal !== undefined) assertAllowedAddress(host, literal, policy);
  return literal;
}

/** The resolver the connection guard asks; tests pass a stand-in for DNS, production the system's. */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Resolves `host` and answers its addresses; throws RefusedAddressError when any may not be reached (a name with
 * one public and one private address is refused: the connection could take either).
 */
export async function resolveAllowedAddresses(
  host: string,
  policy: OutboundPolicy,
  resolve: Resolve = systemResolve,
): Promise<string[]> {
  const literal = checkHostLiteral(host, policy);
  if (literal !== undefined) return [literal];
  const addresses = await resolve(host.replace(/^\[|\]$/g, ''));
  for (const address of addresses) assertAllowedAddress(host, address, policy);
  return addresses;
}

/**
 * A `lookup` for `http.request` and `net.connect` that applies the policy to what the name resolves to, at the
 * moment of connecting, and hands only those checked addresses to the socket: a name that resolved to a public
 * address when it was stored cannot point inside the network when used (DNS rebinding). Node skips `lookup` for
 * IP literals: check those with checkHostLiteral before connecting.
 */
export function guardedLookup(policy: OutboundPolicy, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowedAddresses(hostname, policy, resolve).then(
      (addresses) => {
        const list = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
        const wanted =
          options.family === 4 || options.family === 6 ? list.filter((a) => a.family === options.family) : list;
        if (options.all) {
          (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, wanted);
          return;
        }
        const first = wanted[0];
        if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
