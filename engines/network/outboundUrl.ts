import { AppError } from '../appError';
import {
  RefusedAddressError,
  resolveAllowedAddresses,
  systemResolve,
  type OutboundPolicy,
  type Resolve,
} from './outboundAddress';

/** What differs between the URLs svc-hr calls out to (an MCP server, a webhook endpoint): the words of the errors. */
export interface OutboundUrlWording {
  /** An example of a good URL, for the "absolute URL" error. */
  example: string;
  /** Added to the "no user name or password" error: where credentials go instead. */
  credentialsHint?: string;
}

/** The error a URL refused by the outbound policy answers, when stored or when connecting. */
export function refusedUrlError(error: RefusedAddressError): AppError {
  const message = error.always
    ? `url is refused: ${error.message}`
    : `url is refused: ${error.message}; private networks are not allowed on this server`;
  return new AppError('validation_error', message, { field: 'url' });
}

/**
 * Checks a URL svc-hr will call, when it is stored (and when a stored one is turned on again): absolute, https
 * (http only where private networks are allowed, for local development and tests), no credentials or fragment in
 * it, and a host that is not a cloud metadata name and whose every address the outbound policy allows
 * (outboundAddress.ts). The same address rule runs again at every connection. Throws validation_error on `url`.
 */
export async function checkOutboundUrl(
  raw: string,
  policy: OutboundPolicy,
  wording: OutboundUrlWording,
  resolve: Resolve = systemResolve,
): Promise<URL> {
  const invalid = (message: string) => new AppError('validation_error', message, { field: 'url' });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`url must be an absolute URL such as ${wording.example}`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowPrivateNetwork)) {
    throw invalid(
      policy.allowPrivateNetwork
        ? 'url must use https or http'
        : 'url must use https (plain http only when the operator allows private networks)',
    );
  }
  if (url.username || url.password) {
    throw invalid(`url must not carry a user name or password${wording.credentialsHint ?? ''}`);
  }
  if (url.hash) throw invalid('url must not have a #fragment');
  try {
    await resolveAllowedAddresses(url.hostname, policy, resolve);
  } catch (error) {
    if (error instanceof RefusedAddressError) throw refusedUrlError(error);
    throw invalid(`url is refused: its host ${url.hostname} does not resolve (${(error as Error).message})`);
  }
  return url;
}
