/**
 * Replies after the company API's people reads: who one's manager is, who is in a team, one's notifications. Only
 * what the tool answered (the caller's visibility already applied), as short text.
 */

import { sentence } from './leaveViews';
import { type PlanContext, type TurnResult, dataOf } from './planTypes';

const MAX_NAMES = 12;

function names(list: string[]): string {
  const shown = list.slice(0, MAX_NAMES);
  const more = list.length - shown.length;
  if (shown.length === 1) return shown[0]!;
  const last = more > 0 ? `${more} more` : shown.pop()!;
  return `${shown.join(', ')} and ${last}`;
}

interface PersonRow {
  name: string;
  manager: string | null;
}

/** From list_people: the row of the user themself (by name), and its manager. */
export function summariseManager(result: TurnResult, ctx: PlanContext): string {
  const people = dataOf<{ people: PersonRow[] }>(result).people ?? [];
  const self = people.find((p) => p.name === ctx.user.name);
  if (!self) return "I couldn't find your own record among the people you may see.";
  return self.manager ? `Your manager is ${self.manager}.` : 'You have no manager on record.';
}

interface TeamRow {
  id: string;
  name: string;
  memberCount: number;
}

/** The team of list_teams the user meant: the one whose name is the one asked, or the only one found. */
export function chooseTeam(result: TurnResult, asked: string): TeamRow | TeamRow[] {
  const teams = dataOf<{ teams: TeamRow[] }>(result).teams ?? [];
  const exact = teams.find((t) => t.name.toLowerCase() === asked.toLowerCase());
  if (exact) return exact;
  return teams.length === 1 ? teams[0]! : teams;
}

export function summariseNoTeam(asked: string, found: TeamRow[]): string {
  if (found.length === 0) return sentence(`I found no team called ${asked}`);
  return sentence(`Several teams match "${asked}": ${names(found.map((t) => t.name))}. Which one did you mean`).replace(
    /\.$/,
    '?',
  );
}

/** From get_team: its members as far as the user may see them, and the whole team's count. */
export function summariseTeam(result: TurnResult): string {
  const { team, members } = dataOf<{
    team: { name: string; memberCount: number };
    members: Array<{ name: string }>;
  }>(result);
  const who = members.map((m) => m.name);
  if (who.length === 0) {
    return sentence(
      `The ${team.name} team has ${team.memberCount} member${team.memberCount === 1 ? '' : 's'}, none of them visible to you`,
    );
  }
  const hidden = team.memberCount - who.length;
  return sentence(`The ${team.name} team: ${names(who)}`) + (hidden > 0 ? ` (${hidden} more you may not see.)` : '');
}

/** From list_my_notifications: the unread count and the latest titles. */
export function summariseNotifications(result: TurnResult): string {
  const { notifications, unreadCount } = dataOf<{
    notifications: Array<{ title: string; readAt: string | null }>;
    unreadCount: number;
  }>(result);
  if (notifications.length === 0) return 'You have no notifications.';
  const rows = notifications.map((n) => `- ${n.readAt ? '' : '(new) '}${n.title}`);
  return `You have ${unreadCount} unread notification${unreadCount === 1 ? '' : 's'}. The latest:\n${rows.join('\n')}`;
}
