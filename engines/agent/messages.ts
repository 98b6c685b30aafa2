import type { AgentMessage as ModelMessage, MessageAttachment } from '../../model/types';
import type { Db } from '../../db/handle';
import { withUnansweredCallsClosed } from './unansweredCalls';
import { uuidv7 } from '../../db/uuidv7';

/** The roles a thread's messages take: those of the model's conversation (model/types.ts). */
export type MessageRole = ModelMessage['role'];

interface MessageRow {
  id: string;
  runId: string | null;
  seq: number;
  role: string;
  text: string | null;
  data: unknown;
  createdAt: Date;
}

/** A message as get_agent_thread answers it. */
export interface MessageView {
  id: string;
  runId?: string;
  seq: number;
  role: string;
  text?: string;
  data?: unknown;
  createdAt: string;
}

export function toMessageView(row: MessageRow): MessageView {
  return {
    id: row.id,
    ...(row.runId ? { runId: row.runId } : {}),
    seq: row.seq,
    role: row.role,
    ...(row.text !== null ? { text: row.text } : {}),
    ...(row.data !== null && row.data !== undefined ? { data: row.data } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Appends a message at the end of its thread. Only the thread's active run (or the send that starts it) writes to
 * a thread, under the run's or the thread's row lock, so the next position is free.
 */
export async function appendMessage(
  tx: Db,
  at: { tenantId: string; threadId: string; runId: string },
  role: MessageRole,
  content: { text?: string | undefined; data?: Record<string, unknown> | undefined },
): Promise<{ id: string; seq: number }> {
  // One statement, one round trip: the next position, the row and the thread's updatedAt (as Prisma's @updatedAt
  // stamps it, the client's time). The id is a UUIDv7, as the schema's default makes.
  const id = uuidv7();
  const data = content.data === undefined ? null : JSON.stringify(content.data);
  const [added] = await tx.$queryRaw<Array<{ seq: number }>>`
    WITH next AS (SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM agent_messages WHERE thread_id = ${at.threadId}::uuid),
    added AS (
      INSERT INTO agent_messages (id, tenant_id, thread_id, run_id, seq, role, text, data)
      SELECT ${id}::uuid, ${at.tenantId}::uuid, ${at.threadId}::uuid, ${at.runId}::uuid, next.seq, ${role},
             ${content.text ?? null}, ${data}::jsonb
        FROM next
      RETURNING seq
    ),
    touched AS (UPDATE agent_threads SET updated_at = ${new Date()} WHERE id = ${at.threadId}::uuid RETURNING id)
    SELECT added.seq FROM added LEFT JOIN touched ON true`;
  return { id, seq: added!.seq };
}

/** The thread's messages in order, as rows. */
export async function listMessages(db: Db, threadId: string): Promise<MessageRow[]> {
  return db.agentMessage.findMany({ where: { threadId }, orderBy: { seq: 'asc' } });
}

/**
 * The thread's conversation as the model reads it; `attachments` (by message id) are the files user messages
 * reference, with their text (engines/attachments/attachmentText.ts). Calls an earlier run left without results read
 * as not run (unansweredCalls.ts).
 */
export function toModelMessages(
  rows: readonly MessageRow[],
  attachments: ReadonlyMap<string, MessageAttachment[]> = new Map(),
): ModelMessage[] {
  return withUnansweredCallsClosed(rows.flatMap(toModelMessage));

  function toModelMessage(row: MessageRow): ModelMessage[] {
    const data = (row.data ?? {}) as Record<string, unknown>;
    switch (row.role) {
      case 'user': {
        const files = attachments.get(row.id);
        return [{ role: 'user', text: row.text ?? '', ...(files?.length ? { attachments: files } : {}) }];
      }
      case 'assistant':
        return [{ role: 'assistant', text: row.text ?? '' }];
      case 'question':
        return [
          {
            role: 'question',
            text: row.text ?? '',
            ...(Array.isArray(data.choices) ? { choices: data.choices as string[] } : {}),
          },
        ];
      case 'assistant_tool_calls':
        return [
          {
            role: 'assistant_tool_calls',
            calls: (data.calls ?? []) as Extract<ModelMessage, { role: 'assistant_tool_calls' }>['calls'],
            ...(row.text !== null ? { text: row.text } : {}),
          },
        ];
      case 'tool':
        return [
          {
            role: 'tool',
            toolCallId: String(data.toolCallId),
            tool: String(data.tool),
            ok: data.ok === true,
            result: data.result,
          },
        ];
      default:
        return [];
    }
  }
}
