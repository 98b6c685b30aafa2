import os from 'node:os';
import { NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { getWorkflowBundle } from './workflowBundle';

export interface BuildWorkerOptions {
  /** A connection the caller owns and closes, or an address: then the worker opens one and closes it when
   * `run()` ends. */
  connection: NativeConnection | { address: string };
  namespace: string;
  taskQueue: string;
  /** The activity functions, from createActivities. */
  activities: object;
  /** Shown in the Temporal UI and used as the heartbeat row id; default `<pid>@<hostname>/<taskQueue>`. */
  identity?: string | undefined;
  /** A prebuilt bundle; default: this process's cached bundle of workflows/index. */
  workflowBundle?: WorkflowBundleWithSourceMap | undefined;
}

/** The identity a worker gets when none is given: unique per process and task queue. */
export function defaultWorkerIdentity(taskQueue: string): string {
  return `${process.pid}@${os.hostname()}/${taskQueue}`;
}

/**
 * Builds (does not run) a worker for all workflows of workflows/index and the given activities on `taskQueue`.
 * Call `run()` to poll and `shutdown()` to stop; `run()` resolves once the worker has drained.
 */
export async function buildWorker(opts: BuildWorkerOptions): Promise<Worker> {
  const workflowBundle = opts.workflowBundle ?? (await getWorkflowBundle());
  const options = {
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    activities: opts.activities,
    identity: opts.identity ?? defaultWorkerIdentity(opts.taskQueue),
    workflowBundle,
  };
  if (opts.connection instanceof NativeConnection) return Worker.create({ ...options, connection: opts.connection });

  const connection = await NativeConnection.connect({ address: opts.connection.address });
  try {
    return await ConnectionOwningWorker.create({ ...options, connection });
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/**
 * A worker that closes its connection once `run()` has ended (the SDK does this only for connections it opened
 * itself to localhost). `Worker.create` constructs `this`, so the static factory builds this subclass.
 */
class ConnectionOwningWorker extends Worker {
  override async run(): Promise<void> {
    try {
      await super.run();
    } finally {
      await this.connection?.close();
    }
  }
}
