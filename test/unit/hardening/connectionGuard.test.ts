import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGuardedFetch } from '../../../engines/network/guardedFetch';
import { guardedLookup, type Resolve } from '../../../engines/network/outboundAddress';

/**
 * The rule applied at the moment of connecting, after DNS resolution: a name stored while it pointed outside
 * may point at the metadata service, this host or a private machine by the time svc-hr connects (DNS
 * rebinding). The DNS answers come from a stand-in resolver (the system's DNS is not ours to point), the
 * connections go to a real local server.
 */
let server: http.Server;
let port: number;
let hits: string[];

beforeAll(async () => {
  hits = [];
  server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/plain', 'x-target': 'yes' }).end('hello from the target');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits = [];
});

const dnsAnswering =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses;

function lookupOnce(lookup: ReturnType<typeof guardedLookup>, host: string, all: boolean) {
  return new Promise<unknown>((resolve, reject) => {
    lookup(host, { all }, (error, address, family) =>
      error ? reject(error) : resolve(all ? address : { address, family }),
    );
  });
}

describe('guardedLookup', () => {
  const cases: Array<[string, string[], boolean, 'connects' | 'refused']> = [
    ['the metadata service', ['169.254.169.254'], true, 'refused'],
    ['the metadata service over IPv6', ['fd00:ec2::254'], true, 'refused'],
    ['a mapped metadata address', ['::ffff:169.254.169.254'], true, 'refused'],
    ['the unspecified address', ['0.0.0.0'], true, 'refused'],
    ['the IPv6 unspecified address', ['::'], true, 'refused'],
    ['multicast', ['224.0.0.1'], true, 'refused'],
    ['broadcast', ['255.255.255.255'], true, 'refused'],
    ['one public and one metadata address', ['8.8.8.8', '169.254.169.254'], true, 'refused'],
    ['loopback, private networks allowed', ['127.0.0.1'], true, 'connects'],
    ['loopback, private networks not allowed', ['127.0.0.1'], false, 'refused'],
    ['one public and one private address, not allowed', ['8.8.8.8', '10.0.0.1'], false, 'refused'],
    ['a public address', ['8.8.8.8'], false, 'connects'],
  ];
  it.each(cases)('%s: %j (private networks %s) is %s', async (_what, addresses, allowPrivateNetwork, outcome) => {
    const lookup = guardedLookup({ allowPrivateNetwork }, dnsAnswering(...addresses));
    for (const all of [true, false]) {
      const result = lookupOnce(lookup, 'rebound.example', all);
      if (outcome === 'refused') await expect(result).rejects.toThrow(/^rebound\.example resolves to /);
      else await expect(result).resolves.toBeTruthy();
    }
  });

  it('refuses a cloud metadata name before asking DNS', async () => {
    const lookup = guardedLookup({ allowPrivateNetwork: true }, () => Promise.reject(new Error('DNS was asked')));
    await expect(lookupOnce(lookup, 'metadata.google.internal', true)).rejects.toThrow(
      'metadata.google.internal is the name of a cloud metadata service',
    );
  });
});

describe('the guarded fetch the MCP client uses', () => {
  it('connects to the address the checked DNS answer names', async () => {
    const fetch = createGuardedFetch({ allowPrivateNetwork: true }, dnsAnswering('127.0.0.1'));
    const res = await fetch(`http://rebound.example:${port}/mcp`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-target')).toBe('yes');
    expect(await res.text()).toBe('hello from the target');
    expect(hits).toEqual(['POST /mcp']);
  });

  it.each([['0.0.0.0'], ['::'], ['169.254.169.254'], ['::ffff:127.0.0.1']])(
    'refuses a name re-pointed at %s when it connects, sending nothing',
    async (address) => {
      const allowPrivateNetwork = address !== '::ffff:127.0.0.1';
      const fetch = createGuardedFetch({ allowPrivateNetwork }, dnsAnswering(address));
      await expect(fetch(`http://rebound.example:${port}/mcp`, { method: 'POST', body: '{}' })).rejects.toThrow(
        /^rebound\.example resolves to /,
      );
      expect(hits).toEqual([]);
    },
  );

  it.each([['0.0.0.0'], ['0'], ['[::ffff:0.0.0.0]'], ['0x7f.1']])(
    'refuses the literal %s before connecting (Node never looks literals up)',
    async (host) => {
      const allowPrivateNetwork = host !== '0x7f.1';
      const fetch = createGuardedFetch({ allowPrivateNetwork }, dnsAnswering('127.0.0.1'));
      await expect(fetch(`http://${host}:${port}/mcp`, { method: 'POST', body: '{}' })).rejects.toThrow(
        / is an? .* address/,
      );
      expect(hits).toEqual([]);
    },
  );

  it('does not follow a redirect: it answers it as it came', async () => {
    const redirecting = http.createServer((_req, res) => {
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const fetch = createGuardedFetch({ allowPrivateNetwork: true });
      const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/mcp`;
      const res = await fetch(url, { method: 'POST', body: '{}' });
      expect(res.status).toBe(307);
      await expect(fetch(url, { method: 'POST', body: '{}', redirect: 'error' })).rejects.toThrow(/redirect/);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });
});
