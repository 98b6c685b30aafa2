/**
 * Why a call through a connector did not produce a result. `retryable` failures are transport failures: the
 * workflow's retry sends the call again with the same idempotency key (to this replica or to whichever holds the
 * connector's socket by then). A tool's own error is not one of these: it is a result with isError.
 */
export class ConnectorCallError extends Error {
  constructor(
    readonly type: 'connector_disconnected' | 'connector_unresponsive' | 'adapter_unreachable' | 'call_misrouted',
    message: string,
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'ConnectorCallError';
  }
}
