import type { LifecycleKind } from './templateTasks';

/**
 * The lifecycle engine's port to the durable process of an onboarding or offboarding (the Temporal workflow
 * `lifecycleProcess`, `onboarding/<tenant>/<id>` or `offboarding/<tenant>/<id>`): it reminds the assignees of open
 * tasks, ends when the process does, and on an offboarding's last day deactivates the leaver. The engine commits,
 * then starts or tells the workflow through this port (temporal/ports/lifecycleProcessPort.ts).
 */
export interface LifecycleProcessRef {
  tenantId: string;
  processId: string;
  kind: LifecycleKind;
}

export interface LifecycleProcessPort {
  /** Starts the workflow of a process and answers its id; starting it twice, or once it ran, is harmless. */
  start(ref: LifecycleProcessRef): Promise<string>;
  /** A task or the process changed (done, skipped, cancelled): the workflow reads the process again. */
  notify(ref: LifecycleProcessRef): Promise<void>;
}

type Log = { warn(obj: object, msg: string): void };

/**
 * Starts a process's workflow after its commit. A failure is logged and left to the worker's reconciler
 * (temporal/worker/processReconciler.ts): the workflow records its own id on the row when it first runs, so a
 * process without one has no workflow yet. Answers whether the start went through.
 */
export async function startLifecycleWorkflow(
  port: LifecycleProcessPort | undefined,
  ref: LifecycleProcessRef,
  log?: Log,
): Promise<boolean> {
  if (!port) return false;
  try {
    await port.start(ref);
    return true;
  } catch (err) {
    log?.warn({ err, ...ref }, 'lifecycle process workflow not started; the reconciler will see to it');
    return false;
  }
}

/** Tells a process's workflow that it changed; a failure is logged (its timers read the process again anyway). */
export async function notifyLifecycleWorkflow(
  port: LifecycleProcessPort | undefined,
  ref: LifecycleProcessRef,
  log?: Log,
): Promise<void> {
  if (!port) return;
  try {
    await port.notify(ref);
  } catch (err) {
    log?.warn({ err, ...ref }, 'lifecycle process workflow not told of a change');
  }
}
