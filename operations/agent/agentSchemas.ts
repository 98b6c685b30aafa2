import { z } from 'zod';
import { runStatuses } from '../../engines/agent/runStates';

/** The zod schemas the agent operations share (agent resources are camelCase, DESIGN.md section 5). */

export const RunIdParams = z.object({ id: z.uuid().describe('the run id') });
export const ThreadIdParams = z.object({ id: z.uuid().describe('the thread id') });

export const Thread = z.object({
  id: z.uuid().describe('the thread id'),
  title: z.string().describe('the title given at creation'),
  createdAt: z.string().describe('ISO 8601 UTC'),
  updatedAt: z.string().describe('ISO 8601 UTC; the time of its latest message'),
});

export const Message = z.object({
  id: z.uuid().describe('the message id'),
  runId: z.uuid().optional().describe('the run the message belongs to'),
  seq: z.number().int().describe('position in the thread, from 1'),
  role: z
    .string()
    .describe(
      'user, assistant, question (the agent asks), assistant_tool_calls (the agent calls tools) or tool (a result)',
    ),
  text: z.string().optional().describe('the text, for user, assistant and question messages'),
  data: z.unknown().optional().describe("tool calls, a tool result, or a question's choices"),
  createdAt: z.string().describe('ISO 8601 UTC'),
});

export const Action = z.object({
  id: z.uuid().describe('the action id'),
  tool: z.string().describe('the tool the agent wants to call'),
  system: z.string().describe('the system the call goes to: svc-hr, or an allow-listed MCP server'),
  description: z.string().describe('what the call does'),
  arguments: z.record(z.string(), z.unknown()).describe('the arguments the call would send'),
  status: z.string().describe('pending, approved, rejected, expired, cancelled, executing, succeeded or failed'),
  comment: z.string().optional().describe('the comment given with the decision'),
});

export const RequiredAction = z.union([
  z.object({
    kind: z.literal('approval').describe('writes wait for approval'),
    actions: z.array(Action).describe('the actions to decide'),
  }),
  z.object({
    kind: z.literal('question').describe('the agent asks a question'),
    question: z.object({
      id: z.uuid().describe('the question id'),
      text: z.string().describe('the question'),
      choices: z.array(z.string()).optional().describe('suggested answers'),
    }),
  }),
]);

export const Run = z.object({
  id: z.uuid().describe('the run id'),
  threadId: z.uuid().describe('the thread the run answers in'),
  status: z
    .enum(runStatuses)
    .describe('queued, in_progress, requires_action, cancelling, completed, failed, cancelled or expired'),
  requiredAction: RequiredAction.optional().describe('what the run waits for, while requires_action'),
  createdAt: z.string().describe('ISO 8601 UTC'),
  updatedAt: z.string().describe('ISO 8601 UTC'),
  completedAt: z.string().optional().describe('ISO 8601 UTC, once the run is over'),
  error: z
    .object({ code: z.string(), message: z.string() })
    .optional()
    .describe('why the run failed, expired or was cancelled'),
});

export const RunAnswer = z.object({ run: Run.describe('the run after the call') });

export const DecisionBody = z.strictObject({
  decision: z.enum(['approve', 'reject']).describe('approve runs the action; reject tells the agent you declined'),
  comment: z.string().trim().max(1000).optional().describe('a note for the agent and the audit trail'),
});
