import { parseArgs } from 'node:util';
import type { Config } from '../../config/env';
import { startConnector } from '../../connector/connector';
import { kindOfSecret } from '../../engines/tokens/secret';
import { version } from '../../package.json';
import { lineLog } from '../runtime/log';
import { waitForShutdown } from '../runtime/shutdown';

const httpUrl = (value: string | undefined): URL | undefined => {
  try {
    const url = value ? new URL(value) : undefined;
    return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
  } catch {
    return undefined;
  }
};

/**
 * `svc-hr connector --base-url URL --pairing-token T --adapter-url URL` (or SVC_HR_CONNECTOR_*): runs the outbound
 * connector until SIGINT or SIGTERM. Exits 2 on bad settings, 1 when the service refuses the token (revoked or
 * unknown: restarting cannot help), 0 when stopped.
 */
export async function runConnector(config: Config, argv: string[]): Promise<number> {
  const log = lineLog('connector');
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      'pairing-token': { type: 'string' },
      'adapter-url': { type: 'string' },
    },
  });
  const baseUrl = values['base-url'] ?? config.connector.baseUrl;
  const pairingToken = values['pairing-token'] ?? config.connector.pairingToken;
  const adapterUrl = values['adapter-url'] ?? config.connector.adapterUrl;
  const problems = [
    !httpUrl(baseUrl) && '--base-url (SVC_HR_CONNECTOR_BASE_URL) must be the https URL of the service',
    (!pairingToken || kindOfSecret(pairingToken) !== 'connector_pairing_token') &&
      '--pairing-token (SVC_HR_CONNECTOR_PAIRING_TOKEN) must be the hrc_ token shown when the connector was added',
    !httpUrl(adapterUrl) &&
      '--adapter-url (SVC_HR_CONNECTOR_ADAPTER_URL) must be the http(s) URL of the local MCP adapter',
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length > 0) {
    for (const problem of problems) log(problem);
    return 2;
  }
  if (httpUrl(baseUrl)!.protocol === 'http:') {
    log('warning: the base URL is plain http; use https outside local development');
  }
  const connector = startConnector({
    baseUrl: baseUrl!,
    pairingToken: pairingToken!,
    adapterUrl: adapterUrl!,
    log,
    version,
  });
  log(`dialing ${new URL(baseUrl!).origin} for the adapter at ${adapterUrl}`);
  const outcome = await Promise.race([waitForShutdown(log).then(() => connector.stop()), connector.finished]);
  return outcome === 'stopped' ? 0 : 1;
}
