import { Client as PgClient } from 'pg';
import type { PrismaClient } from '../../db/prismaClient';
import { webhookDeliveryChannel } from '../../engines/webhooks/outbox';
import { webhookDeliveryWords } from '../../engines/workflowSummaries';
import type { WebhookDeliveryPort } from '../ports/webhookDeliveryPort';

/**
 * Starts a delivery workflow for every webhook outbox row that has none (engines/webhooks/outbox.ts). It runs in
 * each worker process: woken at once by the notice Postgres sends when an outbox row commits, and every
 * `intervalMs` anyway, so a missed notice, a worker that was down or a failed start only delays a delivery. Starts
 * are idempotent by workflow id, so two dispatchers (two workers) never send an event twice.
 */

export interface DispatchOptions {
  prisma: PrismaClient;
  port: WebhookDeliveryPort;
  /** At most this many rows per pass; the next pass takes the rest. Default 200. */
  batchSize?: number;
  /** How many workflow starts run at once. Default 8. */
  concurrency?: number;
  /** Told about each delivery whose workflow could not be started (it is tried again on the next pass). */
  onFailure?: (failure: { tenantId: string; deliveryId: string; error: unknown }) => void;
}

/** One pass: starts the missing workflows, oldest delivery first; answers how many were started and failed. */
export async function dispatchWebhookDeliveries(opts: DispatchOptions): Promise<{ started: number; failed: number }> {
  const rows = await opts.prisma.webhookDelivery.findMany({
    // A delivery cancelled before its start (its webhook was disabled) needs no workflow.
    where: { dispatchedAt: null, status: 'pending' },
    select: { id: true, tenantId: true, webhookId: true, eventType: true, createdAt: true },
    orderBy: { createdAt: 'asc' },
    take: opts.batchSize ?? 200,
  });
  const hooks = await webhooksInWords(opts.prisma, rows);
  let started = 0;
  let failed = 0;
  // A few starts at a time: a burst of events (a bulk import) should not wait one round trip per delivery.
  let next = 0;
  const startOne = async (): Promise<void> => {
    for (let row = rows[next++]; row; row = rows[next++]) {
      try {
        const hook = hooks.get(row.webhookId);
        await opts.port.start({
          tenantId: row.tenantId,
          deliveryId: row.id,
          webhookId: row.webhookId,
          eventType: row.eventType,
          ...(hook
            ? { summary: webhookDeliveryWords({ ...hook, eventType: row.eventType, createdAt: row.createdAt }) }
            : {}),
        });
        await opts.prisma.webhookDelivery.update({ where: { id: row.id }, data: { dispatchedAt: new Date() } });
        started += 1;
      } catch (error) {
        failed += 1;
        opts.onFailure?.({ tenantId: row.tenantId, deliveryId: row.id, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 8, rows.length) }, startOne));
  return { started, failed };
}

/**
 * What the summaries of a batch's workflows say of their webhooks: the endpoint, whose it is, and the tenant's time
 * zone (three short queries per pass). A failure leaves the summaries to the ids: it never holds a delivery up.
 */
async function webhooksInWords(
  prisma: PrismaClient,
  rows: Array<{ webhookId: string }>,
): Promise<Map<string, { url: string; owner: string | undefined; timeZone: string }>> {
  const found = new Map<string, { url: string; owner: string | undefined; timeZone: string }>();
  if (rows.length === 0) return found;
  try {
    const webhooks = await prisma.agentWebhook.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.webhookId))] } },
      select: { id: true, url: true, tenantId: true, createdByUserId: true },
    });
    const [users, tenants] = await Promise.all([
      prisma.user.findMany({
        where: { id: { in: [...new Set(webhooks.map((w) => w.createdByUserId))] } },
        select: { id: true, name: true },
      }),
      prisma.tenant.findMany({
        where: { id: { in: [...new Set(webhooks.map((w) => w.tenantId))] } },
        select: { id: true, timeZone: true },
      }),
    ]);
    const names = new Map(users.map((u) => [u.id, u.name]));
    const zones = new Map(tenants.map((t) => [t.id, t.timeZone]));
    for (const w of webhooks) {
      found.set(w.id, { url: w.url, owner: names.get(w.createdByUserId), timeZone: zones.get(w.tenantId) ?? 'UTC' });
    }
  } catch {
    // The summaries say the ids instead.
  }
  return found;
}

export interface WebhookDispatcher {
  /** Runs a pass soon (coalesced with one under way). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs passes until stop(): now, every `intervalMs`, and whenever `listenUrl`'s Postgres announces a new outbox
 * row (no LISTEN without a URL: the embedded database serves one connection). A failing pass (database down) is
 * reported to `onError` and the schedule goes on.
 */
export function startWebhookDispatcher(
  opts: DispatchOptions & {
    intervalMs: number;
    listenUrl?: string | undefined;
    onPass?: (result: { started: number; failed: number }) => void;
    onError: (error: unknown) => void;
  },
): WebhookDispatcher {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const pass = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = dispatchWebhookDeliveries(opts)
      .then((result) => {
        opts.onPass?.(result);
        // A full batch: there may be more waiting, so the next pass runs at once.
        if (result.started > 0 && result.started + result.failed >= (opts.batchSize ?? 200)) again = true;
      }, opts.onError)
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          pass();
        } else timer = setTimeout(pass, opts.intervalMs);
      });
  };

  let listener: PgClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  const listen = async (url: string): Promise<void> => {
    const client = new PgClient({ connectionString: url });
    const lost = (error?: unknown) => {
      if (listener !== client) return;
      listener = undefined;
      void client.end().catch(() => undefined);
      if (stopped) return;
      if (error) opts.onError(error);
      retry = setTimeout(() => void listen(url), 1_000);
      pass();
    };
    client.on('notification', () => pass());
    client.on('error', lost);
    client.on('end', () => lost());
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${webhookDeliveryChannel}`);
      pass();
    } catch (error) {
      lost(error);
    }
  };
  if (opts.listenUrl) void listen(opts.listenUrl);
  pass();

  return {
    wake: pass,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(retry);
      const current = listener;
      listener = undefined;
      await current?.end().catch(() => undefined);
      await running;
    },
  };
}
