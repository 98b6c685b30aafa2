import { z } from 'zod';

/**
 * The tasks of a lifecycle template (LifecycleTemplate.tasks, a JSON array): who does each and how many days from
 * the anchor date (onboarding: the start date; offboarding: the last day) it is due. The shape is checked here,
 * once, for what the API takes and for what is read back from the database.
 */
export const lifecycleKinds = ['onboarding', 'offboarding'] as const;
export type LifecycleKind = (typeof lifecycleKinds)[number];

export const taskAssignees = ['new_hire', 'leaver', 'manager', 'hr', 'employee'] as const;
export type TaskAssignee = (typeof taskAssignees)[number];

/** Tasks are due at most a year either side of the anchor date. */
export const MAX_DUE_OFFSET_DAYS = 365;
export const MAX_TEMPLATE_TASKS = 100;

export const TemplateTask = z.object({
  title: z.string(),
  description: z.string().optional(),
  assignee: z.enum(taskAssignees),
  assigneeEmployeeId: z.string().optional(),
  dueOffsetDays: z.number().int(),
});
export type TemplateTask = z.infer<typeof TemplateTask>;

/** The person the process is about: a new hire on onboarding, a leaver on offboarding. */
export function personAssignee(kind: LifecycleKind): TaskAssignee {
  return kind === 'onboarding' ? 'new_hire' : 'leaver';
}

/** The template tasks stored in the database (written through the API's schema, so a failure here is a bug). */
export function storedTemplateTasks(tasks: unknown): TemplateTask[] {
  return z.array(TemplateTask).parse(tasks);
}
