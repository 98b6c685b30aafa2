/**
 * "Post a welcome message for Carol": a Social post that welcomes the person, to an audience the user may post to.
 * HR (HR managers, admins, owners) post to the whole workspace; anyone else to their own department, found from
 * their row in list_people and its id in list_departments. The person is looked up by name for their full name and
 * job; a name several people share is asked about; a name the user cannot see (an employee sees only themself) is
 * welcomed as written.
 */

import { isHrUser } from './hrRoles';
import { findPerson, type ListedPerson } from './peopleLookup';
import { peopleNamed } from './namedThings';
import {
  type Plan,
  type PlanContext,
  type TurnResult,
  ask,
  callTools,
  dataOf,
  reply,
  resultsOf,
  wasDeclined,
} from './planTypes';
import { failedRead } from './summariseLists';
import type { WorkplaceRequest } from './workplaceIntents';

/** The text of the post: who is welcomed, with their job and department when the user can see them. */
export function welcomeText(name: string, person: ListedPerson | undefined): string {
  if (!person) return `Please join me in welcoming ${name}! We're glad to have you with us.`;
  const first = person.name.split(' ')[0] ?? person.name;
  const role = person.jobTitle ? `, ${person.jobTitle}${person.department ? ` in ${person.department}` : ''}` : '';
  return `Please join me in welcoming ${person.name}${role}! We're glad to have you with us, ${first}.`;
}

/** Plans "post a welcome message for <person>". */
export function planWelcomePost(w: WorkplaceRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const posted = resultsOf(results, 'create_social_post')[0];
  if (posted) {
    if (wasDeclined(posted)) return reply('Nothing was done: the welcome message is not posted.');
    if (!posted.ok) return reply(failedRead('post the welcome message', posted));
    const audience = posted.arguments.audience === 'all' ? 'everyone' : 'your department';
    return reply(`Posted to ${audience}: “${String(posted.arguments.text)}”`);
  }
  if (!w.person) return ask('person', 'Who is the welcome message for?');
  const hr = isHrUser(ctx);
  const mine = (people: ListedPerson[]) => hr || peopleNamed(people, ctx.user.name).length > 0;
  const found = findPerson(w.person, results, ctx, mine);
  if ('plan' in found) return found.plan;
  if (found.people.length > 1) {
    return ask(
      'person',
      `Which ${w.person} do you mean?`,
      found.people.slice(0, 10).map((p) => p.name),
    );
  }
  const text = welcomeText(w.person, found.people[0]);
  if (hr) {
    return callTools(
      ctx,
      [{ tool: 'create_social_post', arguments: { audience: 'all', text } }],
      `I'll post to everyone: “${text}”`,
    );
  }
  const department = peopleNamed(found.all, ctx.user.name)[0]?.department;
  if (!department) return reply("Sorry, you're in no department, and only HR posts to the whole workspace.");
  const listed = resultsOf(results, 'list_departments')[0];
  if (!listed) return callTools(ctx, [{ tool: 'list_departments', arguments: { limit: 200 } }]);
  if (!listed.ok) return reply(failedRead('read the departments', listed));
  const id = dataOf<{ departments: { id: string; name: string }[] }>(listed).departments.find(
    (d) => d.name === department,
  )?.id;
  if (!id) return reply(`I couldn't find your department, ${department}, to post to.`);
  return callTools(
    ctx,
    [{ tool: 'create_social_post', arguments: { audience: 'department', departmentId: id, text } }],
    `I'll post to ${department}: “${text}”`,
  );
}
