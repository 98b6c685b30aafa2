import { isIP } from 'node:net';

/** Fastify's trustProxy: which hops' X-Forwarded-For to believe (none, all, a number of hops, or these addresses). */
export type TrustProxy = boolean | number | string[];

// Names proxy-addr (under Fastify's trustProxy) knows for address ranges.
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/**
 * SVC_HR_TRUST_PROXY: unset trusts no proxy (the client address is the socket's); `true` trusts every hop (only behind
 * a proxy that overwrites X-Forwarded-For); a whole number trusts that many hops; otherwise a comma-separated list of
 * proxy addresses, CIDR ranges or the names loopback, linklocal, uniquelocal. Behind a load balancer this makes the
 * rate limit count requests without a token per client rather than per balancer. Undefined for a value it cannot read.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

/** The value for Fastify's trustProxy option: a hop count becomes the function proxy-addr makes of one. */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}
