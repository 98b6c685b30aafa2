/**
 * A person a request names ("Bob"), found among the people the user sees through list_people: the lookup the
 * workplace plans share (assigning an item, a welcome post, signers).
 */

import { peopleNamed } from './namedThings';
import { pagedRead } from './pagedReads';
import { type Plan, type PlanContext, type TurnResult, reply } from './planTypes';
import { failedRead } from './summariseLists';

export interface ListedPerson {
  id: string;
  name: string;
  jobTitle: string;
  department: string | null;
  status: string;
  /** Their manager's name, as list_people gives it. */
  manager?: string | null;
}

/**
 * The people `name` names among those the user sees, page by page (until they and whatever `also` looks for are
 * found): one, several to ask about, or none; with every person read.
 */
export function findPerson(
  name: string,
  results: TurnResult[],
  ctx: PlanContext,
  also: (people: ListedPerson[]) => boolean = () => true,
): { plan: Plan } | { people: ListedPerson[]; all: ListedPerson[] } {
  const read = pagedRead<ListedPerson>(
    results,
    ctx,
    'list_people',
    { limit: 200 },
    'people',
    (people) => peopleNamed(people, name).length > 0 && also(people),
  );
  if (read.kind === 'call') return { plan: read.plan };
  if (read.kind === 'failed') return { plan: reply(failedRead('look up the people', read.result)) };
  return { people: peopleNamed(read.items, name).filter((p) => p.status !== 'terminated'), all: read.items };
}
