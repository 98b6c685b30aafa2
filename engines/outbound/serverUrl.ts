import { AppError } from '../appError';
import { PrivateAddressError, resolvePublicAddresses } from '../network/privateAddress';

/**
 * Checks an MCP server URL, when an admin stores it and again before every connection (a name that resolved to a
 * public address yesterday may point inside the network today): absolute, https (http only where private
 * networks are allowed, for local development and tests), no credentials or fragment in it, and every address
 * its host resolves to public unless the operator allows private networks (`SVC_HR_ALLOW_PRIVATE_NETWORK=1`).
 */
export async function checkServerUrl(raw: string, opts: { allowPrivateNetwork: boolean }): Promise<URL> {
  const invalid = (message: string) => new AppError('validation_error', message, { field: 'url' });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('url must be an absolute URL such as https://mcp.example.com/mcp');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && opts.allowPrivateNetwork)) {
    throw invalid(
      opts.allowPrivateNetwork
        ? 'url must use https or http'
        : 'url must use https (plain http only when the operator allows private networks)',
    );
  }
  if (url.username || url.password) throw invalid('url must not carry a user name or password; use headers');
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
