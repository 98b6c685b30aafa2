import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { ConnectorCallError } from '../lib/connector/callErrors';
import type { ConnectorToolCall, OutboundToolResult } from '../lib/connector/queue';

/**
 * The `callConnectorTool` activity of one connector's queue: forwards the call over the socket this replica holds.
 * Transport failures become retryable ApplicationFailures (the retry carries the same idempotency key); a call
 * that names another connector was misrouted and fails for good. Heartbeats while waiting, so a workflow that set a
 * heartbeat timeout notices a replica that died mid-call.
 */
export function callConnectorToolFor(
  connectorId: string,
  call: (call: ConnectorToolCall) => Promise<OutboundToolResult>,
): (input: ConnectorToolCall) => Promise<OutboundToolResult> {
  return async (input) => {
    if (input.connectorId !== connectorId) {
      throw ApplicationFailure.nonRetryable(
        `A call for connector ${input.connectorId} reached the queue of ${connectorId}`,
        'call_misrouted',
      );
    }
    const ctx = Context.current();
    const beat = setInterval(() => ctx.heartbeat(), 2000);
    try {
      return await Promise.race([call(input), ctx.cancelled]);
    } catch (error) {
      if (error instanceof ConnectorCallError) {
        throw ApplicationFailure.create({ message: error.message, type: error.type, nonRetryable: !error.retryable });
      }
      throw error;
    } finally {
      clearInterval(beat);
    }
  };
}
