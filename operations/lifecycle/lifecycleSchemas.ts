import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import {
  MAX_DUE_OFFSET_DAYS,
  MAX_TEMPLATE_TASKS,
  taskAssignees,
  type LifecycleKind,
} from '../../engines/lifecycle/templateTasks';
import { IsoDateString } from '../leave/leaveSchemas';

/** What every operation of the Onboarding and Offboarding areas shares (company-api.md). */
export function lifecycleOperation(kind: LifecycleKind) {
  return {
    credentials: companyCredentialKinds,
    errorStyle: 'company',
    tag: kind === 'onboarding' ? 'Company API: Onboarding' : 'Company API: Offboarding',
  } as const;
}

export const IdParam = z.object({ id: z.uuid().describe('the id') });

export const PageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50'),
  cursor: z.uuid().optional().describe('nextCursor of the previous page'),
};

export const TemplateTaskBody = z.strictObject({
  title: z.string().trim().min(1).max(200).describe('what to do'),
  description: z.string().trim().max(2000).optional(),
  assignee: z
    .enum(taskAssignees)
    .describe(
      'who does it: new_hire (onboarding) or leaver (offboarding) for the person, manager (their manager; HR when ' +
        'they have none), hr (anyone in HR), employee (assigneeEmployeeId)',
    ),
  assigneeEmployeeId: z.uuid().optional().describe('the employee, when assignee is employee'),
  dueOffsetDays: z
    .number()
    .int()
    .min(-MAX_DUE_OFFSET_DAYS)
    .max(MAX_DUE_OFFSET_DAYS)
    .describe('due this many days after the anchor date (start date or last day); negative: before'),
});

export const templateFields = {
  name: z.string().trim().min(1).max(200).describe('unique per kind in the workspace'),
  departmentId: z.uuid().nullable().optional().describe('the department it is for; null: everyone'),
  isDefault: z.boolean().optional().describe('used for new processes of its department (or everyone)'),
  tasks: z
    .array(TemplateTaskBody)
    .min(1)
    .max(MAX_TEMPLATE_TASKS)
    .describe(`1 to ${MAX_TEMPLATE_TASKS} tasks, in order`),
};

export const TemplateTaskView = z.object({
  title: z.string(),
  description: z.string().optional(),
  assignee: z.enum(taskAssignees),
  assigneeEmployeeId: z.string().optional(),
  dueOffsetDays: z.number().int(),
});

export const TemplateView = z.object({
  id: z.uuid(),
  kind: z.enum(['onboarding', 'offboarding']),
  name: z.string(),
  departmentId: z.uuid().nullable(),
  isDefault: z.boolean(),
  tasks: z.array(TemplateTaskView),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ProcessStatus = z.enum(['ACTIVE', 'COMPLETED', 'CANCELLED']);
export const TaskStatus = z.enum(['OPEN', 'DONE', 'SKIPPED']);

export const ProcessView = z.object({
  id: z.uuid(),
  kind: z.enum(['onboarding', 'offboarding']),
  employeeId: z.uuid(),
  employeeName: z.string(),
  anchorDate: z.string().describe('onboarding: the start date; offboarding: the last day'),
  status: ProcessStatus,
  source: z.string().describe('hire, new_employee, manual or termination'),
  templateId: z.uuid().nullable().describe('null: the built-in list'),
  offerId: z.uuid().nullable(),
  reason: z.string().nullable().optional().describe('offboarding: why the person leaves (HR and the person only)'),
  deactivatedAt: z
    .string()
    .nullable()
    .describe('offboarding: when the last day was acted on (user deactivated, credentials revoked)'),
  revokedCredentials: z.number().int().nullable(),
  completedAt: z.string().nullable(),
  workflowId: z.string().nullable().describe('its Temporal workflow; null until it first ran'),
  taskCounts: z.object({ open: z.number().int(), done: z.number().int(), skipped: z.number().int() }),
  createdAt: z.string(),
});

export const TaskView = z.object({
  id: z.uuid(),
  processId: z.uuid(),
  kind: z.enum(['onboarding', 'offboarding']),
  employeeId: z.uuid().describe('the person the process is about'),
  employeeName: z.string(),
  position: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  assigneeEmployeeId: z.uuid().nullable().describe('null: HR’s task'),
  assigneeName: z.string().nullable(),
  dueDate: z.string(),
  status: TaskStatus,
  completedAt: z.string().nullable(),
  completedByUserId: z.uuid().nullable(),
});

export const ProcessWithTasks = z.object({
  process: ProcessView,
  tasks: z.array(TaskView).describe('all of them, or only yours when you do not see the person'),
});

export { IsoDateString };
