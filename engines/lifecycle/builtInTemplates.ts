import type { LifecycleKind, TemplateTask } from './templateTasks';

/** The tasks a process gets when its tenant has no template of its kind (docs/company-api.md, Onboarding). */
export const builtInTemplates: Record<LifecycleKind, { name: string; tasks: TemplateTask[] }> = {
  onboarding: {
    name: 'Built-in onboarding',
    tasks: [
      { title: 'Sign the employment contract', assignee: 'new_hire', dueOffsetDays: -3 },
      { title: 'Set up the laptop', assignee: 'hr', dueOffsetDays: 0 },
      { title: 'Create the accounts (email, chat, HR platform)', assignee: 'hr', dueOffsetDays: 0 },
      { title: 'Plan the first week with the new hire', assignee: 'manager', dueOffsetDays: 0 },
    ],
  },
  offboarding: {
    name: 'Built-in offboarding',
    tasks: [
      { title: 'Hand over knowledge and open work', assignee: 'leaver', dueOffsetDays: -5 },
      { title: 'Hold the exit interview', assignee: 'hr', dueOffsetDays: -2 },
      { title: 'Prepare the final pay inputs', assignee: 'hr', dueOffsetDays: -1 },
      { title: 'Return the equipment', assignee: 'leaver', dueOffsetDays: 0 },
    ],
  },
};
