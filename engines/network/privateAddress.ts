import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outbound call of svc-hr (a webhook delivery, an MCP server) must not reach unless the operator
 * allows private networks (`SVC_HR_ALLOW_PRIVATE_NETWORK=1`): loopback, private, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, unique-local IPv6, multicast and the unspecified addresses. Checking every
 * address a name resolves to, and again when connecting, is what stops a URL from reaching the inside of the
 * network (SSRF), also through DNS rebinding.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) stands for, else undefined. */
function mappedIpv4(address: string): string | undefined {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1];
}

/** True when `address` (an IP literal) is loopback, private, link-local or otherwise not a public address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = mappedIpv4(bare);
  if (v4) return blocked.check(v4, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  // Not an IP literal: the caller must resolve it first. Refusing is the safe answer.
  return true;
}

/** Why an outbound address was refused; the message names the host and the address. */
export class PrivateAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address`);
    this.name = 'PrivateAddressError';
  }
}

/**
 * Resolves `host` and answers its addresses; throws PrivateAddressError when any of them is private (a name
 * with one public and one private address is refused: the connection could take either).
 */
export async function resolvePublicAddresses(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
  const bad = addresses.find(isPrivateAddress);
  if (bad !== undefined) throw new PrivateAddressError(host, bad);
  return addresses;
}

/**
 * A `lookup` for `http.request` that refuses private addresses at connection time, so a name that resolved to a
 * public address when checked cannot point inside the network when connected (DNS rebinding). Node skips
 * `lookup` for IP literals: check those with isPrivateAddress before the call.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as unknown as dns.LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new PrivateAddressError(hostname, bad.address), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
    callback(null, first.address, first.family);
  });
};
