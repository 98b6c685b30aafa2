/**
 * Who a call acts for, sent with every outbound MCP call (DESIGN.md section 5): as HTTP headers, which a gateway in
 * front of the server can log and check, and as the JSON-RPC `params._meta["svc-hr/attribution"]`, which reaches
 * the tool itself. `Idempotency-Key` is the action's own key (`<runId>:<actionId>`), so every retry of one approved
 * call sends the same one and the server can refuse a repeat.
 */
export interface AttributionSource {
  tenantId: string;
  /** The run's user: the person the agent acts for. */
  userId: string;
  runId: string;
  actionId: string;
  idempotencyKey: string;
}

export const attributionMetaKey = 'svc-hr/attribution';

export interface Attribution {
  headers: Record<string, string>;
  meta: Record<string, unknown>;
}

export function attributionOf(source: AttributionSource): Attribution {
  return {
    headers: {
      'X-Svc-Hr-Tenant': source.tenantId,
      'X-Svc-Hr-User': source.userId,
      'X-Svc-Hr-Run': source.runId,
      'X-Svc-Hr-Action': source.actionId,
      'Idempotency-Key': source.idempotencyKey,
    },
    meta: {
      [attributionMetaKey]: {
        tenant: source.tenantId,
        user: source.userId,
        run: source.runId,
        action: source.actionId,
        idempotencyKey: source.idempotencyKey,
      },
    },
  };
}
