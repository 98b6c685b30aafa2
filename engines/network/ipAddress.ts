import { isIP } from 'node:net';

/** An IP address as its bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  version: 4 | 6;
  bytes: number[];
}

/**
 * One part of an IPv4 address as `inet_aton` (and so DNS resolvers and the WHATWG URL parser) reads it: `0x` hex,
 * a leading `0` octal, else decimal.
 */
function ipv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9]\d*)$/.test(part)) return Number(part);
  return undefined;
}

/**
 * Reads IPv4 in every form a resolver accepts: dotted quads, and the shortened, decimal-integer, hex and octal
 * forms (`127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1`), with one trailing dot. Each form is a way to write an
 * address that a check reading only dotted quads would miss.
 */
export function parseIpv4(text: string): number[] | undefined {
  const parts = text.replace(/\.$/, '').split('.');
  if (parts.length > 4 || parts.some((p) => p === '')) return undefined;
  const numbers = parts.map(ipv4Part);
  if (numbers.some((n) => n === undefined || !Number.isSafeInteger(n))) return undefined;
  const values = numbers as number[];
  const last = values.pop()!;
  if (values.some((n) => n > 255)) return undefined;
  // The last part fills every byte the others left: `127.1` is 127.0.0.1, `2130706433` the whole address.
  const lastBytes = 4 - values.length;
  if (last >= 256 ** lastBytes) return undefined;
  const tail: number[] = [];
  for (let i = lastBytes - 1; i >= 0; i--) tail.push(Math.floor(last / 256 ** i) % 256);
  return [...values, ...tail];
}

/** Reads an IPv6 address (a zone `%eth0` is dropped; an embedded dotted IPv4 tail is read too). */
export function parseIpv6(text: string): number[] | undefined {
  const bare = text.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return undefined;
  let body = bare;
  const tailV4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  const tail: number[] = [];
  if (tailV4) {
    const v4 = parseIpv4(tailV4[2]!);
    if (!v4) return undefined;
    tail.push(...v4);
    body = tailV4[1]!.endsWith('::') ? tailV4[1]! : tailV4[1]!.slice(0, -1);
  }
  const [head, rest] = body.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').filter((g) => g !== '') : []);
  const before = groups(head);
  const after = groups(rest);
  const missing = 8 - tail.length / 2 - before.length - after.length;
  const all = [...before, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...after];
  const bytes = all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 255];
  });
  return [...bytes, ...tail];
}

/**
 * Reads `host` as an IP address in any form (`[::1]` with brackets, trailing dots, the IPv4 forms of parseIpv4);
 * undefined when it is a name.
 */
export function parseIpAddress(host: string): IpAddress | undefined {
  const text = host.trim().toLowerCase();
  const bracketed = /^\[(.*)\]$/.exec(text);
  const v6 = parseIpv6(bracketed ? bracketed[1]! : text);
  if (v6) return { version: 6, bytes: v6 };
  if (bracketed) return undefined;
  const v4 = parseIpv4(text);
  return v4 ? { version: 4, bytes: v4 } : undefined;
}

/** The canonical text of an address: a dotted quad, or IPv6 as Node prints it. */
export function formatIpAddress(ip: IpAddress): string {
  if (ip.version === 4) return ip.bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip.bytes[i]! << 8) | ip.bytes[i + 1]!).toString(16));
  // Let the URL parser compress the zeros, as everyone else writes IPv6.
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}
