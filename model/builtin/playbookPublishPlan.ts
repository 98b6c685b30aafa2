/**
 * "Ask everyone to acknowledge the travel policy": in the Playbook, acknowledgement is asked by publishing a version
 * that requires it (every employee in its scope is then asked, once). So the model finds the policy by its title,
 * reads it (get_playbook_document: its draft and whether the draft asks for acknowledgement) and proposes
 * publish_playbook_document of a draft that does, which waits for approval. With no such draft it says what is
 * there instead of publishing something else: everyone was already asked for the current version, or nothing asks.
 */

import { isHrUser } from './hrRoles';
import { findPolicy } from './playbookPlan';
import {
  type Plan,
  type PlanContext,
  type TurnResult,
  callTools,
  dataOf,
  reply,
  resultsOf,
  wasDeclined,
} from './planTypes';
import { failedRead } from './summariseLists';
import type { WorkplaceRequest } from './workplaceIntents';

interface Version {
  number: number;
  requiresAcknowledgement: boolean;
}
interface PlaybookDocument {
  id: string;
  current: (Version & { title: string }) | null;
  draft: (Version & { title: string }) | null;
}

/** Plans "ask <people> to acknowledge <policy>". */
export function planAskAcknowledgement(w: WorkplaceRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const published = resultsOf(results, 'publish_playbook_document')[0];
  if (published) {
    if (wasDeclined(published)) return reply('Nothing was done: the draft is not published.');
    if (!published.ok) return reply(failedRead('publish the policy', published));
    const data = dataOf<{ document: PlaybookDocument; acknowledgementRequests: number }>(published);
    const current = data.document.current;
    const asked = data.acknowledgementRequests === 1 ? '1 person' : `${data.acknowledgementRequests} people`;
    return reply(
      `Published version ${current?.number ?? ''} of “${current?.title ?? 'the policy'}”: ${asked} asked to acknowledge it.`,
    );
  }
  if (!isHrUser(ctx)) {
    return reply(
      'Sorry, only HR (HR managers, admins and owners) publish policies, which is how acknowledgement is asked.',
    );
  }
  const found = findPolicy(w, results, ctx);
  if ('plan' in found) return found.plan;
  const { policy } = found;
  const read = resultsOf(results, 'get_playbook_document')[0];
  if (!read) return callTools(ctx, [{ tool: 'get_playbook_document', arguments: { id: policy.id } }]);
  if (!read.ok) return reply(failedRead(`read “${policy.title}”`, read));
  const doc = dataOf<{ document: PlaybookDocument }>(read).document;
  if (doc.draft?.requiresAcknowledgement) {
    return callTools(
      ctx,
      [{ tool: 'publish_playbook_document', arguments: { id: doc.id } }],
      `I'll publish version ${doc.draft.number} of “${doc.draft.title}”: it asks everyone in its scope to acknowledge it.`,
    );
  }
  if (doc.draft) {
    return reply(
      `The draft of “${policy.title}” (version ${doc.draft.number}) does not ask for acknowledgement: set that on the ` +
        'draft first, then ask me again to publish it.',
    );
  }
  if (doc.current?.requiresAcknowledgement) {
    return reply(
      `Everyone in scope was asked to acknowledge “${policy.title}” when version ${doc.current.number} was published; ` +
        'a new version asks again. Ask me who has not acknowledged it yet.',
    );
  }
  return reply(`“${policy.title}” does not ask for acknowledgement, and it has no draft to publish that would.`);
}
