/**
 * Plans of the part-4 requests (workplaceIntents.ts): the reads answer after their lookup (who has not acknowledged
 * a policy; headcount; turnover); the writes look their document, item and people up and then propose the calls
 * that wait for approval (signature requests, an assignment, a post).
 */

import { planAnalytics } from './analyticsPlan';
import type { Intent, Understanding } from './intents';
import { planAssignItem } from './inventoryPlan';
import { planUnreadMessages } from './messagesPlan';
import type { Plan, PlanContext, TurnResult } from './planTypes';
import { planUnacknowledged } from './playbookPlan';
import { planAskAcknowledgement } from './playbookPublishPlan';
import { planSignatures } from './signaturePlan';
import { planWelcomePost } from './welcomePlan';

/** What each part-4 request needs from the catalogue (its lookups and its call), and how a refusal names it. */
export const WORKPLACE_NEEDS: Partial<Record<Intent, { tools: string[]; what: string; capability: string }>> = {
  requestSignatures: {
    tools: ['list_signature_requests', 'list_people', 'create_signature_request'],
    what: 'send documents for signature',
    capability: 'e-signatures',
  },
  unacknowledged: {
    tools: ['list_playbook_documents', 'list_playbook_unacknowledged'],
    what: 'tell who has not acknowledged a policy',
    capability: 'the Playbook',
  },
  assignItem: {
    tools: ['list_inventory_items', 'list_people', 'assign_inventory_item'],
    what: 'assign inventory items',
    capability: 'inventory',
  },
  welcomePost: {
    tools: ['list_people', 'create_social_post'],
    what: 'post welcome messages',
    capability: 'posting to the social feed',
  },
  headcount: { tools: ['get_headcount_analytics'], what: 'report headcount', capability: 'analytics' },
  turnover: { tools: ['get_headcount_analytics'], what: 'report turnover', capability: 'analytics' },
  askAcknowledgement: {
    tools: ['list_playbook_documents', 'get_playbook_document', 'publish_playbook_document'],
    what: 'ask for acknowledgements',
    capability: 'publishing to the Playbook',
  },
  unreadMessages: { tools: ['list_conversations'], what: 'read your messages', capability: 'messages' },
};

/** Plans a part-4 request. */
export function planWorkplaceRequest(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const w = u.workplace ?? {};
  switch (u.intent) {
    case 'requestSignatures':
      return planSignatures(w, results, ctx);
    case 'unacknowledged':
      return planUnacknowledged(w, results, ctx);
    case 'assignItem':
      return planAssignItem(w, results, ctx);
    case 'welcomePost':
      return planWelcomePost(w, results, ctx);
    case 'turnover':
      return planAnalytics('turnover', w, results, ctx);
    case 'unreadMessages':
      return planUnreadMessages(results, ctx);
    case 'askAcknowledgement':
      return planAskAcknowledgement(u.workplace ?? {}, results, ctx);
    default:
      return planAnalytics('headcount', w, results, ctx);
  }
}
