import { AppError } from '../../../engines/appError';
import { checkServerUrl } from '../../../engines/outbound/serverUrl';
import { checkWebhookUrl } from '../../../engines/webhooks/endpointUrl';

/**
 * Every way to write an address a URL of svc-hr's outbound calls (MCP servers, webhooks) must not reach, through
 * the checks that run when such a URL is stored. Metadata, link-local, unspecified, multicast and broadcast
 * addresses are refused in every spelling whatever SVC_HR_ALLOW_PRIVATE_NETWORK says; loopback and private ones
 * only without it; public ones never.
 */
type Kind = 'forbidden' | 'private' | 'public';

// [host as written in the URL, what it is]
const forms: Array<[string, Kind]> = [
  // Cloud metadata and link-local, in every spelling.
  ['169.254.169.254', 'forbidden'],
  ['169.254.169.254.', 'forbidden'],
  ['169.254.169.254..', 'forbidden'],
  ['0xa9fea9fe', 'forbidden'],
  ['0XA9FEA9FE', 'forbidden'],
  ['2852039166', 'forbidden'],
  ['025177524776', 'forbidden'],
  ['0251.0376.0251.0376', 'forbidden'],
  ['0xa9.0xfe.0xa9.0xfe', 'forbidden'],
  ['169.254.43518', 'forbidden'],
  ['169.16689662', 'forbidden'],
  ['[::ffff:169.254.169.254]', 'forbidden'],
  ['[::ffff:a9fe:a9fe]', 'forbidden'],
  ['[0:0:0:0:0:ffff:a9fe:a9fe]', 'forbidden'],
  ['[::ffff:0:a9fe:a9fe]', 'forbidden'],
  ['[::169.254.169.254]', 'forbidden'],
  ['[::a9fe:a9fe]', 'forbidden'],
  ['[64:ff9b::169.254.169.254]', 'forbidden'],
  ['[fe80::1]', 'forbidden'],
  ['[fe80::a9fe:a9fe]', 'forbidden'],
  ['[fd00:ec2::254]', 'forbidden'],
  ['[FD00:EC2:0:0:0:0:0:254]', 'forbidden'],
  ['100.100.100.200', 'forbidden'],
  ['metadata.google.internal', 'forbidden'],
  ['METADATA.GOOGLE.INTERNAL.', 'forbidden'],
  ['metadata', 'forbidden'],
  ['instance-data', 'forbidden'],
  // Unspecified: connecting to it reaches this very host.
  ['0.0.0.0', 'forbidden'],
  ['0', 'forbidden'],
  ['0x0', 'forbidden'],
  ['00', 'forbidden'],
  ['0.0', 'forbidden'],
  ['0.1.2.3', 'forbidden'],
  ['[::]', 'forbidden'],
  ['[0:0:0:0:0:0:0:0]', 'forbidden'],
  ['[::ffff:0.0.0.0]', 'forbidden'],
  ['[::ffff:0:0]', 'forbidden'],
  // Multicast, broadcast and reserved.
  ['224.0.0.1', 'forbidden'],
  ['0xe0000001', 'forbidden'],
  ['239.255.255.250', 'forbidden'],
  ['[ff02::1]', 'forbidden'],
  ['[ff05::1:3]', 'forbidden'],
  ['[::ffff:224.0.0.1]', 'forbidden'],
  ['255.255.255.255', 'forbidden'],
  ['4294967295', 'forbidden'],
  ['0xffffffff', 'forbidden'],
  ['[::ffff:255.255.255.255]', 'forbidden'],
  ['240.0.0.1', 'forbidden'],
  // Loopback and private: allowed only with SVC_HR_ALLOW_PRIVATE_NETWORK.
  ['127.0.0.1', 'private'],
  ['127.1', 'private'],
  ['127.0.0.1.', 'private'],
  ['2130706433', 'private'],
  ['0x7f000001', 'private'],
  ['0177.0.0.1', 'private'],
  ['0x7f.1', 'private'],
  ['[::1]', 'private'],
  ['[::ffff:127.0.0.1]', 'private'],
  ['[::ffff:7f00:1]', 'private'],
  ['[64:ff9b::7f00:1]', 'private'],
  ['localhost', 'private'],
  ['10.0.0.1', 'private'],
  ['012.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['3232235777', 'private'],
  ['100.64.0.1', 'private'],
  ['[fd00::1]', 'private'],
  ['[fc00::1]', 'private'],
  ['[::ffff:10.0.0.1]', 'private'],
  ['[64:ff9b::8.8.8.8]', 'private'],
  // Public, in several spellings.
  ['8.8.8.8', 'public'],
  ['0x08080808', 'public'],
  ['134744072', 'public'],
  ['203.0.113.10', 'public'],
  ['[::ffff:8.8.8.8]', 'public'],
  ['[2001:4860:4860::8888]', 'public'],
];

async function verdict(check: typeof checkServerUrl, host: string, allowPrivateNetwork: boolean) {
  try {
    await check(`https://${host}/x`, { allowPrivateNetwork });
    return 'accepted';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe('validation_error');
    expect(error.details).toEqual({ field: 'url' });
    return 'refused';
  }
}

const expected = (kind: Kind, allowPrivateNetwork: boolean) =>
  kind === 'forbidden' || (kind === 'private' && !allowPrivateNetwork) ? 'refused' : 'accepted';

describe.each([
  ['an MCP server URL', checkServerUrl],
  ['a webhook URL', checkWebhookUrl],
])('%s', (_what, check) => {
  it.each(forms)(
    'with %s (%s): refused or accepted as the rule says, with and without private networks',
    async (host, kind) => {
      expect({ host, without: await verdict(check, host, false), with: await verdict(check, host, true) }).toEqual({
        host,
        without: expected(kind, false),
        with: expected(kind, true),
      });
    },
  );
});

describe('the refusal message', () => {
  it('says a forbidden address is never called, even where private networks are allowed', async () => {
    await expect(checkServerUrl('https://0xa9fea9fe/latest', { allowPrivateNetwork: true })).rejects.toThrow(
      'url is refused: 169.254.169.254 is a link-local (cloud metadata) address, which svc-hr never calls, even ' +
        'where private networks are allowed',
    );
    await expect(checkWebhookUrl('https://[::ffff:169.254.169.254]/', { allowPrivateNetwork: true })).rejects.toThrow(
      'url is refused: [::ffff:a9fe:a9fe] is a link-local (cloud metadata) address, which svc-hr never calls',
    );
    await expect(checkServerUrl('https://metadata.google.internal./', { allowPrivateNetwork: true })).rejects.toThrow(
      'url is refused: metadata.google.internal. is the name of a cloud metadata service, which svc-hr never calls',
    );
  });

  it('says a private address needs the operator flag', async () => {
    await expect(checkServerUrl('https://127.1/mcp', { allowPrivateNetwork: false })).rejects.toThrow(
      'url is refused: 127.0.0.1 is a private, loopback or otherwise internal address (loopback); private ' +
        'networks are not allowed on this server',
    );
  });
});
