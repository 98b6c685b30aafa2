import { resolveAllowedAddresses } from '../../../engines/network/outboundAddress';
import { isPrivateAddress } from '../../../engines/network/privateAddress';

describe('isPrivateAddress', () => {
  const cases: Array<[string, boolean]> = [
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['10.0.0.1', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['203.0.113.10', false],
    ['::1', true],
    ['[::1]', true],
    ['::', true],
    ['fe80::1', true],
    ['fe80::1%eth0', true],
    ['fd12:3456::1', true],
    ['fc00::1', true],
    ['ff02::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a00:1', true],
    ['2001:4860:4860::8888', false],
    ['example.com', true],
  ];
  it.each(cases)('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('resolveAllowedAddresses without private networks', () => {
  const policy = { allowPrivateNetwork: false };
  it('answers a public literal as it is and refuses a private one, naming it', async () => {
    await expect(resolveAllowedAddresses('203.0.113.7', policy)).resolves.toEqual(['203.0.113.7']);
    await expect(resolveAllowedAddresses('[::1]', policy)).rejects.toThrow('[::1] is a private, loopback');
  });

  it('refuses a name that resolves to loopback', async () => {
    await expect(resolveAllowedAddresses('localhost', policy)).rejects.toThrow(/localhost resolves to .*loopback/);
  });
});
