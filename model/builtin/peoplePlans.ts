/**
 * Plans of the people-process requests (peopleIntents.ts). The reads answer at once ("what are my onboarding
 * tasks", "which certificates expire this quarter", "how is my Q3 goal going"); the writes look the thing up first
 * and then propose the one call that waits for approval ("mark the laptop setup task done" → the task of that name,
 * "move Jane Doe to the interview stage" → her active application, "enrol me in the first-aid course" → the course
 * of that name). Nothing found, or more than one, is said plainly rather than guessed.
 */

import { formatDayWithYear } from './calendar';
import { namingWords, type PeopleRequest } from './peopleIntents';
import type { Understanding } from './intents';
import { type Plan, type PlanContext, type TurnResult, callTools, dataOf, reply, resultsOf } from './planTypes';
import { failedRead } from './summariseLists';
import { isHrUser } from './hrRoles';

interface Task {
  id: string;
  title: string;
  dueDate: string;
  status: string;
  employeeName: string;
}
interface Application {
  id: string;
  openingTitle: string;
  stage: string;
  candidate: { name: string };
}
interface Certification {
  name: string;
  kind: string;
  employeeName: string;
  expiryDate: string | null;
  required: boolean;
}
interface Course {
  id: string;
  title: string;
}
interface Goal {
  title: string;
  period: string;
  status: string;
  progress: number;
  employeeName: string;
  keyResults: { title: string; currentValue: number; targetValue: number; unit: string | null; progress: number }[];
}

/** How well `title` matches the naming words of a request: how many of them it holds (0: none). */
function matchScore(words: string[], title: string): number {
  const have = new Set(namingWords(title.toLowerCase()).map((w) => w.replace(/s$/, '')));
  return words.filter((w) => have.has(w.replace(/s$/, ''))).length;
}

/** The items whose title holds the most of `words`: one (found), several (ambiguous) or none. */
function bestMatches<T>(items: T[], words: string[], titleOf: (item: T) => string): T[] {
  const scored = items.map((item) => ({ item, score: matchScore(words, titleOf(item)) }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  return best === 0 ? [] : scored.filter((s) => s.score === best).map((s) => s.item);
}

function quoted(items: string[]): string {
  const names = items.map((i) => `“${i}”`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** A task as a line; whose process it is, unless it is the user's own. */
function taskLine(task: Task, ctx: PlanContext): string {
  const whose = task.employeeName && task.employeeName !== ctx.user.name ? `, for ${task.employeeName}` : '';
  return `- ${task.title} (due ${formatDayWithYear(task.dueDate)}${whose})`;
}

/** "What are my onboarding tasks": the open tasks assigned to the user. */
export function planProcessTasks(p: PeopleRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const kind = p.process ?? 'onboarding';
  const tool = `list_${kind}_tasks`;
  const done = resultsOf(results, tool)[0];
  if (!done) {
    const args = { assignee: p.assignee ?? 'me', ...(p.status ? { status: p.status } : {}) };
    return callTools(ctx, [{ tool, arguments: args }]);
  }
  if (!done.ok) return reply(failedRead(`read your ${kind} tasks`, done));
  const tasks = dataOf<{ tasks: Task[] }>(done).tasks;
  if (tasks.length === 0) return reply(`You have no open ${kind} tasks.`);
  const count = tasks.length === 1 ? `one open ${kind} task` : `${tasks.length} open ${kind} tasks`;
  return reply(`You have ${count}:\n${tasks.map((t) => taskLine(t, ctx)).join('\n')}`);
}

/** "Mark the laptop setup task done": the user's open task of that name (HR: also HR's), then its completion. */
export function planCompleteTask(p: PeopleRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const kind = p.process ?? 'onboarding';
  const listTool = `list_${kind}_tasks`;
  const completeTool = `complete_${kind}_task`;
  const completed = resultsOf(results, completeTool)[0];
  if (completed) {
    if (!completed.ok) return reply(failedRead('mark the task done', completed));
    const task = dataOf<{ task?: Task }>(completed).task;
    return reply(`Done: “${task?.title ?? 'the task'}” is marked complete.`);
  }
  const reads = resultsOf(results, listTool);
  const mine = reads[0];
  if (!mine) return callTools(ctx, [{ tool: listTool, arguments: { assignee: 'me' } }]);
  if (!mine.ok) return reply(failedRead(`read your ${kind} tasks`, mine));
  const words = (p.words ?? '').split(' ').filter(Boolean);
  let tasks = dataOf<{ tasks: Task[] }>(mine).tasks;
  let found = bestMatches(tasks, words, (t) => t.title);
  // HR also does the tasks nobody in particular is assigned (`assignee=hr`).
  if (found.length === 0 && isHrUser(ctx) && reads.length === 1) {
    return callTools(ctx, [{ tool: listTool, arguments: { assignee: 'hr' } }]);
  }
  if (found.length === 0 && reads[1]?.ok) {
    tasks = [...tasks, ...dataOf<{ tasks: Task[] }>(reads[1]).tasks];
    found = bestMatches(tasks, words, (t) => t.title);
  }
  if (words.length === 0 || found.length === 0) {
    if (tasks.length === 0) return reply(`You have no open ${kind} tasks to mark done.`);
    return reply(`Which task do you mean? Your open ${kind} tasks: ${quoted(tasks.map((t) => t.title))}.`);
  }
  if (found.length > 1) return reply(`That matches several tasks: ${quoted(found.map((t) => t.title))}. Which one?`);
  const task = found[0]!;
  return callTools(
    ctx,
    [{ tool: completeTool, arguments: { id: task.id } }],
    `I'll mark “${task.title}”${task.employeeName !== ctx.user.name ? ` (${kind} of ${task.employeeName})` : ''} done.`,
  );
}

/** "Move Jane Doe to the interview stage": her active application, then the move. */
export function planMoveCandidate(p: PeopleRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const moved = resultsOf(results, 'move_application_stage')[0];
  if (moved) {
    if (!moved.ok) return reply(failedRead('move the application', moved));
    const application = dataOf<{ application: Application }>(moved).application;
    return reply(
      `${application.candidate.name} is now at the ${application.stage} stage for ${application.openingTitle}.`,
    );
  }
  const listed = resultsOf(results, 'list_applications')[0];
  if (!listed) return callTools(ctx, [{ tool: 'list_applications', arguments: { limit: 200 } }]);
  if (!listed.ok) return reply(failedRead('read the applications', listed));
  const name = (p.candidate ?? '').toLowerCase();
  const active = dataOf<{ applications: Application[] }>(listed).applications.filter((a) =>
    ['applied', 'screening', 'interview', 'offer'].includes(a.stage),
  );
  const exact = active.filter((a) => a.candidate.name.toLowerCase() === name);
  const found = exact.length > 0 ? exact : active.filter((a) => a.candidate.name.toLowerCase().includes(name));
  if (found.length === 0) return reply(`I found no active application of ${p.candidate} that you can see.`);
  if (found.length > 1) {
    const where = quoted(found.map((a) => `${a.candidate.name}, ${a.openingTitle}`));
    return reply(`That matches several applications: ${where}. Which one?`);
  }
  const application = found[0]!;
  if (application.stage === p.stage) {
    return reply(`${application.candidate.name} is already at the ${p.stage} stage for ${application.openingTitle}.`);
  }
  return callTools(
    ctx,
    [{ tool: 'move_application_stage', arguments: { id: application.id, stage: p.stage } }],
    `I'll move ${application.candidate.name} (${application.openingTitle}) from ${application.stage} to ${p.stage}.`,
  );
}

/** "Which certificates expire this quarter": those still valid that expire within the window. */
export function planExpiringCertificates(p: PeopleRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const done = resultsOf(results, 'list_certifications')[0];
  if (!done) {
    const args = p.expired
      ? { expired: 'true', limit: 200 }
      : { expiresBefore: p.expiresBefore, expired: 'false', limit: 200 };
    return callTools(ctx, [{ tool: 'list_certifications', arguments: args }]);
  }
  if (!done.ok) return reply(failedRead('read the certificates', done));
  const expiring = dataOf<{ certifications: Certification[] }>(done)
    .certifications.filter((c) => c.expiryDate !== null)
    .sort((a, b) => a.expiryDate!.localeCompare(b.expiryDate!));
  if (p.expired) {
    if (expiring.length === 0) return reply('No certificate you can see has expired.');
    const gone = expiring.map(
      (c) => `- ${c.name} (${c.kind}) of ${c.employeeName}: expired ${formatDayWithYear(c.expiryDate!)}`,
    );
    return reply(
      `${gone.length === 1 ? 'One certificate has' : `${gone.length} certificates have`} expired:\n${gone.join('\n')}`,
    );
  }
  if (expiring.length === 0) return reply(`No certificate you can see expires ${p.window}.`);
  const lines = expiring.map(
    (c) =>
      `- ${c.name} (${c.kind}) of ${c.employeeName}: expires ${formatDayWithYear(c.expiryDate!)}${c.required ? ', required' : ''}`,
  );
  const count = expiring.length === 1 ? 'One certificate expires' : `${expiring.length} certificates expire`;
  return reply(`${count} ${p.window}:\n${lines.join('\n')}`);
}

/** "Enrol me in the first-aid course": the active course of that name, then the enrolment. */
export function planEnrol(p: PeopleRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const enrolled = resultsOf(results, 'create_enrolment')[0];
  const listed = resultsOf(results, 'list_courses')[0];
  if (enrolled) {
    if (!enrolled.ok) return reply(failedRead('enrol you', enrolled));
    const title = listed?.ok
      ? dataOf<{ courses: Course[] }>(listed).courses.find((c) => c.id === enrolled.arguments.courseId)?.title
      : undefined;
    return reply(`You're enrolled${title ? ` in “${title}”` : ''}.`);
  }
  if (!listed) return callTools(ctx, [{ tool: 'list_courses', arguments: { active: 'true', limit: 200 } }]);
  if (!listed.ok) return reply(failedRead('read the courses', listed));
  const courses = dataOf<{ courses: Course[] }>(listed).courses;
  const found = bestMatches(courses, (p.words ?? '').split(' ').filter(Boolean), (c) => c.title);
  if (found.length === 0) {
    const offer = courses.length ? ` The courses are ${quoted(courses.slice(0, 10).map((c) => c.title))}.` : '';
    return reply(`I found no course of that name.${offer}`);
  }
  if (found.length > 1) return reply(`That matches several courses: ${quoted(found.map((c) => c.title))}. Which one?`);
  const course = found[0]!;
  return callTools(
    ctx,
    [{ tool: 'create_enrolment', arguments: { courseId: course.id } }],
    `I'll enrol you in “${course.title}”.`,
  );
}

function goalLine(goal: Goal): string {
  const results = goal.keyResults.map(
    (kr) =>
      `  - ${kr.title}: ${kr.currentValue} of ${kr.targetValue}${kr.unit ? ` ${kr.unit}` : ''} (${kr.progress} %)`,
  );
  const status = goal.status === 'ACTIVE' ? '' : `, ${goal.status.toLowerCase()}`;
  return [`- ${goal.title} (${goal.period}): ${goal.progress} % done${status}`, ...results].join('\n');
}

/** "How is my Q3 goal going": the user's goals of that period with their key results. */
export function planGoals(p: PeopleRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const done = resultsOf(results, 'list_goals')[0];
  if (!done) {
    const args = { ...(p.period ? { period: p.period } : {}), ...(p.status ? { status: p.status } : {}) };
    return callTools(ctx, [{ tool: 'list_goals', arguments: args }]);
  }
  if (!done.ok) return reply(failedRead('read your goals', done));
  // A manager's list holds the team's goals too: the question is about the user's own.
  const goals = dataOf<{ goals: Goal[] }>(done).goals.filter((g) => g.employeeName === ctx.user.name);
  const when = p.period ? ` for ${p.period}` : '';
  if (goals.length === 0) return reply(`You have no goals${when}.`);
  return reply(`Your goals${when}:\n${goals.map(goalLine).join('\n')}`);
}

/** Plans a people-process request. */
export function planPeopleRequest(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const p = u.people ?? {};
  switch (u.intent) {
    case 'processTasks':
      return planProcessTasks(p, results, ctx);
    case 'completeTask':
      return planCompleteTask(p, results, ctx);
    case 'moveCandidate':
      return planMoveCandidate(p, results, ctx);
    case 'expiringCertificates':
      return planExpiringCertificates(p, results, ctx);
    case 'enrol':
      return planEnrol(p, results, ctx);
    default:
      return planGoals(p, results, ctx);
  }
}
