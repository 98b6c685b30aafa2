import type { OutboundPolicy } from '../network/outboundAddress';
import { checkOutboundUrl } from '../network/outboundUrl';

/**
 * Checks a webhook URL before it is stored or enabled again: the outbound URL rule (network/outboundUrl.ts). The
 * same address rule runs again at each delivery, after DNS resolution (engines/webhooks/post.ts).
 */
export function checkWebhookUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  return checkOutboundUrl(raw, policy, { example: 'https://example.com/hooks' });
}
