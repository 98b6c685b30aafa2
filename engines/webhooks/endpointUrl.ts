import { AppError } from '../appError';
import { PrivateAddressError, resolvePublicAddresses } from '../network/privateAddress';

/**
 * Checks a webhook URL before it is stored: absolute, https (http only where private networks are allowed, for
 * local development and tests), no credentials in it, and a host whose every address is public unless the operator
 * allows private networks. The same address check runs again at each delivery (engines/webhooks/post.ts).
 */
export async function checkWebhookUrl(raw: string, opts: { allowPrivateNetwork: boolean }): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('validation_error', 'url must be an absolute URL such as https://example.com/hooks', {
      field: 'url',
    });
  }
  const invalid = (message: string) => new AppError('validation_error', message, { field: 'url' });
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && opts.allowPrivateNetwork)) {
    throw invalid(
      opts.allowPrivateNetwork
        ? 'url must use https or http'
        : 'url must use https (http only when the operator allows private networks)',
    );
  }
  if (url.username || url.password) throw invalid('url must not carry a user name or password');
  if (url.hash) throw invalid('url must not have a #fragment');
  if (opts.allowPrivateNetwork) return url;
  try {
    await resolvePublicAddresses(url.hostname);
  } catch (error) {
    if (error instanceof PrivateAddressError) {
      throw invalid(`url is refused: ${error.message}; private networks are not allowed on this server`);
    }
    throw invalid(`url is refused: its host ${url.hostname} does not resolve (${(error as Error).message})`);
  }
  return url;
}
