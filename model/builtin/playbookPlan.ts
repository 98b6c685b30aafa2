/**
 * "Who still has not acknowledged the travel policy": the policy found by its title among the Playbook's policies
 * (list_playbook_documents), then list_playbook_unacknowledged of it, in words. A title that matches no policy, or
 * several, is said with the titles to choose from; a policy that asks for no acknowledgement is said so, since the
 * read would refuse it.
 */

import { quotedList, titleMatches } from './namedThings';
import { type Plan, type PlanContext, type TurnResult, ask, callTools, dataOf, reply, resultsOf } from './planTypes';
import { failedRead } from './summariseLists';
import type { WorkplaceRequest } from './workplaceIntents';

export interface PolicySummary {
  id: string;
  title: string;
  currentVersion: number | null;
  requiresAcknowledgement: boolean;
}
interface Unacknowledged {
  versionNumber: number;
  total: number;
  employees: { name: string }[];
}

const SHOWN = 30;

function summariseUnacknowledged(policy: PolicySummary, data: Unacknowledged): string {
  const what = `version ${data.versionNumber} of “${policy.title}”`;
  if (data.total === 0) return `Everyone asked (among the people you can see) has acknowledged ${what}.`;
  const names = data.employees.slice(0, SHOWN).map((e) => e.name);
  const more = data.total - names.length;
  const count = data.total === 1 ? '1 person has' : `${data.total} people have`;
  return `${count} not acknowledged ${what} yet: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
}

/** The policy a request names, found by its title among the Playbook's policies; or the step that reads or asks. */
export function findPolicy(
  w: WorkplaceRequest,
  results: TurnResult[],
  ctx: PlanContext,
): { plan: Plan } | { policy: PolicySummary } {
  const listed = resultsOf(results, 'list_playbook_documents')[0];
  if (!listed) {
    return { plan: callTools(ctx, [{ tool: 'list_playbook_documents', arguments: { kind: 'policy', limit: 200 } }]) };
  }
  if (!listed.ok) return { plan: reply(failedRead('read the Playbook’s policies', listed)) };
  const policies = dataOf<{ documents: PolicySummary[] }>(listed).documents;
  const found = titleMatches(policies, w.title ?? '', (p) => p.title);
  if (found.length === 1) return { policy: found[0]! };
  const titles = (found.length > 1 ? found : policies).slice(0, 10).map((p) => p.title);
  if (titles.length === 0) return { plan: reply('The Playbook has no policy you can see.') };
  const lead =
    found.length > 1
      ? `Several policies match “${w.title}”: ${quotedList(titles)}.`
      : `I found no policy titled “${w.title ?? ''}” in the Playbook.`;
  return { plan: ask('document', `${lead} Which policy do you mean?`, titles) };
}

/** Plans "who has not acknowledged <policy>". */
export function planUnacknowledged(w: WorkplaceRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const found = findPolicy(w, results, ctx);
  if ('plan' in found) return found.plan;
  const { policy } = found;
  if (policy.currentVersion === null)
    return reply(`“${policy.title}” is not published yet: no one is asked to acknowledge it.`);
  if (!policy.requiresAcknowledgement)
    return reply(`“${policy.title}” does not ask for acknowledgement, so there is no one to chase.`);
  const done = resultsOf(results, 'list_playbook_unacknowledged')[0];
  if (!done)
    return callTools(ctx, [{ tool: 'list_playbook_unacknowledged', arguments: { id: policy.id, limit: 200 } }]);
  if (!done.ok) return reply(failedRead(`read who has not acknowledged “${policy.title}”`, done));
  return reply(summariseUnacknowledged(policy, dataOf<Unacknowledged>(done)));
}
