import { setTimeout as delay } from 'node:timers/promises';
import type { PrismaClient } from '../../db/prismaClient';
import type { Cluster } from './cluster';
import type { ChaosConnector } from './connector';
import type { Prng } from './prng';
import type { ChaosReceiver } from './receiver';

export const faultKinds = [
  'SIGKILL worker',
  'SIGKILL api',
  'SIGKILL temporal',
  'postgres connections cut',
  'receiver killed',
  'SIGKILL connector',
] as const;
export type FaultKind = (typeof faultKinds)[number];

/** The harness's own connections carry this application_name; pg_terminate_backend spares them. */
export const harnessApplicationName = 'svc-hr-chaos-harness';

/**
 * Injects one fault and restores what it broke after a seeded outage: a killed process (worker, API, Temporal dev
 * server) is started again (Temporal from its db file, on the same port), a killed receiver listens again on its
 * port, a killed connector is started again with its pairing token. The service's PostgreSQL connections are cut with pg_terminate_backend: its pool sets no application_name,
 * so the filter is the run's own database (fresh per run) minus the harness's connections.
 */
export async function injectFault(
  kind: FaultKind,
  deps: {
    cluster: Cluster;
    prisma: PrismaClient;
    database: string;
    receiver: ChaosReceiver;
    connector: ChaosConnector | undefined;
    prng: Prng;
  },
): Promise<string> {
  const outage = deps.prng.int(0, 2000);
  switch (kind) {
    case 'SIGKILL worker': {
      const index = deps.prng.int(0, 1);
      await deps.cluster.kill('worker', index);
      await delay(outage);
      await deps.cluster.restart('worker', index);
      return `worker ${index}, down ${outage} ms`;
    }
    case 'SIGKILL api': {
      const index = deps.prng.int(0, 1);
      await deps.cluster.kill('api', index);
      await delay(outage);
      await deps.cluster.restart('api', index);
      return `api ${index}, down ${outage} ms`;
    }
    case 'SIGKILL temporal':
      await deps.cluster.killTemporal();
      await delay(outage);
      await deps.cluster.restartTemporal();
      return `down ${outage} ms`;
    case 'postgres connections cut': {
      const cut = await deps.prisma.$queryRaw<Array<{ cut: boolean }>>`
        SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
        WHERE datname = ${deps.database} AND pid <> pg_backend_pid()
          AND application_name IS DISTINCT FROM ${harnessApplicationName}`;
      return `${cut.filter((c) => c.cut).length} connections`;
    }
    case 'receiver killed':
      await deps.receiver.crash();
      await delay(outage * 2);
      await deps.receiver.restart();
      return `down ${outage * 2} ms`;
    case 'SIGKILL connector':
      if (!deps.connector) return 'no connector in this run';
      await deps.connector.kill();
      await delay(outage);
      await deps.connector.restart();
      return `down ${outage} ms`;
  }
}
