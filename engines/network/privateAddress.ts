import { formatIpAddress, parseIpAddress, type IpAddress } from './ipAddress';

/**
 * What an address is to an outbound call of svc-hr (a webhook delivery, an MCP server):
 * - `forbidden`: never reached, whatever the operator allows: link-local (the cloud metadata services live at
 *   169.254.169.254 and fd00:ec2::254), unspecified (0.0.0.0 and :: reach this very host), multicast, broadcast
 *   and reserved addresses. No real MCP server or webhook receiver lives there, and the metadata service hands out
 *   the machine's cloud credentials.
 * - `private`: loopback, private, carrier-grade NAT, unique-local and the like: refused unless the operator allows
 *   private networks (`SVC_HR_ALLOW_PRIVATE_NETWORK=1`, development and tests).
 * - `public`: anything else.
 * IPv4 written inside IPv6 (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`) is judged
 * as the IPv4 address it reaches.
 */
export type AddressKind = 'public' | 'private' | 'forbidden';

export interface AddressClass {
  kind: AddressKind;
  /** What the address is, for messages: "link-local (cloud metadata)", "loopback"... */
  label: string;
}

interface Range {
  bytes: number[];
  prefix: number;
  kind: Exclude<AddressKind, 'public'>;
  label: string;
}

const range = (bytes: number[], prefix: number, kind: Range['kind'], label: string): Range => ({
  bytes,
  prefix,
  kind,
  label,
});
const v6 = (text: string) => parseIpAddress(text)!.bytes;

// The most specific range first: the first match decides.
const ipv4Ranges: Range[] = [
  range([255, 255, 255, 255], 32, 'forbidden', 'broadcast'),
  range([0, 0, 0, 0], 8, 'forbidden', 'unspecified'),
  range([169, 254, 0, 0], 16, 'forbidden', 'link-local (cloud metadata)'),
  range([100, 100, 100, 200], 32, 'forbidden', 'cloud metadata'),
  range([224, 0, 0, 0], 4, 'forbidden', 'multicast'),
  range([240, 0, 0, 0], 4, 'forbidden', 'reserved'),
  range([127, 0, 0, 0], 8, 'private', 'loopback'),
  range([10, 0, 0, 0], 8, 'private', 'private'),
  range([172, 16, 0, 0], 12, 'private', 'private'),
  range([192, 168, 0, 0], 16, 'private', 'private'),
  range([100, 64, 0, 0], 10, 'private', 'carrier-grade NAT'),
  range([192, 0, 0, 0], 24, 'private', 'IETF protocol assignment'),
  range([198, 18, 0, 0], 15, 'private', 'benchmarking'),
];

const ipv6Ranges: Range[] = [
  range(v6('::'), 128, 'forbidden', 'unspecified'),
  range(v6('fd00:ec2::'), 32, 'forbidden', 'cloud metadata'),
  range(v6('fe80::'), 10, 'forbidden', 'link-local'),
  range(v6('ff00::'), 8, 'forbidden', 'multicast'),
  range(v6('::1'), 128, 'private', 'loopback'),
  range(v6('fc00::'), 7, 'private', 'unique-local'),
  range(v6('fec0::'), 10, 'private', 'site-local'),
];

function inRange(bytes: number[], r: Range): boolean {
  for (let bit = 0; bit < r.prefix; bit += 8) {
    const bits = Math.min(8, r.prefix - bit);
    const mask = (0xff << (8 - bits)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (r.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const zeros = (n: number) => Array<number>(n).fill(0);

/** The IPv4 address an IPv6 address carries and reaches (mapped, compatible, translated or NAT64), if any. */
function embeddedIpv4(bytes: number[]): { v4: number[]; nat64: boolean } | undefined {
  const tail = bytes.slice(12);
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return { v4: tail, nat64: false };
  if (startsWith(bytes, [...zeros(8), 0xff, 0xff, 0, 0])) return { v4: tail, nat64: false };
  // IPv4-compatible (::a.b.c.d, deprecated but still routed by some stacks); :: and ::1 are IPv6's own.
  if (startsWith(bytes, zeros(12)) && (tail[0]! !== 0 || tail[1]! !== 0 || tail[2]! !== 0 || tail[3]! > 1)) {
    return { v4: tail, nat64: false };
  }
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return { v4: tail, nat64: true };
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 1])) return { v4: tail, nat64: true };
  return undefined;
}

function classifyBytes(ip: IpAddress): AddressClass {
  if (ip.version === 6) {
    const embedded = embeddedIpv4(ip.bytes);
    if (embedded) {
      const inner = classifyBytes({ version: 4, bytes: embedded.v4 });
      // A NAT64 gateway is an inside machine itself.
      return embedded.nat64 && inner.kind === 'public' ? { kind: 'private', label: 'NAT64' } : inner;
    }
  }
  const found = (ip.version === 4 ? ipv4Ranges : ipv6Ranges).find((r) => inRange(ip.bytes, r));
  return found ? { kind: found.kind, label: found.label } : { kind: 'public', label: 'public' };
}

/**
 * The class of `address`, an IP literal in any form (parseIpAddress). A name is not an address: it is answered
 * `forbidden` so that a caller that forgot to resolve it fails safe.
 */
export function classifyAddress(address: string): AddressClass {
  const ip = parseIpAddress(address);
  return ip ? classifyBytes(ip) : { kind: 'forbidden', label: 'unresolved name' };
}

/** True when `address` (an IP literal in any form) is not a public address: private, loopback, link-local... */
export function isPrivateAddress(address: string): boolean {
  return classifyAddress(address).kind !== 'public';
}

/** True when `host` is a loopback address in any form, or `localhost` (which resolves to loopback only). */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.+$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return parseIpAddress(host) !== undefined && classifyAddress(host).label === 'loopback';
}

/** The canonical text of an IP literal in any form (`0x7f.1` → `127.0.0.1`), or undefined for a name. */
export function canonicalAddress(host: string): string | undefined {
  const ip = parseIpAddress(host);
  return ip ? formatIpAddress(ip) : undefined;
}
